import type { Request, Response } from 'express';
import accepts from 'accepts';
import compression from 'compression';

/**
 * zlib's defaults (a 32 KB window, memLevel 8) hold about 270 KB per answer being compressed, and
 * answers wait for the thread pool: a burst of 300 concurrent playlist lists held 64 MB at once.
 * An 8 KB window and memLevel 7 hold about 110 KB; JSON answers of 4 to 40 KB come out 0 to 9%
 * larger (docs/performance.md).
 */
const ZLIB = { windowBits: 13, memLevel: 7 } as const;
const THRESHOLD_BYTES = 1024;

/**
 * Each answer being compressed holds its own zlib state until the thread pool (4 threads) gets to
 * it, so a burst of 300 answers held 300 states, about 30 MB, at once. Past this many, answers go
 * out as they are (correct, only larger) until one being compressed ends.
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
