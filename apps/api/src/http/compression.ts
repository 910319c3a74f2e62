import type { Request, Response } from 'express';
import accepts from 'accepts';
import compression from 'compression';

/**
 * A smaller window and memLevel than zlib's defaults: every answer being compressed holds its zlib
 * state while it waits for the thread pool, so a burst of answers held a lot of memory at once;
 * JSON answers come out only slightly larger (docs/performance.md, "Figures behind the code").
 */
const ZLIB = { windowBits: 13, memLevel: 7 } as const;
const THRESHOLD_BYTES = 1024;

/**
 * Each answer being compressed holds its own zlib state until the thread pool (4 threads) gets to
 * it, so a burst of answers held one state each at once. Past this many, answers go out as they
 * are (correct, only larger) until one being compressed ends.
 */
export const MAX_CONCURRENT_COMPRESSIONS = 32;

/**
 * What compression itself would compress: a body of unknown or large enough size, for a client
 * whose Accept-Encoding negotiates an encoding over identity (as compression negotiates it).
 */
function wouldCompress(req: Request, res: Response): boolean {
  if (req.method === 'HEAD' || Number(res.getHeader('Content-Length')) < THRESHOLD_BYTES) return false;
  const encoding = accepts(req).encodings(['br', 'gzip', 'deflate', 'identity']);
  return encoding !== false && encoding !== 'identity';
}

/** The compression middleware, with at most `max` answers being compressed at any one time. */
export function boundedCompression(max = MAX_CONCURRENT_COMPRESSIONS) {
  let compressing = 0;
  return compression({
    ...ZLIB,
    threshold: THRESHOLD_BYTES,
    filter(req, res) {
      if (!compression.filter(req, res)) return false;
      if (!wouldCompress(req, res)) return true; // compression sends it as it is, holding nothing
      if (compressing >= max) {
        res.vary('Accept-Encoding');
        return false;
      }
      compressing++;
      res.once('close', () => compressing--);
      return true;
    },
  });
}
