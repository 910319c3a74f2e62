import type { OutgoingMail } from './mailer.js';
import { actionMail } from './actionMail.js';

/** The link a verification mail carries: `${APP_URL}/users/{id}/verify/{token}` (the web's verify page). */
export function verificationLink(appUrl: string, userId: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/users/${encodeURIComponent(userId)}/verify/${encodeURIComponent(token)}`;
}

export const VERIFICATION_SUBJECT = 'Verify your email for Samaa';

/** The verification mail: the same link in a text part and an HTML part. */
export function verificationMail(user: { name: string; email: string }, link: string): OutgoingMail {
  return actionMail({
    to: user,
    subject: VERIFICATION_SUBJECT,
    intro: {
      text: 'Welcome to Samaa! Please verify your email address by opening this link:',
      html: 'Welcome to Samaa! Please verify your email address:',
    },
    button: 'Verify email',
    link,
    footnote: 'The link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
  });
}
