import os from 'node:os';
import path from 'node:path';
import Joi from 'joi';

export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  logLevel: string;
  /** Absolute; holds db/, ferretdb/, mail/, media/ and the development JWT secret. */
  dataDir: string;
  mongodbUri?: string;
  mongodbDbName: string;
  /** MONGODB_MAX_POOL_SIZE; unset: chosen by engine (db/connection.ts). */
  mongodbMaxPoolSize?: number;
  /** Shared limits, caches and announcements between API processes (optional). */
  redisUrl?: string;
  /** Set in production (required there); in development generated once under dataDir. */
  jwtSecret?: string;
  jwtExpiresIn: string;
  /** Seals app keys for Subsonic token sign-in (else derived from the JWT secret); the previous one while rotating. */
  subsonicKeySecret?: string;
  subsonicKeySecretPrevious?: string;
  appUrl: string;
  corsOrigins: string[];
  trustProxy: boolean;
  /** Per-IP limits on sign-up, verification and search (off by default under NODE_ENV=test). */
  rateLimits: boolean;
  webDistDir?: string;
  mail: { from: string; smtpUrl?: string; outboxDir: string };
  /**
   * Uploaded and music-folder files under /media: private to signed-in listeners unless PUBLIC_MEDIA;
   * signed links in exports last MEDIA_LINK_TTL_HOURS (docs/media.md).
   */
  media: { dir: string; maxAudioBytes: number; maxImageBytes: number; public: boolean; linkTtlHours: number; coverCacheBytes: number };
  /** Absolute paths of the read-only music folders scanned into the catalogue (MUSIC_DIRS). */
  musicDirs: string[];
  admin: { email?: string; password?: string; name: string };
  seedDemo: boolean;
  saavnApiUrl: string;
  spotify: { clientId?: string; accountsUrl: string; apiUrl: string };
  /** Subsonic transcoding (apps/api/src/transcode): FFMPEG_PATH, TRANSCODE_CACHE_MB, TRANSCODE_MAX_ENCODES. */
  transcode: { ffmpegPath?: string; cacheBytes: number; maxEncodes: number };
  /** An LRCLIB-compatible lyrics service (LYRICS_API_URL); unset: off. */
  lyrics: { apiUrl?: string; timeoutMs: number };
  /** Share links for people without an account (SHARES); on by default. */
  shares: boolean;
  /** Where listens are scrobbled (apps/api/src/scrobble); Last.fm only with an operator's key and secret. */
  scrobble: { listenBrainzApiUrl: string; lastfm: { apiUrl: string; authUrl: string; apiKey?: string; secret?: string } };
}

