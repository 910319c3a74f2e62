import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningFake } from '@samaa/test-fakes';
import type { UploadResult } from '@samaa/shared';
import { useTestDatabase } from '../test/db.js';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { coverArtPng } from './demo/coverArt.js';
import { id3v2Tag } from './demo/id3.js';
import { encodeMp3 } from './demo/mp3.js';
import { renderTune } from './demo/synth.js';

useTestDatabase();
const { ctx, app } = createTestApp({ MAX_AUDIO_MB: '1', MAX_IMAGE_MB: '0.05' });
const mediaDir = ctx.config.media.dir;
let server: RunningFake;
let admin: TestUser;

const files = (folder: string) => fs.readdirSync(path.join(mediaDir, folder));

/** A real MP3: a few seconds of synthesised tones, with an ID3v2 tag in front. */
function taggedMp3(seconds: number, tag: Parameters<typeof id3v2Tag>[0]): Buffer {
  const tune = { tonic: 60, mode: 'major', progression: [0, 4], bpm: 120, lead: 'sine', kick: false, seconds } as const;
  return Buffer.concat([id3v2Tag(tag), encodeMp3(renderTune(tune, 22050), 22050, 64)]);
}

interface TusOptions {
  kind?: string;
  filename?: string;
  token?: string;
  chunkSize?: number;
  uploadUrl?: string;
  onProgress?: (sent: number, upload: tus.Upload) => void;
}

/** Uploads with the real tus client; resolves with the finish response, rejects with the tus error. */
function tusUpload(data: Buffer, opts: TusOptions = {}): { upload: tus.Upload; done: Promise<UploadResult> } {
  let upload!: tus.Upload;
  const done = new Promise<UploadResult>((resolve, reject) => {
    upload = new tus.Upload(data, {
      endpoint: `${server.url}/api/uploads`,
      uploadUrl: opts.uploadUrl,
      chunkSize: opts.chunkSize ?? Infinity,
      retryDelays: null,
      headers: { 'x-auth-token': opts.token ?? admin.token },
      metadata: { filename: opts.filename ?? 'song.mp3', filetype: 'audio/mpeg', kind: opts.kind ?? 'audio' },
      onProgress: (sent) => opts.onProgress?.(sent, upload),
      onSuccess: ({ lastResponse }) => resolve(JSON.parse(lastResponse.getBody()) as UploadResult),
      onError: reject,
    });
    upload.start();
  });
  return { upload, done };
}

let tinyMp3: Buffer | undefined;
const tiny = () => (tinyMp3 ??= taggedMp3(1, {}));

const statusOf = (err: unknown) => (err as tus.DetailedError).originalResponse?.getStatus();
const messageOf = (err: unknown) =>
  (JSON.parse((err as tus.DetailedError).originalResponse?.getBody() ?? '{}') as { message?: string }).message;

beforeAll(async () => {
  admin = await createUser({ admin: true });
  server = await listen(app);
});
afterAll(() => server.close());

