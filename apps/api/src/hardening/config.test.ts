import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config.js';

const production = { NODE_ENV: 'production', DATA_DIR: '/tmp/samaa-config-test' };

describe('JWT_SECRET in production', () => {
  it('is required', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, JWT_SECRET: '' })).toThrow(/JWT_SECRET/);
  });

  it('must be at least 32 characters', () => {
    expect(() => loadConfig({ ...production, JWT_SECRET: 'x'.repeat(31) })).toThrow(
      new ConfigError('Invalid configuration: JWT_SECRET must be at least 32 characters in production'),
    );
    expect(loadConfig({ ...production, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('is optional in development (a secret is generated under DATA_DIR)', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
  });
});

describe('RATE_LIMITS', () => {
  it('is on by default, except under NODE_ENV=test', () => {
    expect(loadConfig({ ...production, JWT_SECRET: 'x'.repeat(32) }).rateLimits).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).rateLimits).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimits).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'true' }).rateLimits).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), RATE_LIMITS: 'false' }).rateLimits).toBe(false);
  });
});