const MB = 1024 * 1024;

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  HOST: Joi.string().default('0.0.0.0'),
  PORT: Joi.number().port().default(3000),
  LOG_LEVEL: Joi.string()
    .valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent')
    .default('info'),
  DATA_DIR: Joi.string().default('data'),
  MONGODB_URI: Joi.string().pattern(/^mongodb(\+srv)?:\/\//, 'mongodb:// URI'),
  REDIS_URL: Joi.string().pattern(/^rediss?:\/\//, 'redis:// URL'),
  MONGODB_MAX_POOL_SIZE: Joi.number().integer().min(1).max(1000),
  MONGODB_DB_NAME: Joi.string()
    .pattern(/^[A-Za-z0-9_-]{1,60}$/)
    .default('samaa'),
  JWT_SECRET: Joi.string().when('NODE_ENV', {
    is: 'production',
    then: Joi.string()
      .min(32)
      .required()
      .messages({ 'string.min': 'JWT_SECRET must be at least 32 characters in production' }),
    otherwise: Joi.string().min(16),
  }),
  JWT_EXPIRES_IN: Joi.string()
    .pattern(/^\d+[smhd]?$/)
    .default('7d'),
  SUBSONIC_KEY_SECRET: Joi.string().min(32).messages({ 'string.min': 'SUBSONIC_KEY_SECRET must be at least 32 characters' }),
  SUBSONIC_KEY_SECRET_PREVIOUS: Joi.string().min(16),
  APP_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  CORS_ORIGINS: Joi.string().allow(''),
  TRUST_PROXY: Joi.boolean().default(false),
  RATE_LIMITS: Joi.boolean().when('NODE_ENV', { is: 'test', then: Joi.boolean().default(false), otherwise: Joi.boolean().default(true) }),
  WEB_DIST_DIR: Joi.string(),
  MAIL_FROM: Joi.string().default('Samaa <no-reply@samaa.local>'),
  SMTP_URL: Joi.string().uri({ scheme: ['smtp', 'smtps'] }),
  MAIL_OUTBOX_DIR: Joi.string(),
  MEDIA_DIR: Joi.string(),
  MUSIC_DIRS: Joi.string().allow(''),
  MAX_AUDIO_MB: Joi.number().positive().default(50),
  MAX_IMAGE_MB: Joi.number().positive().default(5),
  PUBLIC_MEDIA: Joi.boolean().default(false),
  MEDIA_LINK_TTL_HOURS: Joi.number().integer().min(1).max(24 * 366).default(168),
  COVER_CACHE_MB: Joi.number().min(0).default(200),
  ADMIN_EMAIL: Joi.string().email({ tlds: { allow: false } }),
  ADMIN_PASSWORD: Joi.string(),
  ADMIN_NAME: Joi.string().default('Admin'),
  SEED_DEMO: Joi.boolean().default(true),
  SAAVN_API_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://saavn.sumit.co'),
  SPOTIFY_CLIENT_ID: Joi.string().allow(''),
  SPOTIFY_ACCOUNTS_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://accounts.spotify.com'),
  SPOTIFY_API_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://api.spotify.com'),
  FFMPEG_PATH: Joi.string(),
  TRANSCODE_CACHE_MB: Joi.number().min(0).default(1024),
  TRANSCODE_MAX_ENCODES: Joi.number().integer().min(1).max(64),
  LYRICS_API_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  LYRICS_API_TIMEOUT_MS: Joi.number().integer().min(100).max(60_000).default(3000),
  SHARES: Joi.boolean().default(true),
  LISTENBRAINZ_API_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://api.listenbrainz.org'),
  LASTFM_API_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://ws.audioscrobbler.com/2.0/'),
  LASTFM_AUTH_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://www.last.fm/api/auth/'),
  LASTFM_API_KEY: Joi.string().pattern(/^[A-Za-z0-9]{8,64}$/, 'Last.fm API key'),
  LASTFM_SECRET: Joi.string().pattern(/^[A-Za-z0-9]{8,64}$/, 'Last.fm shared secret'),
})
  .and('ADMIN_EMAIL', 'ADMIN_PASSWORD')
  .and('LASTFM_API_KEY', 'LASTFM_SECRET')
  .unknown(true);

export class ConfigError extends Error {}

