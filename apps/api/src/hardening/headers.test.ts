import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/context.js';
import { useTestDatabase } from '../test/db.js';

useTestDatabase();
const { app } = createTestApp({
  CORS_ORIGINS: 'https://music.example.org, http://localhost:5173',
  SPOTIFY_API_URL: 'https://api.spotify.com',
  SPOTIFY_ACCOUNTS_URL: 'https://accounts.spotify.com',
});

function directives(header: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('helmet and the content security policy', () => {
  it('sends the security headers on API answers and hides the framework', async () => {
    const res = await request(app).get('/api/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('lets the SPA run only its own scripts, and fetch only from us, Spotify and Firebase Storage', async () => {
    const csp = directives((await request(app).get('/api/health')).headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://api.spotify.com',
      'https://accounts.spotify.com',
      'https://firebasestorage.googleapis.com',
    ]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('allows our /media, https images and audio (JioSaavn, Firebase, Spotify covers) and blobs', async () => {
    const csp = directives((await request(app).get('/media/nothing-here.mp3')).headers['content-security-policy']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'https:']);
    expect(csp.get('img-src')).not.toContain('http:');
    expect(csp.get('media-src')).not.toContain('*');
  });

  it('follows the configured Spotify origins (e.g. a local fake in development)', async () => {
    const local = createTestApp({
      SPOTIFY_API_URL: 'http://127.0.0.1:4010/v1',
      SPOTIFY_ACCOUNTS_URL: 'http://127.0.0.1:4011',
    }).app;
    const csp = directives((await request(local).get('/api/health')).headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:4010',
      'http://127.0.0.1:4011',
      'https://firebasestorage.googleapis.com',
    ]);
  });
});

describe('CORS allowlist from CORS_ORIGINS', () => {
  it('echoes an allowed origin on simple and preflight requests', async () => {
    const res = await request(app).get('/api/health').set('Origin', 'https://music.example.org');
    expect(res.headers['access-control-allow-origin']).toBe('https://music.example.org');
    expect(res.headers['vary']).toMatch(/Origin/);

    const preflight = await request(app)
      .options('/api/songs/like/0123456789abcdef01234567')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'x-auth-token, content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(preflight.headers['access-control-allow-methods']).toMatch(/PUT/);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives a refused origin no CORS grant, so the browser blocks the answer', async () => {
    for (const origin of ['https://evil.example.com', 'https://music.example.org.evil.com', 'null', 'http://localhost:3000']) {
      const res = await request(app).get('/api/health').set('Origin', origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const preflight = await request(app)
        .options('/api/playlists')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('defaults the allowlist to APP_URL', async () => {
    const local = createTestApp({ APP_URL: 'https://samaa.example.net' }).app;
    const ok = await request(local).get('/api/health').set('Origin', 'https://samaa.example.net');
    expect(ok.headers['access-control-allow-origin']).toBe('https://samaa.example.net');
    const refused = await request(local).get('/api/health').set('Origin', 'http://localhost:5173');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
