import type { Request, Response } from 'express';
import type { Logger } from '../logger.js';
import { CHUNK_BYTES, written } from '../media/fileBytes.js';
import { sendMediaFile } from '../media/mediaFile.js';
import type { Encode, EncodeJob } from './encodeJob.js';

/** A player's stream URL may carry its credentials, so shared caches must not keep the bytes. */
const PRIVATE_CACHE = 'private, max-age=86400';

/** Resolves when the encode has more bytes or ended, or the client left. */
function changedOrClosed(job: EncodeJob, res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      job.off('change', done);
      res.off('close', done);
      resolve();
    };
    job.once('change', done);
    res.once('close', done);
  });
}

/** Sends a live encode from its first byte as it grows (chunked: its length is not known yet). */
async function sendLive(res: Response, job: EncodeJob, logger: Logger): Promise<void> {
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let position = 0;
  for (;;) {
    if (res.destroyed) return;
    if (position < job.bytes) {
      const read = await job.read(chunk, position);
      if (read === 0) throw new Error('the encode ended before its bytes did');
      if (!(await written(res, chunk.subarray(0, read)))) return;
      position += read;
    } else if (job.state === 'done') {
      res.end();
      return;
    } else if (job.state === 'failed') {
      logger.warn({ source: job.spec.source }, 'transcode ended early');
      res.destroy();
      return;
    } else {
      await changedOrClosed(job, res);
    }
  }
}

/** Thrown before any byte was sent: the stream is answered with an error instead. */
export class EncodeFailedError extends Error {
  constructor() {
    super('This song could not be transcoded');
  }
}

/**
 * Sends an encode: a cached one as a file (Range, conditional requests); a live one in chunks,
 * without Range (the whole stream is sent; RFC 9110 lets a server ignore Range), leaving the job
 * when done so that the last listener to go stops it. The headers wait for the first bytes, so
 * that a file ffmpeg cannot read is answered with an error, not a broken 200.
 */
export async function sendEncode(req: Request, res: Response, encode: Encode, mime: string, logger: Logger): Promise<void> {
  if (encode.kind === 'cached') {
    await sendMediaFile(req, res, encode.file, mime, logger, PRIVATE_CACHE);
    return;
  }
  const { job } = encode;
  try {
    while (job.bytes === 0 && job.state === 'running' && !res.destroyed) await changedOrClosed(job, res);
    if (res.destroyed) return;
    if (job.bytes === 0) throw new EncodeFailedError();
    res.status(200).set({ 'Content-Type': mime, 'Cache-Control': 'no-store', 'Accept-Ranges': 'none' });
    res.flushHeaders();
    await sendLive(res, job, logger);
  } catch (err) {
    if (err instanceof EncodeFailedError) throw err;
    logger.warn({ err, source: job.spec.source }, 'transcode stream failed');
    res.destroy();
  } finally {
    job.leave();
  }
}
