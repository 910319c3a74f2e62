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

/** `destination` defaults to standard output; tests pass a stream to read what was logged. */
export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
