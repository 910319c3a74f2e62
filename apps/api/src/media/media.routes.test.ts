import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/context.js';
import { MEDIA_CACHE_CONTROL, parseRange } from './mediaFile.js';

// The serving itself: who may read /media is mediaAccess.test.ts's.
const { ctx, app } = createTestApp({ PUBLIC_MEDIA: 'true' });
const SIZE = 10_000;
const body = crypto.randomBytes(SIZE);
const audioPath = '/media/audio/1700000000000track.mp3';

/** superagent leaves unknown binary types unbuffered: collect the bytes. */
function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
const get = (url: string) => request(app).get(url).buffer(true).parse(binary);

beforeAll(() => {
  fs.writeFileSync(path.join(ctx.config.media.dir, 'audio', '1700000000000track.mp3'), body);
  fs.writeFileSync(path.join(ctx.config.media.dir, 'images', '1700000000000cover.png'), Buffer.from('png'));
  fs.writeFileSync(path.join(ctx.config.media.dir, 'secret.txt'), 'secret');
});

describe('GET /media: serving with ranges and caching', () => {
  it('sends the whole file with caching and range headers', async () => {
    const res = await get(audioPath).expect(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    expect(res.headers['content-length']).toBe(String(SIZE));
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers['last-modified']).toBeTruthy();
    expect(Buffer.compare(res.body as Buffer, body)).toBe(0);
  });

  it('answers the first bytes with 206 and Content-Range', async () => {
    const res = await get(audioPath).set('Range', 'bytes=0-99').expect(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${SIZE}`);
    expect(res.headers['content-length']).toBe('100');
    expect(Buffer.compare(res.body as Buffer, body.subarray(0, 100))).toBe(0);
  });

  it('answers a range in the middle', async () => {
    const res = await get(audioPath).set('Range', 'bytes=4000-5999').expect(206);
    expect(res.headers['content-range']).toBe(`bytes 4000-5999/${SIZE}`);
    expect(Buffer.compare(res.body as Buffer, body.subarray(4000, 6000))).toBe(0);
  });

  it('answers a suffix range with the last bytes', async () => {
    const res = await get(audioPath).set('Range', 'bytes=-500').expect(206);
    expect(res.headers['content-range']).toBe(`bytes ${SIZE - 500}-${SIZE - 1}/${SIZE}`);
    expect(Buffer.compare(res.body as Buffer, body.subarray(SIZE - 500))).toBe(0);
  });

  it('answers an open-ended range up to the end', async () => {
    const res = await get(audioPath).set('Range', 'bytes=9000-').expect(206);
    expect(res.headers['content-range']).toBe(`bytes 9000-${SIZE - 1}/${SIZE}`);
    expect(Buffer.compare(res.body as Buffer, body.subarray(9000))).toBe(0);
  });

  it('clamps a range past the end to the file', async () => {
    const res = await get(audioPath).set('Range', 'bytes=9990-20000').expect(206);
    expect(res.headers['content-range']).toBe(`bytes 9990-${SIZE - 1}/${SIZE}`);
  });

  it('answers an unsatisfiable range with 416 and the size', async () => {
    const res = await request(app).get(audioPath).set('Range', `bytes=${SIZE}-`).expect(416);
    expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
    expect(res.body.message).toBeTruthy();
  });

  it('ignores a malformed or multi-part range and sends the whole file', async () => {
    await get(audioPath).set('Range', 'bytes=abc').expect(200);
    await get(audioPath).set('Range', 'bytes=0-1,5-6').expect(200);
  });

  it('revalidates with 304 by ETag and by date', async () => {
    const first = await get(audioPath).expect(200);
    const byTag = await request(app).get(audioPath).set('If-None-Match', first.headers.etag!).expect(304);
    expect(byTag.headers.etag).toBe(first.headers.etag);
    expect(byTag.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    await request(app).get(audioPath).set('If-Modified-Since', first.headers['last-modified']!).expect(304);
    await get(audioPath).set('If-None-Match', '"other"').expect(200);
  });

  it('applies a Range only while If-Range still matches', async () => {
    const { headers } = await get(audioPath).expect(200);
    await get(audioPath).set('Range', 'bytes=0-9').set('If-Range', headers.etag!).expect(206);
    await get(audioPath).set('Range', 'bytes=0-9').set('If-Range', '"stale"').expect(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await request(app).head(audioPath).expect(200);
    expect(res.headers['content-length']).toBe(String(SIZE));
    expect(res.headers['accept-ranges']).toBe('bytes');
  });

  it('serves images with their type', async () => {
    const res = await get('/media/images/1700000000000cover.png').expect(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it.each([
    '/media/audio/..%2Fsecret.txt',
    '/media/audio/%2e%2e',
    '/media/audio/..%5C..%5Csecret.txt',
    '/media/images/..%2F..%2Fmedia%2Fsecret.txt',
    '/media/.incoming/anything',
    '/media/audio/missing.mp3',
    '/media/audio/.hidden.mp3',
    '/media/secret.txt',
  ])('never serves %s', async (url) => {
    const res = await request(app).get(url).expect(404);
    expect(res.body.message).toBeTruthy();
  });
});

describe('parseRange', () => {
  it('handles every form of a single range', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange(undefined, 10)).toBeUndefined();
  });
});
