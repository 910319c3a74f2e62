import { PassThrough } from 'node:stream';
import { createLogger, type Logger } from '../logger.js';

/** A logger at `level` whose lines are kept, parsed, in `lines` (tests read what was logged). */
export function capturedLogger(level = 'info'): { logger: Logger; lines: Record<string, unknown>[] } {
  const out = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  out.on('data', (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    ),
  );
  return { logger: createLogger(level, out), lines };
}
