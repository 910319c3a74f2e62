import type http from 'node:http';
import { listen } from './listen.js';

/**
 * Trouble a fake can be told to cause, for the next requests or for a while: down (the
 * connection is dropped unanswered), slow (the answer waits), or a status such as 429 or 503
 * (with Retry-After when given). Shared by the scrobbling fakes.
 */
export interface TroubleControls {
  /** Drops the next `times` requests (Infinity: until `recover()`). */
  down(times?: number): void;
  /** Answers the next `times` requests with `status`, with Retry-After (seconds) when given. */
  failWith(status: number, times?: number, retryAfterSeconds?: number): void;
  /** Waits `ms` before answering every request until `recover()`. */
  slow(ms: number): void;
  /** Ends every kind of trouble. */
  recover(): void;
}

interface Trouble {
  kind: 'down' | 'status';
  left: number;
  status?: number;
  retryAfter?: number;
}

export function troubleMaker(): TroubleControls & {
  /** True when it dealt with the request (dropped or answered it). */
  intercept(res: http.ServerResponse, body: (status: number) => unknown): boolean;
  delayMs(): number;
  /**
   * Lets a request through, after the delay when slow: false when the trouble dealt with it
   * (dropped it, or answered with `body(status)`).
   */
  admit(res: http.ServerResponse, body: (status: number) => unknown): Promise<boolean>;
  /** The controls a fake hands out. */
  controls(): TroubleControls;
} {
  let trouble: Trouble | undefined;
  let delay = 0;
  return {
    down(times = Infinity) {
      trouble = { kind: 'down', left: times };
    },
    failWith(status, times = Infinity, retryAfter) {
      trouble = { kind: 'status', left: times, status, retryAfter };
    },
    slow(ms) {
      delay = ms;
    },
    recover() {
      trouble = undefined;
      delay = 0;
    },
    delayMs: () => delay,
    async admit(res, body) {
      if (this.intercept(res, body)) return false;
      if (delay) await wait(delay);
      return true;
    },
    controls() {
      return { down: this.down, failWith: this.failWith, slow: this.slow, recover: this.recover };
    },
    intercept(res, body) {
      if (!trouble || trouble.left <= 0) return false;
      trouble.left -= 1;
      if (trouble.kind === 'down') {
        res.socket?.destroy();
        return true;
      }
      const status = trouble.status ?? 503;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (trouble.retryAfter !== undefined) headers['retry-after'] = String(trouble.retryAfter);
      res.writeHead(status, headers).end(JSON.stringify(body(status)));
      return true;
    },
  };
}

export async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers with a JSON body, unless the connection was dropped meanwhile. */
export const jsonSender = (res: http.ServerResponse) => (status: number, body: unknown) => {
  if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/** One request to a JSON service fake: its URL, its body read whole, and a JSON answer. */
export interface JsonCall {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  raw: string;
  send(status: number, body: unknown): void;
}

/** Listens with a handler that is given each request's body read whole and a JSON sender. */
export function listenJson(handler: (call: JsonCall) => Promise<void>) {
  return listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      await handler({ req, res, url, raw, send: jsonSender(res) });
    })();
  });
}
