import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import { userOfToken } from '../auth/middleware.js';
import { searchOwnPlaylists, searchSongsAnswer } from './search.service.js';
import { queryOf } from './search.routes.js';

/**
 * The commonest search, answered before helmet, CORS, the body parser and the router: a GET with
 * a valid token, no body, no Origin and no conditional header, from a client taking gzip, when no
 * playlist of the user matches. Its answer is the same body and headers the search route sends
 * (search.routes.ts; `searchFastPath.test.ts` compares them), with helmet's and CORS's headers
 * captured once at start. Anything else, including every refusal, goes on to the full chain.
 * Off when rate limits are on: the limiter's headers and counts belong to every search.
 */
export function searchFastPath(
  ctx: AppContext,
  sharedHeaders: string[],
  etagOf: (body: Buffer) => string,
): RequestHandler {
  if (ctx.config.rateLimits) return (_req, _res, next) => next();
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
        'private, no-cache',
        'Content-Type',
        'application/json; charset=utf-8',
        'Vary',
        vary,
        'Content-Encoding',
        'gzip',
        'Content-Length',
        String(body.length),
        'ETag',
        etagOf(body),
      ];
      headersOfBody.set(body, headers);
    }
    return headers;
  };

  return (req, res, next) => {
    if (!isPlainSearch(req)) return next();
    answer(req, ctx.jwtSecret).then(
      (body) => {
        if (!body) return next();
        res.writeHead(200, headersOf(body));
        res.end(body);
      },
      () => next(),
    );
  };
}

const SEARCH_PATH = '/api/search?';

function isPlainSearch(req: Request): boolean {
  const h = req.headers;
  return (
    req.method === 'GET' &&
    req.url.startsWith(SEARCH_PATH) &&
    h['x-auth-token'] !== undefined &&
    h.origin === undefined &&
    h['content-length'] === undefined &&
    h['transfer-encoding'] === undefined &&
    h['if-none-match'] === undefined &&
    h['if-modified-since'] === undefined
  );
}

/** The kept gzipped body, or undefined when the full chain must answer. */
async function answer(req: Request, secret: string): Promise<Buffer | undefined> {
  const raw = req.query.search;
  if (typeof raw !== 'string' || req.acceptsEncodings('gzip', 'identity') !== 'gzip') return undefined;
  const query = queryOf(raw); // throws on an invalid query: the route answers it
  const user = await userOfToken(req.headers['x-auth-token'] as string, secret);
  if (!user) return undefined;
  const [songs, playlists] = await Promise.all([searchSongsAnswer(query), searchOwnPlaylists(user._id, query)]);
  return playlists.length === 0 ? songs.gzippedWithoutPlaylists() : undefined;
}
