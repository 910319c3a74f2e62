import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import type { AppContext } from './context.js';
import { startEngine } from './db/startEngine.js';
import { createLogger, type Logger } from './logger.js';
import { resolveJwtSecret } from './auth/secret.js';

const warmCatalogue = async () => (await import('./search/songIndex.js')).warmSongIndex();

export interface RunningServer {
  url: string;
  port: number;
  engine: string;
  ctx: AppContext;
  server: http.Server;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  stop(): Promise<void>;
}

/** Starts database, app and listener: what `npm start` runs, and what e2e tests and benchmarks start. */
export async function startServer(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  // The engine starts first, then the database modules and the app's load while it does (most of
  // a cold start is module loading).
  const engine = startEngine(config, logger, 'npm start');
  engine.catch(() => undefined); // awaited below, once open.js has loaded
  const [db, { createApp }, { bootstrapAdmin }, { seedDemoCatalogue }] = await Promise.all([
    import('./db/open.js').then(({ openDatabase }) => openDatabase(config, logger, 'npm start', engine)),
    import('./app.js'),
    import('./users/adminBootstrap.js'),
    import('./media/demoSeed.js'),
  ]);
  const redis = config.redisUrl ? (await import('./redis/redisLink.js')).connectRedis(config.redisUrl, logger) : undefined;
  const stopSharing = redis ? (await import('./redis/announcements.js')).shareChanges(redis, randomUUID()) : () => {};
  const ctx: AppContext = { config, logger, jwtSecret: resolveJwtSecret(config), redis };
  const app = createApp(ctx);
  await bootstrapAdmin(ctx);
  await seedDemoCatalogue(ctx);
  const libraries = config.musicDirs.length ? (await import('./libraries/libraries.service.js')).librariesOf(ctx) : undefined;
  libraries?.start();

  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // The catalogue and its search index warm up once listening, in the background: before, they
  // took the CPU that loading the app's modules needed. A first list before then reads it itself.
  void warmCatalogue().catch((err: unknown) => logger.warn({ err }, 'could not warm the catalogue'));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearTimeout(force);
      await libraries?.stop();
      // A snapshot written as the server stops would otherwise be lost, and the next start scans.
      await (await import('./songs/songCatalogue.repo.js')).catalogueWritten();
      stopSharing();
      await redis?.close();
      await db.close();
    })());

  return { url, port, engine: db.engine, ctx, server, stop };
}

/** What `npm start` runs once server.ts has tuned the heap. */
export async function main() {
  try {
    process.loadEnvFile('.env');
  } catch {
    /* no .env file: the environment alone configures the app */
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : String(err));
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  let running: RunningServer;
  try {
    running = await startServer(config, logger);
  } catch (err) {
    logger.fatal(err instanceof Error ? err.message : String(err));
    console.error(`Samaa could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  logger.info(`Samaa is listening on ${running.url} (database: ${running.engine})`);
  const shutdown = (signal: string) => {
    logger.info(`${signal} received, shutting down`);
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
