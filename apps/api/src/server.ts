import { randomUUID } from 'node:crypto';
import http from 'node:http';
import v8 from 'node:v8';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import type { AppContext } from './context.js';
import { startEngine } from './db/startEngine.js';
import { createLogger, type Logger } from './logger.js';
import { resolveJwtSecret } from './auth/secret.js';

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
  // Nothing that loads mongoose is imported above: the engine starts before it loads.
  const [db, { createAppListener }, { createAppContext }, { bootstrapAdmin }, { seedDemoCatalogue }, { createAppCatalogue, catalogueSnapshotFile, warmAppCatalogue }] = await Promise.all([
    Promise.all([import('./db/open.js'), import('./dataStartup.js')]).then(([{ openDatabase }, { dataStartup }]) =>
      openDatabase(config, logger, 'npm start', dataStartup, engine),
    ),
    import('./app.js'),
    import('./composition.js'),
    import('./users/adminBootstrap.js'),
    import('./media/demoSeed.js'),
    import('./appCatalogue.js'),
  ]);
  const redis = config.redisUrl ? (await import('./redis/redisLink.js')).connectRedis(config.redisUrl, logger) : undefined;
  // The database opened on the app's data: its indexes are built and its data migrated.
  const { data } = db;
  const catalogue = createAppCatalogue({ data, snapshotFile: catalogueSnapshotFile(config) });
  const ctx = createAppContext({ config, logger, jwtSecret: resolveJwtSecret(config), redis, data, catalogue });
  const stopSharing = redis ? (await import('./redis/announcements.js')).shareChanges(redis, randomUUID(), ctx) : () => {};
  const { listener } = createAppListener(ctx);
  await bootstrapAdmin(ctx);
  await seedDemoCatalogue(ctx);
  // The kept catalogue and its search index load before the server listens (a few hundred
  // milliseconds at 100,000 songs), so the first search is answered warm.
  await catalogue.loadKept().catch((err: unknown) => logger.warn({ err }, 'could not load the kept catalogue'));
  const libraries = config.musicDirs.length ? ctx.libraries : undefined;
  libraries?.start();
  const scrobbles = (await import('./scrobble/scrobbleSender.js')).startScrobbleSender(ctx);

  const server = http.createServer(listener);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // Without a kept catalogue, it and its search index warm up once listening, in the background:
  // before, they took the CPU that loading the app's modules needed. A first list before then reads it itself.
  void warmAppCatalogue(catalogue).catch((err: unknown) => logger.warn({ err }, 'could not warm the catalogue'));
  // One log line says whether Subsonic apps get transcodes (ffmpeg found) or the originals.
  void ctx.transcoder.located();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      // A scan stops while the requests finish, not after: the batch being written is finished,
      // the one being read is dropped, and the tag reader's processes are killed.
      const scansStopped = libraries?.stop();
      await closed;
      clearTimeout(force);
      await scansStopped;
      await scrobbles.stop();
      // A snapshot written as the server stops would otherwise be lost, and the next start scans.
      await catalogue.written();
      stopSharing();
      await redis?.close();
      await db.close();
    })());

  return { url, port, engine: db.engine, ctx, server, stop };
}

/**
 * Under load V8 lets the old space grow to several times what is live before a full collection;
 * growing it by a fifth instead keeps the peak near the live data, for the same throughput
 * (docs/performance.md, "Figures behind the code"). A tuning of when to collect, not a cap: the
 * heap still grows as far as the data needs. An explicit --heap-growing-percent (NODE_OPTIONS) wins.
 */
export const HEAP_GROWING_PERCENT = 20;
/**
 * The young generation stays at the size it starts with instead of growing under load: objects
 * that outlive a request are promoted a little sooner, and the server's RSS under concurrent
 * searches is lower for a few percent of throughput. Not a cap: the old generation still grows as
 * the data needs. Set at run time because --max-semi-space-size only works on the command line; an
 * explicit --semi-space-growth-factor or --max-semi-space-size on the command line wins. Set in
 * main(), once this file's imports have loaded and V8 has grown the young generation: set before
 * them, the server became healthy later (docs/performance.md, "Figures behind the code").
 */
export const SEMI_SPACE_GROWTH_FACTOR = 1;
function tuneHeapGrowth(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (!/heap[-_]growing[-_]percent/.test(given)) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  if (!/semi[-_]space/.test(given)) v8.setFlagsFromString(`--semi-space-growth-factor=${SEMI_SPACE_GROWTH_FACTOR}`);
}

async function main() {
  tuneHeapGrowth();
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
