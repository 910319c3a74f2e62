import type { OutgoingMail } from './mailer.js';
import { actionMail } from './actionMail.js';

/** `${APP_URL}/reset-password/{userId}/{token}`: the SPA page that sets the new password. */
export function passwordResetLink(appUrl: string, userId: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/reset-password/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`;
}

export const PASSWORD_RESET_SUBJECT = 'Reset your Samaa password';

export function passwordResetMail(user: { name: string; email: string }, link: string): OutgoingMail {
  return actionMail({
    to: user,
    subject: PASSWORD_RESET_SUBJECT,
    intro: {
      text: 'Someone asked to reset the password of your Samaa account. To choose a new one, open this link:',
      html: 'Someone asked to reset the password of your Samaa account.',
    },
    button: 'Choose a new password',
    link,
    footnote: 'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
  });
}
