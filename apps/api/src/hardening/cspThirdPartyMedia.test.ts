import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../app.js';
import { createTestContext } from '../test/context.js';

describe('CSP for third-party media on plain http', () => {
  it('allows a self-hosted or local JioSaavn / Spotify origin on http, and nothing else on http', () => {
    const ctx = createTestContext({
      SAAVN_API_URL: 'http://127.0.0.1:4100',
      SPOTIFY_API_URL: 'http://127.0.0.1:4200',
      SPOTIFY_ACCOUNTS_URL: 'http://127.0.0.1:4200',
    });
    const { directives } = contentSecurityPolicy(ctx);
    expect(directives['media-src']).toEqual(["'self'", 'blob:', 'https:', 'http://127.0.0.1:4100', 'http://127.0.0.1:4200']);
    expect(directives['img-src']).toContain('http://127.0.0.1:4100');
    expect(directives['img-src']).not.toContain('http:');
  });

  it('adds nothing for the real https services', () => {
    const { directives } = contentSecurityPolicy(createTestContext());
    expect(directives['media-src']).toEqual(["'self'", 'blob:', 'https:']);
  });
});
