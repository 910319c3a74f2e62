import { gzipSync, gunzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * A large JSON answer kept gzipped only (the JSON itself is unzipped on each use: few clients
 * lack gzip), with an ETag that stays the same across restarts: the tag the owner gives plus the
 * JSON's length. The gzip and the length are all there is to it, so the bytes kept on disk are
 * sent after a restart as they are, without being parsed.
 */
export interface PersistedBody {
  readonly gzip: Buffer;
  /** The JSON's length, part of the ETag. */
  readonly jsonLength: number;
  readonly etag: string;
  /** The JSON, unzipped now. */
  json(): Buffer;
}

/** A body from its kept parts (e.g. read back from disk). `tag` names the content and its version. */
export function persistedBody(tag: string, gzip: Buffer, jsonLength: number): PersistedBody {
  return {
    gzip,
    jsonLength,
    etag: `W/"${tag}-${jsonLength}"`,
    json: () => gunzipSync(gzip),
  };
}

/** Serialises and gzips `value` once; only the gzip is kept. */
export function encodePersistedBody(tag: string, value: unknown): PersistedBody {
  const json = Buffer.from(JSON.stringify(value));
  return persistedBody(tag, gzipSync(json), json.length);
}

/** Sends a persisted body: 304 when the client has it, gzipped when the client takes gzip. */
export function sendPersistedBody(req: Request, res: Response, body: PersistedBody): void {
  res.set({ ETag: body.etag, Vary: 'Accept-Encoding' }).type('json');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (req.acceptsEncodings('gzip') === 'gzip') res.set('Content-Encoding', 'gzip').send(body.gzip);
  else res.send(body.json());
}
