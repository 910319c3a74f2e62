import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface ListeningApp {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

/**
 * Serves an app on a loopback port for the whole test file, so many requests can reuse
 * keep-alive connections (supertest opens a new server per request).
 */
export async function listenApp(app: Express): Promise<ListeningApp> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
