import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/samaa');
    expect(config.port).toBe(3000);
    expect(config.nodeEnv).toBe('development');
    expect(config.dataDir).toBe(path.resolve('/srv/samaa/data'));
    expect(config.mail.outboxDir).toBe(path.resolve('/srv/samaa/data/mail'));
    expect(config.media.dir).toBe(path.resolve('/srv/samaa/data/media'));
    expect(config.media.maxAudioBytes).toBe(50 * 1024 * 1024);
    expect(config.media.maxImageBytes).toBe(5 * 1024 * 1024);
    expect(config.media.public).toBe(false);
    expect(config.media.linkTtlHours).toBe(168);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.corsOrigins).toEqual(['http://localhost:3000']);
    expect(config.mongodbUri).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.scrobble).toEqual({
      listenBrainzApiUrl: 'https://api.listenbrainz.org',
      lastfm: { apiUrl: 'https://ws.audioscrobbler.com/2.0/', authUrl: 'https://www.last.fm/api/auth/', apiKey: undefined, secret: undefined },
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', MONGODB_URI: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ MONGODB_URI: 'postgres://x' }, /MONGODB_URI/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ PUBLIC_MEDIA: 'sometimes' }, /PUBLIC_MEDIA/],
    [{ MEDIA_LINK_TTL_HOURS: '0' }, /MEDIA_LINK_TTL_HOURS/],
    [{ ADMIN_EMAIL: 'admin@example.com' }, /ADMIN_PASSWORD/],
    [{ NODE_ENV: 'production' }, /JWT_SECRET/],
    [{ NODE_ENV: 'production', JWT_SECRET: 'short' }, /at least 32/],
    [{ LISTENBRAINZ_API_URL: 'ftp://lb' }, /LISTENBRAINZ_API_URL/],
    [{ LASTFM_API_KEY: 'abcdef0123456789' }, /LASTFM_SECRET/],
    [{ LASTFM_API_KEY: 'not a key!', LASTFM_SECRET: 'abcdef0123456789' }, /LASTFM_API_KEY/],
  ])('stops with one line naming the bad setting: %j', (env, pattern) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toMatch(pattern);
    expect(message).not.toContain('\n');
  });

  it('accepts a production setup', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PORT: '8080' });
    expect(config.port).toBe(8080);
    expect(config.jwtSecret).toHaveLength(32);
  });
});
