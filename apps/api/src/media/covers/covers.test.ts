import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { deflateSync } from 'node:zlib';
import express from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { COVER_MESSAGES, MEDIA_ACCESS_MESSAGES } from '@samaa/shared';
import { createTestApp, createUser, type TestUser } from '../../test/context.js';
import { useTestDatabase } from '../../test/db.js';
import { errorHandler } from '../../http/errors.js';
import { createLogger } from '../../logger.js';
import { mediaSigner } from '../mediaSignature.js';
import { PRIVATE_MEDIA_CACHE_CONTROL } from '../mediaFile.js';
import { CoverResizer } from './coverResizer.js';
import { coverResizerOf } from './covers.js';

useTestDatabase();
const { ctx, app } = createTestApp();
const images = path.join(ctx.config.media.dir, 'images');
const WIDE = '/media/images/1700000000000wide.png';
const OTHER = '/media/images/1700000000000other.png';
const signer = mediaSigner(ctx.jwtSecret);
const resizer = coverResizerOf(ctx);
let listener: TestUser;

/** superagent leaves image bodies unbuffered: collect the bytes. */
function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
const get = (url: string) => request(app).get(url).set('x-auth-token', listener.token).buffer(true).parse(binary);

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes claiming 60,000 × 60,000 pixels (a decompression bomb's header). */
function hugePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

beforeAll(async () => {
  await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#3366aa' } }).png().toFile(path.join(images, '1700000000000wide.png'));
  await sharp({ create: { width: 400, height: 400, channels: 3, background: '#aa3366' } }).png().toFile(path.join(images, '1700000000000other.png'));
  fs.writeFileSync(path.join(images, '1700000000000corrupt.png'), Buffer.concat([hugePng().subarray(0, 40), Buffer.from('not an image')]));
  fs.writeFileSync(path.join(images, '1700000000000huge.png'), hugePng());
  listener = await createUser();
});

describe('GET /media/images/…?size=N: covers resized on the server', () => {
  it('fits the cover inside the size, keeping its aspect ratio: jpeg by default, webp when accepted', async () => {
    const jpeg = await get(`${WIDE}?size=300`).expect(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['cache-control']).toBe(PRIVATE_MEDIA_CACHE_CONTROL);
    expect(jpeg.headers.vary).toContain('Accept');
    const meta = await sharp(jpeg.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 150]);
    const webp = await get(`${WIDE}?size=64`).set('Accept', 'image/avif,image/webp,*/*').expect(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.body as Buffer).metadata()).width).toBe(64);
    expect(Number(webp.headers['content-length'])).toBeLessThan(fs.statSync(path.join(images, '1700000000000wide.png')).size);
    // A cover smaller than the size is not enlarged.
    expect((await sharp((await get(`${OTHER}?size=600`).expect(200)).body as Buffer).metadata()).width).toBe(400);
  });

  it('resizes a copy once: later requests read the cache, and a matching ETag answers 304 without a body', async () => {
    const first = await get(`${WIDE}?size=128`).expect(200);
    const resizes = resizer.resizes;
    const again = await get(`${WIDE}?size=128`).expect(200);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const notModified = await get(`${WIDE}?size=128`).set('If-None-Match', first.headers.etag!).expect(304);
    expect(notModified.body).toHaveLength(0);
    expect(resizer.resizes).toBe(resizes);
    // Each size and format is its own copy, with its own ETag.
    const webp = await get(`${WIDE}?size=128`).set('Accept', 'image/webp').expect(200);
    expect(webp.headers.etag).not.toBe(first.headers.etag);
    expect(resizer.resizes).toBe(resizes + 1);
  });

  it('resizes once for concurrent requests of a new copy', async () => {
    const resizes = resizer.resizes;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`${OTHER}?size=300`)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(resizer.resizes).toBe(resizes + 1);
  });

  it('answers 400 for a size that is not listed, and ignores size on audio', async () => {
    for (const size of ['100', '0', '-64', 'abc', '64.5', '99999']) {
      const res = await request(app).get(`${WIDE}?size=${size}`).set('x-auth-token', listener.token).expect(400);
      expect(res.body.message).toBe(COVER_MESSAGES.badSize);
    }
    const repeated = await request(app).get(`${WIDE}?size=64&size=128`).set('x-auth-token', listener.token).expect(400);
    expect(repeated.body.message).toBe(COVER_MESSAGES.badSize);
  });

  it('keeps the access rules: sign-in or a signed link for that very file', async () => {
    expect((await request(app).get(`${WIDE}?size=64`).expect(401)).body.message).toBe(MEDIA_ACCESS_MESSAGES.signInRequired);
    const signed = signer.sign(WIDE, listener._id, new Date(Date.now() + 3600_000));
    const viaLink = await request(app).get(`${signed}&size=64`).buffer(true).parse(binary).expect(200);
    expect((await sharp(viaLink.body as Buffer).metadata()).width).toBe(64);
    // The signature covers the path: the same query on another file is refused, even with a size.
    const query = signed.slice(signed.indexOf('?'));
    expect((await request(app).get(`${OTHER}${query}&size=64`).expect(403)).body.message).toBe(MEDIA_ACCESS_MESSAGES.badLink);
    expect((await request(app).get(`${signed.replace(/sig=./, 'sig=x')}&size=64`).expect(403)).body.message).toBe(MEDIA_ACCESS_MESSAGES.badLink);
  });

  it('answers 422 for a corrupt image and for one whose header claims too many pixels, never a 500', async () => {
    for (const name of ['1700000000000corrupt.png', '1700000000000huge.png']) {
      const res = await request(app).get(`/media/images/${name}?size=300`).set('x-auth-token', listener.token).expect(422);
      expect(res.body.message).toBe(COVER_MESSAGES.unreadable);
    }
  });

  it('serves the original, with one log line, when sharp cannot load', async () => {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const broken = new CoverResizer(ctx.config, createLogger('warn', out), { loadSharp: () => Promise.reject(new Error('no binary')) });
    const source = path.join(images, '1700000000000other.png');
    const mini = express();
    mini.get('/cover', async (req, res) => broken.send(req, res, { source, sourceMime: 'image/png', size: 64, format: 'jpeg', cacheControl: 'private' }));
    mini.use(errorHandler(ctx.logger));
    for (let i = 0; i < 2; i++) {
      const res = await request(mini).get('/cover').buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(res.body as Buffer, fs.readFileSync(source))).toBe(0);
    }
    expect(lines.filter((line) => line.includes('sharp could not load'))).toHaveLength(1);
    expect(broken.resizes).toBe(0);
  });
});
