import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * A JSON answer serialised once and sent many times: the body, its gzip (made on first demand)
 * and an ETag. Read models hand out the same objects until they change, so an answer built from
 * them is kept beside them (EncodedBodies) instead of being serialised per request.
 */
export interface EncodedBody {
  json: Buffer;
  etag: string;
  gzip(): Buffer;
}

// eslint-disable-next-line no-restricted-syntax -- process-wide counter: makes each body's ETag unique within this process
let made = 0;

export function encodeBody(value: unknown): EncodedBody {
  const json = Buffer.from(JSON.stringify(value));
  made += 1;
  let gzipped: Buffer | undefined;
  return {
    json,
    etag: `W/"b-${process.pid.toString(36)}-${made.toString(36)}-${json.length.toString(36)}"`,
    gzip: () => (gzipped ??= gzipSync(json)),
  };
}

/** Sends a kept body: 304 when the client has it, gzipped when the client takes gzip. */
export function sendEncoded(req: Request, res: Response, body: EncodedBody): void {
  res.set({ ETag: body.etag, Vary: 'Accept-Encoding' }).type('json');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (req.acceptsEncodings('gzip', 'identity') === 'gzip') res.set('Content-Encoding', 'gzip').send(body.gzip());
  else res.send(body.json);
}

/**
 * Bodies kept per read-model object (`owner`, e.g. a user's cached playlist list) and the
 * catalogue version they were made with (`with`): dropped with the owner, remade when either
 * changes.
 */
export class EncodedBodies<Owner extends object> {
  private readonly kept = new WeakMap<Owner, { with: object; body: EncodedBody }>();

  get(owner: Owner, withWhat: object, make: () => unknown): EncodedBody {
    const entry = this.kept.get(owner);
    if (entry && entry.with === withWhat) return entry.body;
    const body = encodeBody(make());
    this.kept.set(owner, { with: withWhat, body });
    return body;
  }
}

// eslint-disable-next-line no-restricted-syntax -- pure memo: a kept body's gzip, dropped with its owner
const gzippedOf = new WeakMap<object, Buffer>();

/**
 * `make()`'s body gzipped, made once per `owner` (a kept read-model answer) and kept as long as
 * the owner is.
 */
export function gzipOnce(owner: object, make: () => string): Buffer {
  let gzipped = gzippedOf.get(owner);
  if (!gzipped) {
    gzipped = gzipSync(make());
    gzippedOf.set(owner, gzipped);
  }
  return gzipped;
}

// eslint-disable-next-line no-restricted-syntax -- pure memo: a body's ETag, dropped with the body
const etags = new WeakMap<Buffer, string>();

/** The ETag `etagFn` (Express's) gives a kept body, worked out once per body instead of on every send. */
export function keptEtag(body: Buffer, etagFn: (body: Buffer) => string): string {
  let etag = etags.get(body);
  if (etag === undefined) {
    etag = etagFn(body);
    etags.set(body, etag);
  }
  return etag;
}

/**
 * Sends a kept gzipped body (`gzipOnce`) with the ETag Express would give it (`keptEtag`); a
 * matching If-None-Match still gets a 304.
 */
export function sendGzipped(res: Response, body: Buffer): void {
  res.set('Content-Encoding', 'gzip');
  const etagFn = res.app.get('etag fn') as ((body: Buffer) => string) | undefined;
  if (etagFn) res.set('ETag', keptEtag(body, etagFn));
  res.send(body);
}
