import http from 'node:http';

export type Outcome =
  | { kind: 'answer'; status: number; body: string; ms: number }
  | { kind: 'refused'; ms: number }
  /** The connection failed before any answer arrived. */
  | { kind: 'reset'; code: string; ms: number }
  /** The answer had begun and was cut off: the request was certainly in flight on the server. */
  | { kind: 'cut'; code: string; ms: number }
  | { kind: 'timeout'; ms: number };

/**
 * One request on its own connection (no keep-alive), so a failure says exactly what happened to
 * it: an answer, a refused connection (nothing listening), a reset before any answer, an answer
 * cut off midway, or no answer in time.
 */
export function requestOnce(
  url: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number },
): Promise<Outcome> {
  const started = Date.now();
  const body = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const req = http.request(
      {
        hostname,
        port,
        path: opts.path,
        method: opts.method ?? 'GET',
        agent: false,
        headers: {
          connection: 'close',
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ kind: 'answer', status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: Date.now() - started }),
        );
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ kind: 'cut', code: err.code ?? err.message, ms: Date.now() - started }));
        res.on('aborted', () => resolve({ kind: 'cut', code: 'aborted', ms: Date.now() - started }));
      },
    );
    req.setTimeout(opts.timeoutMs ?? 20_000, () => {
      resolve({ kind: 'timeout', ms: Date.now() - started });
      req.destroy();
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      const ms = Date.now() - started;
      resolve(err.code === 'ECONNREFUSED' ? { kind: 'refused', ms } : { kind: 'reset', code: err.code ?? err.message, ms });
    });
    req.end(body);
  });
}
