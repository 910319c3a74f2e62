import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A parsed mail plus its raw RFC 822 bytes. */
export interface ReceivedMail {
  raw: Buffer;
  parsed: Email;
  /** SMTP envelope recipients (SMTP only). */
  rcptTo?: string[];
  mailFrom?: string;
  /** The SMTP user that authenticated, if any. */
  authUser?: string;
}

/** The verification link (`.../users/{id}/verify/{token}`) in a text, or undefined. */
export function findVerificationLink(text: string | undefined): string | undefined {
  return /https?:\/\/[^\s"<>]+\/users\/[0-9a-f]{24}\/verify\/[0-9a-f]+/i.exec(text ?? '')?.[0];
}

/** The .eml files of an outbox folder, oldest first (names start with an ISO time stamp). */
export async function readOutbox(dir: string): Promise<(ReceivedMail & { file: string })[]> {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (f) => {
      const file = path.join(dir, f);
      const raw = fs.readFileSync(file);
      return { file, raw, parsed: await PostalMime.parse(raw) };
    }),
  );
}

export interface TestSmtpServer {
  /** smtp://user:pass@127.0.0.1:port */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message received (or one already waiting). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server (the smtp-server package) on loopback that keeps what it receives. */
export async function startSmtpServer(
  credentials = { user: 'samaa', pass: 'mail-secret' },
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let consumed = 0;
  const waiters: ((m: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === credentials.user && auth.password === credentials.pass)
        cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw).then(
          (parsed) => {
            const mail: ReceivedMail = {
              raw,
              parsed,
              rcptTo: session.envelope.rcptTo.map((r) => r.address),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
              authUser: typeof session.user === 'string' ? session.user : undefined,
            };
            received.push(mail);
            const waiter = waiters.shift();
            if (waiter) {
              consumed += 1;
              waiter(mail);
            }
            cb();
          },
          (err: Error) => cb(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    received,
    next(timeoutMs = 10_000) {
      if (consumed < received.length) return Promise.resolve(received[consumed++]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail received in time')), timeoutMs);
        waiters.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
