import http from 'node:http';
import net from 'node:net';
import type { RequestHandler } from 'express';

/**
 * The headers that middlewares set on a plain GET without an Origin, as a flat list of names
 * and values: helmet's and CORS's answers do not depend on anything else in such a request, so a
 * hot route can send them without running the middlewares again. Each must finish synchronously.
 */
export function headersSetBy(middlewares: RequestHandler[]): string[] {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = 'GET';
  req.url = '/';
  const res = new http.ServerResponse(req);
  const spelled = new Map<string, string>(); // names as the middlewares wrote them
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    spelled.set(name.toLowerCase(), name);
    return setHeader(name, value);
  };
  for (const middleware of middlewares) {
    let called = false;
    void middleware(req as never, res as never, () => (called = true));
    if (!called) throw new Error('a middleware whose headers are captured must call next() at once');
  }
  return res.getHeaderNames().flatMap((lower) => {
    const name = spelled.get(lower) ?? lower;
    const value = res.getHeader(lower)!;
    return Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, String(value)];
  });
}
