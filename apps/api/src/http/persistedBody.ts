import { createGzip, gunzipSync } from 'node:zlib';
import { nextTurn } from '../eventLoop.js';
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

/** Items serialised between two turns of the event loop by `encodePersistedList`. */
const ITEMS_PER_TURN = 2000;

/**
 * `{ [key]: items }` as a persisted body, made a slice of items per turn of the event loop and
 * compressed on the thread pool as it goes: a million songs never hold the event loop for the
 * whole JSON, nor its text and bytes in memory at once (hundreds of MB at that size). The JSON is
 * the text `JSON.stringify` gives.
 */
export async function encodePersistedList(tag: string, key: string, items: readonly unknown[]): Promise<PersistedBody> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  let jsonLength = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    jsonLength += bytes.length;
    if (!gzip.write(bytes)) await new Promise((resolve) => gzip.once('drain', resolve));
  };
  await write(`{${JSON.stringify(key)}:[`);
  for (let from = 0; from < items.length; from += ITEMS_PER_TURN) {
    const slice = JSON.stringify(items.slice(from, from + ITEMS_PER_TURN));
    await write((from > 0 ? ',' : '') + slice.slice(1, -1));
    await nextTurn();
  }
  await write(']}');
  gzip.end();
  await ended;
  return persistedBody(tag, Buffer.concat(chunks), jsonLength);
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
