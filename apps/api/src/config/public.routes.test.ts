import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/context.js';

describe('GET /api/config', () => {
  it('gives the SPA the Spotify settings and the sender address, and no secret', async () => {
    const { app } = createTestApp({
      SPOTIFY_CLIENT_ID: 'abc123',
      SPOTIFY_ACCOUNTS_URL: 'http://127.0.0.1:9001/',
      SPOTIFY_API_URL: 'http://127.0.0.1:9002',
      MAIL_FROM: 'Samaa <hello@samaa.test>',
      SMTP_URL: 'smtp://user:pass@mail.test:587',
    });
    const res = await request(app).get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      spotify: { clientId: 'abc123', accountsUrl: 'http://127.0.0.1:9001', apiUrl: 'http://127.0.0.1:9002' },
      mailFrom: 'Samaa <hello@samaa.test>',
      shares: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/pass|secret/i);
  });

  it('says the import is off when SPOTIFY_CLIENT_ID is unset', async () => {
    const res = await request(createTestApp().app).get('/api/config');
    expect(res.body.spotify.clientId).toBeNull();
    expect(res.body.spotify.accountsUrl).toBe('https://accounts.spotify.com');
  });

  it('says whether share links are on (SHARES)', async () => {
    expect((await request(createTestApp({ SHARES: 'false' }).app).get('/api/config')).body.shares).toBe(false);
  });
});