describe('tus uploads into the media store', () => {
  it('uploads in several chunks, survives an interruption and resumes where the server stopped', async () => {
    const mp3 = taggedMp3(12, { title: 'Chunked', artist: 'Tester' });
    const chunkSize = 16 * 1024;
    expect(mp3.length).toBeGreaterThan(5 * chunkSize);

    // Cut the connection in the middle of the third chunk.
    let interrupted!: (aborting: Promise<void>) => void;
    const aborted = new Promise<void>((resolve) => (interrupted = resolve));
    const first = tusUpload(mp3, {
      filename: 'Chunked Song.mp3',
      chunkSize,
      onProgress: (sent, upload) => {
        if (sent > 2.5 * chunkSize) interrupted(upload.abort());
      },
    });
    await aborted;
    const uploadUrl = first.upload.url!;
    expect(uploadUrl).toMatch(/\/api\/uploads\/[0-9a-f]+$/);

    // The server kept what it received: HEAD reports the offset to resume from.
    const head = await request(app)
      .head(new URL(uploadUrl).pathname)
      .set('Tus-Resumable', '1.0.0')
      .set('x-auth-token', admin.token)
      .expect(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThanOrEqual(2 * chunkSize);
    expect(offset).toBeLessThan(mp3.length);
    expect(files('audio')).toHaveLength(0);

    const patches: number[] = [];
    const resumed = new Promise<UploadResult>((resolve, reject) => {
      const upload = new tus.Upload(mp3, {
        uploadUrl,
        chunkSize,
        retryDelays: null,
        headers: { 'x-auth-token': admin.token },
        onBeforeRequest: (req) => {
          if (req.getMethod() === 'PATCH') patches.push(Number(req.getHeader('Upload-Offset')));
        },
        onSuccess: ({ lastResponse }) => resolve(JSON.parse(lastResponse.getBody()) as UploadResult),
        onError: reject,
      });
      upload.start();
    });
    const result = await resumed;
    expect(patches[0]).toBe(offset);
    expect(patches.length).toBeGreaterThan(1);

    expect(result.url).toMatch(/^\/media\/audio\/\d{13}Chunked-Song\.mp3$/);
    const stored = fs.readFileSync(path.join(mediaDir, 'audio', decodeURIComponent(path.basename(result.url))));
    expect(Buffer.compare(stored, mp3)).toBe(0);
    expect(files('.incoming')).toHaveLength(0);
    const served = await request(app).get(result.url).set('x-auth-token', admin.token).expect(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
  });

  it('pre-fills title, artist, duration and cover from a real MP3 with ID3 tags', async () => {
    const cover = coverArtPng({ from: [200, 40, 40], to: [40, 40, 200], accent: [255, 255, 255], motif: 'vinyl' });
    const mp3 = taggedMp3(7, {
      title: 'Tagged Tune',
      artist: 'The Testers',
      album: 'Test Pressings',
      trackNumber: 3,
      year: 2021,
      userText: { REPLAYGAIN_TRACK_GAIN: '-6.50 dB', REPLAYGAIN_TRACK_PEAK: '0.912' },
      cover: { mime: 'image/png', data: cover },
    });
    const { done } = tusUpload(mp3, { filename: 'tagged.mp3' });
    const result = await done;
    expect(result.metadata).toMatchObject({
      title: 'Tagged Tune',
      artist: 'The Testers',
      album: 'Test Pressings',
      trackNumber: 3,
      year: 2021,
      duration: 7,
      sampleRate: 22050,
      replayGainTrackGain: -6.5,
      replayGainTrackPeak: 0.912,
    });
    expect(result.metadata?.coverUrl).toMatch(/^\/media\/images\/\d{13}tagged-cover\.png$/);
    const img = await request(app).get(result.metadata!.coverUrl!).set('x-auth-token', admin.token).expect(200);
    expect(img.headers['content-type']).toBe('image/png');

    // The same metadata can be read again later for a stored song.
    const again = await request(app)
      .get('/api/uploads/metadata')
      .query({ path: result.url })
      .set('x-auth-token', admin.token)
      .expect(200);
    expect(again.body).toEqual(result);
  });

  it('stores an image under images/ with no audio metadata', async () => {
    const png = coverArtPng({ from: [0, 0, 0], to: [255, 255, 255], accent: [255, 0, 0], motif: 'sunset' });
    const { done } = tusUpload(png, { kind: 'image', filename: 'Front Cover.PNG' });
    const result = await done;
    expect(result).toEqual({ url: expect.stringMatching(/^\/media\/images\/\d{13}Front-Cover\.PNG$/) });
    await request(app).get(result.url).set('x-auth-token', admin.token).expect(200).expect('Content-Type', 'image/png');
  });

  it('rejects a renamed non-audio file at its second chunk and leaves nothing behind', async () => {
    const png = coverArtPng({ from: [0, 0, 0], to: [9, 9, 9], accent: [1, 1, 1], motif: 'waves' });
    expect(png.length).toBeGreaterThan(3 * 1024);
    const before = files('audio').length;
    let sent = 0;
    const err = await tusUpload(png, {
      filename: 'not-really.mp3',
      chunkSize: 1024,
      onProgress: (bytes) => (sent = Math.max(sent, bytes)),
    }).done.catch((e: unknown) => e);
    expect(statusOf(err)).toBe(415);
    expect(sent).toBeLessThanOrEqual(2 * 1024);
    expect(messageOf(err)).toMatch(/not a supported audio format/);
    expect(files('audio')).toHaveLength(before);
    expect(files('.incoming')).toHaveLength(0);
  });

  it('rejects text renamed as an image', async () => {
    const err = await tusUpload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
      kind: 'image',
      filename: 'cover.png',
    }).done.catch((e: unknown) => e);
    expect(statusOf(err)).toBe(415);
    expect(files('.incoming')).toHaveLength(0);
  });

  it('rejects an oversize file before storing anything', async () => {
    const big = Buffer.concat([id3v2Tag({ title: 'big' }), Buffer.alloc(1024 * 1024 + 1)]);
    const err = await tusUpload(big, { filename: 'big.mp3' }).done.catch((e: unknown) => e);
    expect(statusOf(err)).toBe(413);
    expect(messageOf(err)).toBe('Audio files may be at most 1 MB');
    const image = await tusUpload(Buffer.alloc(60 * 1024, 1), { kind: 'image', filename: 'big.png' }).done.catch(
      (e: unknown) => e,
    );
    expect(statusOf(image)).toBe(413);
    expect(files('.incoming')).toHaveLength(0);
  });

  it.each(['../../evil.mp3', '..\\..\\evil.mp3', 'ok\u0000.mp3', '..'])('rejects the file name %j', async (filename) => {
    const err = await tusUpload(tiny(), { filename }).done.catch((e: unknown) => e);
    expect(statusOf(err)).toBe(400);
    expect(messageOf(err)).toBe('Invalid file name');
    expect(files('.incoming')).toHaveLength(0);
  });

  it('rejects an unknown kind and a deferred length', async () => {
    const err = await tusUpload(tiny(), { kind: 'video' }).done.catch((e: unknown) => e);
    expect(statusOf(err)).toBe(400);
    const deferred = await request(app)
      .post('/api/uploads')
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Defer-Length', '1')
      .set('Upload-Metadata', `filename ${Buffer.from('a.mp3').toString('base64')},kind ${Buffer.from('audio').toString('base64')}`)
      .set('x-auth-token', admin.token)
      .expect(400);
    expect(JSON.parse(deferred.text)).toEqual({ message: 'The upload size must be declared' });
  });

  it('requires an admin token', async () => {
    const listener = await createUser();
    expect(statusOf(await tusUpload(tiny(), { token: 'nope' }).done.catch((e: unknown) => e))).toBe(401);
    expect(statusOf(await tusUpload(tiny(), { token: listener.token }).done.catch((e: unknown) => e))).toBe(
      403,
    );
    await request(app).get('/api/uploads/metadata?path=/media/audio/x.mp3').expect(401);
  });

  it('answers bad metadata paths with 400 and missing files with 404', async () => {
    const get = (p: string) => request(app).get('/api/uploads/metadata').query({ path: p }).set('x-auth-token', admin.token);
    await get('/etc/passwd').expect(400);
    await get('/media/audio/..%2F..%2Fsecret').expect(400);
    await get('/media/images/x.png').expect(400);
    await get('/media/audio/missing.mp3').expect(404);
  });
});
