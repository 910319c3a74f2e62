import { friendlyFieldErrors, GENDERS, registrationSchema, type Gender, type User } from '@samaa/shared';

export type RegistrationField = keyof User;
export type RegistrationValues = Record<RegistrationField, string>;
/** Every unmet rule per field (a password can break several at once). */
export type RegistrationErrors = Partial<Record<RegistrationField, string[]>>;

export const EMPTY_REGISTRATION: RegistrationValues = {
  name: '',
  email: '',
  password: '',
  gender: '',
};

export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  'non-binary': 'Non-binary',
};

export const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

/** The shared Joi schema's messages per field, worded for people; empty strings count as missing. */
export function validateRegistration(values: RegistrationValues): RegistrationErrors {
  const payload = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  return friendlyFieldErrors(registrationSchema, payload);
}
