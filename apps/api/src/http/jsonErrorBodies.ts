import http from 'node:http';
import type { RequestHandler } from 'express';

type Header = number | string | readonly string[];

function applyHeaders(res: http.ServerResponse, headers: unknown): void {
  if (!headers) return;
  if (Array.isArray(headers)) {
    // Node accepts [[name, value], ...] and the flat [name, value, name, value, ...].
    const pairs = Array.isArray(headers[0])
      ? (headers as [string, Header][])
      : Array.from({ length: headers.length / 2 }, (_, i) => [headers[2 * i], headers[2 * i + 1]] as [string, Header]);
    for (const [name, value] of pairs) res.setHeader(name, value);
    return;
  }
  for (const [name, value] of Object.entries(headers as Record<string, Header | undefined>)) {
    if (value !== undefined) res.setHeader(name, value);
  }
}

/** `{"message": ...}` as is; any other text becomes the message (or the status's reason). */
function asJsonMessage(text: string, status: number): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed?.message === 'string' && parsed.message) return JSON.stringify({ message: parsed.message });
  } catch {
    /* plain text */
  }
  return JSON.stringify({ message: text.trim() || http.STATUS_CODES[status] || 'Request failed' });
}

/**
 * For handlers that write raw Node responses (the tus server answers protocol errors such as
 * "Tus-Resumable Required" as text/plain): every 4xx/5xx answer leaves as JSON `{message}`, like
 * the rest of the API. Successful answers pass through untouched (and unbuffered).
 */
export const jsonErrorBodies: RequestHandler = (_req, res, next) => {
  const writeHead = res.writeHead.bind(res) as (status: number) => http.ServerResponse;
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  let status = 0;
  // Set while the original write/end run: Node then calls writeHead itself (implicit headers),
  // which happens for Express's own answers, already JSON; those pass straight through.
  let passing = false;
  const through = <T>(fn: () => T): T => {
    passing = true;
    try {
      return fn();
    } finally {
      passing = false;
    }
  };
  const chunks: Buffer[] = [];
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    chunk instanceof Uint8Array
      ? Buffer.from(chunk)
      : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');

  res.writeHead = ((code: number, ...rest: unknown[]) => {
    if (code < 400 || passing) return (writeHead as (...args: unknown[]) => http.ServerResponse)(code, ...rest);
    status = code;
    applyHeaders(res, typeof rest[0] === 'string' ? rest[1] : rest[0]);
    return res;
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    if (!status) return through(() => write(chunk as string, encoding as BufferEncoding, cb as () => void));
    if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
    if (typeof encoding === 'function') (encoding as () => void)();
    else if (typeof cb === 'function') (cb as () => void)();
    return true;
  }) as typeof res.write;

  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (!status) return through(() => end(chunk as string, encoding as BufferEncoding, cb as () => void));
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    const body = asJsonMessage(Buffer.concat(chunks).toString('utf8'), status);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    through(() => writeHead(status));
    const done = [chunk, encoding, cb].find((f) => typeof f === 'function') as (() => void) | undefined;
    return through(() => end(body, 'utf8', done));
  }) as typeof res.end;

  next();
};
