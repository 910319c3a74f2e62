import type { OutgoingMail } from './mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface ActionMail {
  to: { name: string; email: string };
  subject: string;
  /** The text part's sentence before the link, and the HTML part's. */
  intro: { text: string; html: string };
  button: string;
  link: string;
  footnote: string;
}

/** A mail that asks for one action: a link in a text part, and a button in an HTML part. */
export function actionMail({ to, subject, intro, button, link, footnote }: ActionMail): OutgoingMail {
  const text = [`Hello ${to.name},`, '', intro.text, '', link, '', footnote, '', 'Samaa'].join('\n');
  const html = `<!doctype html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f1f1f;">
    <p>Hello ${escapeHtml(to.name)},</p>
    <p>${escapeHtml(intro.html)}</p>
    <p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1db954; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(button)}</a></p>
    <p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
    <p style="color: #666666; font-size: 12px;">${escapeHtml(footnote)}</p>
  </body>
</html>
`;
  return { to: { name: to.name, address: to.email }, subject, text, html };
}
