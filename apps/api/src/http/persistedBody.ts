import fs from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { nextTurn } from '../eventLoop.js';
import type { Request, Response } from 'express';

/**
 * A large JSON answer kept gzipped only (the JSON itself is unzipped as it is sent: few clients
 * lack gzip), with an ETag that stays the same across restarts: the tag the owner gives plus the
 * JSON's length. The gzip and the length are all there is to it, so the bytes kept on disk are
 * sent after a restart as they are, without being parsed, and without being read into memory.
 */
export interface PersistedBody {
  readonly gzipLength: number;
  /** The JSON's length, part of the ETag. */
  readonly jsonLength: number;
  readonly etag: string;
  /** The gzip's bytes, as a stream (a body kept in a file is read from it as it is sent). */
  gzip(): Readable;
  /** The gzip, when it is held in memory: sent in one write. */
  readonly held?: Buffer;
}

const etagOf = (tag: string, jsonLength: number) => `W/"${tag}-${jsonLength}"`;

/** A body from its gzip in memory. `tag` names the content and its version. */
export function persistedBody(tag: string, gzip: Buffer, jsonLength: number): PersistedBody {
  return { gzipLength: gzip.length, jsonLength, etag: etagOf(tag, jsonLength), gzip: () => Readable.from([gzip]), held: gzip };
}

const openFiles = new FinalizationRegistry<number>((fd) => fs.close(fd, () => undefined));

/**
 * Bytes read from the file at a time as a kept body is sent: each further read waits for a turn of
 * the event loop, which a restart's background work (the rescan, the views' restore) shares.
 */
const READ_CHUNK = 4 << 20;

/**
 * A body whose gzip lies in an open file (`fd`, from `start`, `gzipLength` bytes), read as each
 * send reads it: a large catalogue's body stays in the page cache, not in the process. The file
 * may be replaced meanwhile (a rename leaves this one open); `fd` is closed once the body is let go.
 */
export function persistedBodyInFile(tag: string, fd: number, start: number, gzipLength: number, jsonLength: number): PersistedBody {
  const body: PersistedBody = {
    gzipLength,
    jsonLength,
    etag: etagOf(tag, jsonLength),
    gzip() {
      let at = start;
      return new Readable({
        highWaterMark: READ_CHUNK,
        read() {
          // Read at once (the file was just read at the start, so from the page cache), not on the
          // thread pool: there the first full list waited behind a folder scan's reads. Reading
          // from `body` keeps it, and so its open file, while a send reads.
          const end = start + body.gzipLength;
          try {
            const chunk = Buffer.allocUnsafeSlow(Math.min(READ_CHUNK, end - at));
            if (chunk.length > 0 && fs.readSync(fd, chunk, 0, chunk.length, at) !== chunk.length) throw new Error('the kept body is cut short');
            at += chunk.length;
            if (chunk.length > 0) this.push(chunk);
            if (at >= end) this.push(null);
          } catch (err) {
            this.destroy(err as Error);
          }
        },
      });
    },
  };
  openFiles.register(body, fd);
  return body;
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
  const gzipped = req.acceptsEncodings('gzip') === 'gzip';
  if (gzipped) res.set({ 'Content-Encoding': 'gzip', 'Content-Length': String(body.gzipLength) });
  else res.set('Content-Length', String(body.jsonLength));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (gzipped && body.held) {
    res.end(body.held);
    return;
  }
  // A failed read ends the answer early: the client sees it cut short, as with a dropped connection.
  const done = () => undefined;
  if (gzipped) pipeline(body.gzip(), res, done);
  else pipeline(body.gzip(), createGunzip(), res, done);
}