/** Reads and validates the environment. Throws ConfigError with one clear line on bad input. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const blank = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const { value, error } = schema.validate(blank, { abortEarly: true, convert: true });
  if (error) {
    const detail = error.details[0];
    throw new ConfigError(`Invalid configuration: ${detail?.message ?? error.message}`);
  }
  const v = value as Record<string, string | number | boolean | undefined>;
  const str = (key: string) => (v[key] === undefined ? undefined : String(v[key]));
  const dataDir = path.resolve(cwd, String(v.DATA_DIR));
  const port = Number(v.PORT);
  const appUrl = (str('APP_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const cors = str('CORS_ORIGINS');
  return {
    nodeEnv: v.NODE_ENV as NodeEnv,
    host: String(v.HOST),
    port,
    logLevel: String(v.LOG_LEVEL),
    dataDir,
    mongodbUri: str('MONGODB_URI'),
    mongodbDbName: String(v.MONGODB_DB_NAME),
    mongodbMaxPoolSize: v.MONGODB_MAX_POOL_SIZE === undefined ? undefined : Number(v.MONGODB_MAX_POOL_SIZE),
    redisUrl: str('REDIS_URL'),
    jwtSecret: str('JWT_SECRET'),
    jwtExpiresIn: String(v.JWT_EXPIRES_IN),
    subsonicKeySecret: str('SUBSONIC_KEY_SECRET'),
    subsonicKeySecretPrevious: str('SUBSONIC_KEY_SECRET_PREVIOUS'),
    appUrl,
    corsOrigins: cors ? cors.split(',').map((o) => o.trim()).filter(Boolean) : [appUrl],
    trustProxy: Boolean(v.TRUST_PROXY),
    rateLimits: Boolean(v.RATE_LIMITS),
    webDistDir: str('WEB_DIST_DIR') && path.resolve(cwd, String(v.WEB_DIST_DIR)),
    mail: {
      from: String(v.MAIL_FROM),
      smtpUrl: str('SMTP_URL'),
      outboxDir: path.resolve(cwd, str('MAIL_OUTBOX_DIR') ?? path.join(dataDir, 'mail')),
    },
    media: {
      dir: path.resolve(cwd, str('MEDIA_DIR') ?? path.join(dataDir, 'media')),
      maxAudioBytes: Math.round(Number(v.MAX_AUDIO_MB) * MB),
      maxImageBytes: Math.round(Number(v.MAX_IMAGE_MB) * MB),
      public: Boolean(v.PUBLIC_MEDIA),
      linkTtlHours: Number(v.MEDIA_LINK_TTL_HOURS),
      coverCacheBytes: Math.round(Number(v.COVER_CACHE_MB) * MB),
    },
    // Separated like PATH (":" here), so folder names may hold commas.
    musicDirs: [...new Set((str('MUSIC_DIRS') ?? '').split(path.delimiter).map((dir) => dir.trim()).filter(Boolean).map((dir) => path.resolve(cwd, dir)))],
    admin: { email: str('ADMIN_EMAIL'), password: str('ADMIN_PASSWORD'), name: String(v.ADMIN_NAME) },
    seedDemo: Boolean(v.SEED_DEMO),
    saavnApiUrl: String(v.SAAVN_API_URL).replace(/\/+$/, ''),
    spotify: {
      clientId: str('SPOTIFY_CLIENT_ID'),
      accountsUrl: String(v.SPOTIFY_ACCOUNTS_URL).replace(/\/+$/, ''),
      apiUrl: String(v.SPOTIFY_API_URL).replace(/\/+$/, ''),
    },
    transcode: {
      // A bare name ("ffmpeg") is looked up in PATH; a path is taken from the working directory.
      ffmpegPath: str('FFMPEG_PATH') && (/[\\/]/.test(String(v.FFMPEG_PATH)) ? path.resolve(cwd, String(v.FFMPEG_PATH)) : String(v.FFMPEG_PATH)),
      cacheBytes: Math.round(Number(v.TRANSCODE_CACHE_MB) * MB),
      // One encode per core: each is one ffmpeg thread.
      maxEncodes: v.TRANSCODE_MAX_ENCODES === undefined ? os.availableParallelism() : Number(v.TRANSCODE_MAX_ENCODES),
    },
    lyrics: { apiUrl: str('LYRICS_API_URL')?.replace(/\/+$/, ''), timeoutMs: Number(v.LYRICS_API_TIMEOUT_MS) },
    shares: Boolean(v.SHARES),
    scrobble: {
      listenBrainzApiUrl: String(v.LISTENBRAINZ_API_URL).replace(/\/+$/, ''),
      // Kept as given: Last.fm's endpoints end in a slash.
      lastfm: { apiUrl: String(v.LASTFM_API_URL), authUrl: String(v.LASTFM_AUTH_URL), apiKey: str('LASTFM_API_KEY'), secret: str('LASTFM_SECRET') },
    },
  };
}
