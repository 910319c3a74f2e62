import type { OutgoingMail } from './mailer.js';

/** `${APP_URL}/reset-password/{userId}/{token}`: the SPA page that sets the new password. */
export function passwordResetLink(appUrl: string, userId: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/reset-password/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`;
}

export const PASSWORD_RESET_SUBJECT = 'Reset your Samaa password';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function passwordResetMail(user: { name: string; email: string }, link: string): OutgoingMail {
  const text = [
    `Hello ${user.name},`,
    '',
    'Someone asked to reset the password of your Samaa account. To choose a new one, open this link:',
    '',
    link,
    '',
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
    '',
    'Samaa',
  ].join('\n');
  const html = `<!doctype html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f1f1f;">
    <p>Hello ${escapeHtml(user.name)},</p>
    <p>Someone asked to reset the password of your Samaa account.</p>
    <p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1db954; color: #ffffff; text-decoration: none; border-radius: 4px;">Choose a new password</a></p>
    <p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
    <p style="color: #666666; font-size: 12px;">The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.</p>
  </body>
</html>
`;
  return { to: { name: user.name, address: user.email }, subject: PASSWORD_RESET_SUBJECT, text, html };
}
