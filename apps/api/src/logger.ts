import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Paths never written to logs, whatever is logged. */
const REDACT = [
  'req.headers["x-auth-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  '*.password',
  'authToken',
  '*.authToken',
  'token',
  '*.token',
];

/** pino-pretty for a person at a terminal in development; JSON lines everywhere else. */
function prettyTransport() {
  if (!process.stdout.isTTY || process.env.NODE_ENV === 'production') return undefined;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined; // a production install without dev dependencies
  }
  return { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } };
}

/** `destination` defaults to standard output; tests pass a stream to read what was logged. */
export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' } };
  if (destination) return pino(options, destination);
  const transport = prettyTransport();
  return transport ? pino({ ...options, transport }) : pino(options);
}
