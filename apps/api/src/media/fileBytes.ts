import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Logger } from '../logger.js';

/** Bytes read from disk and written per step: a 256 KiB range goes out in four. */
export const CHUNK_BYTES = 64 * 1024;
/** Chunks kept for reuse: enough for 64 responses at once, 4 MB at most. */
const POOL_MAX = 64;
const pool: Buffer[] = [];

/**
 * Writes one chunk and resolves true once the socket has taken it (the chunk may then be reused),
 * or false if the response closed first (it may still be referenced: it is not reused).
 */
export function written(res: ServerResponse, chunk: Buffer): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const closed = () => resolve(false);
    res.once('close', closed);
    res.write(chunk, (err) => {
      res.off('close', closed);
      resolve(!err);
    });
  });
}

/**
 * Sends bytes start..end (inclusive) of a file, one pooled chunk at a time. fs.createReadStream
 * allocates a new buffer per read: under many concurrent ranges those buffers outlived the young
 * generation and piled up until a full collection, raising the API's peak; reused, they stay at
 * one per response being sent (docs/performance.md, "Figures behind the code").
 */
export async function sendFileBytes(res: ServerResponse, file: string, start: number, end: number, logger: Logger): Promise<void> {
  let chunk: Buffer | undefined;
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(file, 'r');
    chunk = pool.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
    for (let position = start; position <= end; ) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(CHUNK_BYTES, end - position + 1), position);
      // The file shrank under us: a short body must not pass for a whole one.
      if (bytesRead === 0) throw new Error('the file ended before the range did');
      if (!(await written(res, chunk.subarray(0, bytesRead)))) {
        chunk = undefined; // a listener seeking away closes the connection mid-stream: normal
        return;
      }
      position += bytesRead;
    }
    res.end();
  } catch (err) {
    logger.warn({ err, file }, 'media stream failed');
    res.destroy();
    chunk = undefined; // a read may have failed mid-write: not reused
  } finally {
    await handle?.close().catch(() => undefined);
    if (chunk && pool.length < POOL_MAX) pool.push(chunk);
  }
}
