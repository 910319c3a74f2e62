import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';

export interface OutgoingMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written (outbox mode only). */
  file?: string;
}

export interface Mailer {
  /** `smtp` when SMTP_URL is set, else `outbox` (.eml files in MAIL_OUTBOX_DIR). */
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

/** Sends over SMTP_URL, with bounded waits so a dead mail server cannot hang a request. */
function smtpMailer(config: Config): Mailer {
  const transport = nodemailer.createTransport({
    url: config.mail.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transport.sendMail({ from: config.mail.from, ...mail });
      return { messageId: String(info.messageId) };
    },
    close: () => transport.close(),
  };
}

/**
 * Builds each message with nodemailer's stream transport (the same MIME composer as SMTP) and
 * writes it as an RFC 822 `.eml` file (CRLF line ends) into MAIL_OUTBOX_DIR. The file appears
 * atomically (written under a temporary name, then renamed).
 */
function outboxMailer(config: Config): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  const dir = config.mail.outboxDir;
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from: config.mail.from, ...mail });
      const raw = info.message as unknown as Buffer;
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      const tmp = `${file}.tmp`;
      await fs.writeFile(tmp, raw, { mode: 0o600 });
      await fs.rename(tmp, file);
      return { messageId: String(info.messageId), file };
    },
    close: () => transport.close(),
  };
}

export function createMailer(config: Config): Mailer {
  return config.mail.smtpUrl ? smtpMailer(config) : outboxMailer(config);
}

/** An app's mailer (`ctx.mailer`, one transport per app), and a log line saying where mail goes. */
export function createAppMailer(config: Config, logger: Logger): Mailer {
  describeMailer(config, logger);
  return createMailer(config);
}

function describeMailer(config: Config, logger: Logger) {
  if (config.mail.smtpUrl) {
    const url = new URL(config.mail.smtpUrl);
    logger.info(
      `mail: sending over SMTP to ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    );
  } else {
    logger.info(`mail: no SMTP_URL, writing .eml files to ${config.mail.outboxDir}`);
  }
}
