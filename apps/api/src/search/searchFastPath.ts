import type { IncomingMessage } from 'node:http';
import querystring from 'node:querystring';
import accepts from 'accepts';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context.js';
import type { RequestLog } from '../http/accessLog.js';
import type { FastPath } from '../http/requestListener.js';
import { claimedUserId, userOfToken } from '../auth/middleware.js';
import { searchOwnPlaylists, searchSongsAnswer } from './search.service.js';
import { keptEtag } from '../http/encodedBody.js';
import { gzippedWithoutPlaylists, queryOf, SEARCH_CACHE_CONTROL } from './search.routes.js';


/**
 * The commonest search, answered before Express: a GET /api/search with a valid token, no body, no
 * Origin and no conditional header, from a client taking gzip, when no playlist of the user
 * matches. Its answer is the same body and headers the search route sends (search.routes.ts;
 * `searchFastPath.test.ts` compares them), with helmet's and CORS's headers captured once at
 * start, and the same access-log line. Anything else, including every refusal, goes to the app.
 * None when rate limits are on: the limiter's headers and counts belong to every search.
 */
export function searchFastPath(
  ctx: AppContext,
  sharedHeaders: string[],
  etagOf: (body: Buffer) => string,
  log: RequestLog,
): FastPath | undefined {
  if (ctx.config.rateLimits) return undefined;
  const varyAt = sharedHeaders.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === 'vary');
  const vary = varyAt < 0 ? 'Accept-Encoding' : `${sharedHeaders[varyAt + 1]}, Accept-Encoding`;
  const common = varyAt < 0 ? sharedHeaders : [...sharedHeaders.slice(0, varyAt), ...sharedHeaders.slice(varyAt + 2)];
  /** Each kept body's full header list, made once. */
  const headersOfBody = new WeakMap<Buffer, string[]>();
  const headersOf = (body: Buffer) => {
    let headers = headersOfBody.get(body);
    if (!headers) {
      headers = [
        ...common,
        'Cache-Control',
        SEARCH_CACHE_CONTROL,
        'Content-Type',
        'application/json; charset=utf-8',
        'Vary',
        vary,
        'Content-Encoding',
        'gzip',
        'Content-Length',
        String(body.length),
        'ETag',
        keptEtag(body, etagOf),
      ];
      headersOfBody.set(body, headers);
    }
    return headers;
  };

  return (req, res, fullChain) => {
    if (!isPlainSearch(req)) return fullChain();
    const started = performance.now();
    answer(req, ctx).then(
      (body) => {
        if (!body) return fullChain();
        log(req, res, started);
        res.writeHead(200, headersOf(body));
        res.end(body);
      },
      () => fullChain(),
    );
  };
}

const SEARCH_PATH = '/api/search?';

function isPlainSearch(req: IncomingMessage): boolean {
  const h = req.headers;
  return (
    req.method === 'GET' &&
    req.url!.startsWith(SEARCH_PATH) &&
    !req.url!.includes('#') &&
    h['x-auth-token'] !== undefined &&
    h.origin === undefined &&
    h['content-length'] === undefined &&
    h['transfer-encoding'] === undefined &&
    h['if-none-match'] === undefined &&
    h['if-modified-since'] === undefined
  );
}

/** Whether each Accept-Encoding value prefers gzip, as the route's req.acceptsEncodings('gzip', 'identity') decides. */
const gzipPreferred = new LRUCache<string, boolean>({ max: 100 });
function takesGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'] ?? '';
  let gzip = gzipPreferred.get(header);
  if (gzip === undefined) {
    gzip = accepts(req).encodings('gzip', 'identity') === 'gzip';
    gzipPreferred.set(header, gzip);
  }
  return gzip;
}

/** The kept gzipped body, or undefined when the app must answer. */
async function answer(req: IncomingMessage, ctx: AppContext): Promise<Buffer | undefined> {
  // As the app's "simple" query parser reads it.
  const raw = querystring.parse(req.url!.slice(SEARCH_PATH.length)).search;
  if (typeof raw !== 'string' || !takesGzip(req)) return undefined;
  const query = queryOf(raw); // throws on an invalid query: the route answers it
  const token = req.headers['x-auth-token'] as string;
  const claimed = claimedUserId(ctx, token);
  if (!claimed) return undefined;
  // The identity and the listener's playlists are read side by side, not one after the other:
  // after a start neither is kept, and the first search waited for two engine reads in a row.
  // Nothing is answered unless the identity says the token still holds.
  const [user, songs, playlists] = await Promise.all([
    userOfToken(ctx, token),
    searchSongsAnswer(ctx.catalogue, query),
    searchOwnPlaylists(ctx, claimed, query),
  ]);
  if (!user) return undefined;
  return playlists.length === 0 ? gzippedWithoutPlaylists(songs) : undefined;
}
