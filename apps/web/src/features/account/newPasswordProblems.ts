import { newPasswordSchema, PASSWORD_MESSAGES } from '@samaa/shared';

/** Every rule a new password breaks (the sign-up rules), and a mismatch with its confirmation. */
export function newPasswordProblems(password: string, confirmation: string): string[] {
  const { error } = newPasswordSchema.label('Password').validate(password, { abortEarly: false });
  const problems = error
    ? error.details.map((d) => d.message.replace(/^"Password"/, 'Password'))
    : [];
  if (password !== confirmation) problems.push(PASSWORD_MESSAGES.mismatch);
  return problems;
}
