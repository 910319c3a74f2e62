import type { OutgoingMail } from './mailer.js';

/** The link a verification mail carries: `${APP_URL}/users/{id}/verify/{token}` (SPEC §2). */
export function verificationLink(appUrl: string, userId: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/users/${encodeURIComponent(userId)}/verify/${encodeURIComponent(token)}`;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const VERIFICATION_SUBJECT = 'Verify your email for Samaa';

/** The verification mail: the same link in a text part and an HTML part. */
export function verificationMail(
  user: { name: string; email: string },
  link: string,
): OutgoingMail {
  const text = [
    `Hello ${user.name},`,
    '',
    'Welcome to Samaa! Please verify your email address by opening this link:',
    '',
    link,
    '',
    'The link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
    '',
    'Samaa',
  ].join('\n');
  const html = `<!doctype html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f1f1f;">
    <p>Hello ${escapeHtml(user.name)},</p>
    <p>Welcome to Samaa! Please verify your email address:</p>
    <p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1db954; color: #ffffff; text-decoration: none; border-radius: 4px;">Verify email</a></p>
    <p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
    <p style="color: #666666; font-size: 12px;">The link works once and expires in 24 hours. If you did not sign up, you can ignore this email.</p>
  </body>
</html>
`;
  return {
    to: { name: user.name, address: user.email },
    subject: VERIFICATION_SUBJECT,
    text,
    html,
  };
}
