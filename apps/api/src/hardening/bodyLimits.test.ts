import net from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@samaa/shared';
import { JSON_BODY_LIMIT } from '../app.js';
import { createTestApp, createUser } from '../test/context.js';
import { useTestDatabase } from '../test/db.js';
import { listenApp } from '../test/listen.js';

useTestDatabase();
const { app } = createTestApp();
const LIMIT = 100 * 1024;

describe(`JSON body limit (${JSON_BODY_LIMIT})`, () => {
  it('refuses an oversized body with 413 {message} before any route sees it', async () => {
    const user = await createUser();
    for (const [method, path] of [
      ['post', '/api/users'],
      ['post', '/api/login'],
      ['post', '/api/playlists'],
      ['put', '/api/playlists/add-song'],
      ['post', '/api/songs'],
    ] as const) {
      const res = await request(app)
        [method](path)
        .set('x-auth-token', user.token)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ name: 'x'.repeat(LIMIT + 1) }));
      expect(res.status, path).toBe(413);
      expect(res.body, path).toEqual({ message: API_MESSAGES.payloadTooLarge });
    }
  });

  it('answers 413 to a huge announced Content-Length at once, without waiting for the body', async () => {
    const { url, close } = await listenApp(app);
    try {
      const { port } = new URL(url);
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.write(
        'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${50 * 1024 * 1024}\r\n\r\n{}`,
      );
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer: ${answer}`)), 5000);
        socket.on('data', () => {
          if (answer.includes('}')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      socket.destroy();
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain(JSON.stringify({ message: API_MESSAGES.payloadTooLarge }));
    } finally {
      await close();
    }
  });

  it('accepts a body just under the limit (no 413)', async () => {
    const res = await request(app)
      .post('/api/login')
      .send({ email: 'someone@example.com', password: 'x'.repeat(LIMIT - 200) });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });
});
