import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from './appServer.js';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function sampleApp() {
  const app = express();
  app.use(helmet());
  app.get('/hello', (req, res) => {
    res.set('X-Path', req.path).json({ query: req.query, ip: typeof req.ip });
  });
  return app;
}

describe('createAppServer', () => {
  it('makes requests and responses with the app’s prototypes before Express sees them', async () => {
    const app = sampleApp();
    const server = createAppServer(app);
    const seen: boolean[] = [];
    server.prependListener('request', (req, res) => {
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
    });
    const res = await fetch(`${await serve(server)}/hello?a=1`);
    expect(res.status).toBe(200);
    expect(seen).toEqual([true, true]);
  });

  it('answers exactly as a plain Node server running the same app', async () => {
    const app = sampleApp();
    const answer = async (url: string) => {
      const res = await fetch(`${url}/hello?a=1`);
      const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
      return { status: res.status, headers, body: await res.text() };
    };
    const born = await answer(await serve(createAppServer(app)));
    const plain = await answer(await serve(http.createServer(app)));
    expect(born).toEqual(plain);
    expect(born.body).toBe('{"query":{"a":"1"},"ip":"string"}');
  });
});
