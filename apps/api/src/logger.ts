import { pino, type Logger } from 'pino';

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

export function createLogger(level = 'info'): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}
