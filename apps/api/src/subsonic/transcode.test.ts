import fs from 'node:fs';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { addSongs } from '../songs/songs.service.js';
import { createTestApp, createTestContext, createUser } from '../test/context.js';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { listenApp, type ListeningApp } from '../test/listen.js';
import { ffmpegPath, gatedFfmpeg, noiseMp3, until } from '../test/audio.js';
import { assertValidSubsonicXml } from '../test/subsonicClient.js';

useTestDatabase();

type TestApp = ReturnType<typeof createTestApp>;

/**
 * Three apps on one database: ffmpeg from npm (through an open gate that counts its encodes),
 * none, and a gated ffmpeg with one encode at most.
 */
let main: TestApp;
const none = createTestApp({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
let counted: ReturnType<typeof gatedFfmpeg>;
let gate: ReturnType<typeof gatedFfmpeg>;
let limited: TestApp;
const servers: ListeningApp[] = [];
let key = '';
let original: Buffer;
const ids: Record<string, string> = {};
const SECONDS = 5;

/** Writes the source into an app's media folder. */
function storeSource(dir: string, name: string, bytes: Buffer) {
  fs.mkdirSync(path.join(dir, 'audio'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'audio', name), bytes);
}

beforeAll(async () => {
  const ffmpeg = await ffmpegPath(createTestContext().config);
  counted = gatedFfmpeg(ffmpeg);
  main = createTestApp({ FFMPEG_PATH: counted.path });
  gate = gatedFfmpeg(ffmpeg);
  gate.close();
  limited = createTestApp({ FFMPEG_PATH: gate.path, TRANSCODE_MAX_ENCODES: '1' });
  original = await noiseMp3(ffmpeg, path.join(main.ctx.config.media.dir, 'audio', 'noise.mp3'), SECONDS, 192);
  for (const app of [none, limited]) {
    storeSource(app.ctx.config.media.dir, 'noise.mp3', original);
    storeSource(app.ctx.config.media.dir, 'noise2.mp3', original);
  }
  storeSource(main.ctx.config.media.dir, 'noise2.mp3', original);
  await clearDatabase();
  const user = await createUser();
  key = (await createApiKey(main.ctx, user._id, { name: 'Phone' })).key;
  storeSource(main.ctx.config.media.dir, 'broken.mp3', Buffer.alloc(4096, 7));
  const [one, two, broken] = await addSongs(main.ctx, [
    { name: 'Pink', artist: 'Noise', img: '/media/images/x.png', song: '/media/audio/noise.mp3', duration: SECONDS },
    { name: 'Pink Two', artist: 'Noise', img: '/media/images/x.png', song: '/media/audio/noise2.mp3', duration: SECONDS },
    { name: 'Broken', artist: 'Noise', img: '/media/images/x.png', song: '/media/audio/broken.mp3' },
  ]);
  Object.assign(ids, { one, two, broken });
  for (const app of [main, none, limited]) servers.push(await listenApp(app.app));
});
afterAll(async () => {
  gate?.open();
  await Promise.all(servers.map((s) => s.close()));
});

const mainUrl = () => servers[0]!.url;
const noneUrl = () => servers[1]!.url;
const limitedUrl = () => servers[2]!.url;
const rest = (base: string, method: string, query: Record<string, string | number>) =>
  `${base}/rest/${method}?${new URLSearchParams({ apiKey: key, v: '1.16.1', c: 'test', f: 'json', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`;

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

const partFiles = (app: TestApp) => {
  const dir = path.join(app.ctx.config.dataDir, 'cache', 'transcodes');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.includes('.part-')) : [];
};

describe('stream with transcoding (ffmpeg from npm)', () => {
  /** Encodes ffmpeg started for the main app. */
  const encodes = () => counted.started();

  it('advertises the transcoding and transcodeOffset extensions', async () => {
    const { body } = await get(rest(mainUrl(), 'getOpenSubsonicExtensions', {}));
    const names = JSON.parse(body.toString())['subsonic-response'].openSubsonicExtensions.map((e: { name: string }) => e.name);
    expect(names).toEqual(expect.arrayContaining(['transcoding', 'transcodeOffset']));
  });

  let opus: Buffer;
  it('encodes to Opus at 96 kbit/s on the fly, chunked, as music-metadata reads it', async () => {
    const before = encodes();
    const { res, body } = await get(rest(mainUrl(), 'stream', { id: ids.one!, format: 'opus', maxBitRate: 96 }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/ogg');
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const { format } = await parseBuffer(body, { mimeType: 'audio/ogg' });
    expect(format.codec).toBe('Opus');
    expect(format.numberOfChannels).toBe(2);
    expect(format.duration).toBeCloseTo(SECONDS, 0);
    // The stream's own rate (bytes over seconds), and music-metadata's figure.
    expect((body.length * 8) / format.duration! / 1000).toBeGreaterThan(86);
    expect((body.length * 8) / format.duration! / 1000).toBeLessThan(106);
    expect(format.bitrate! / 1000).toBeGreaterThan(70);
    expect(format.bitrate! / 1000).toBeLessThan(106);
    expect(encodes() - before).toBe(1);
    opus = body;
  });

  it('serves the cached transcode with Range, without encoding again', async () => {
    const before = encodes();
    const { res, body } = await get(rest(mainUrl(), 'stream', { id: ids.one!, format: 'opus', maxBitRate: 96 }), { range: 'bytes=100-1099' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1099/${opus.length}`);
    expect(res.headers.get('content-type')).toBe('audio/ogg');
    expect(body.equals(opus.subarray(100, 1100))).toBe(true);
    const whole = await get(rest(mainUrl(), 'stream', { id: ids.one!, format: 'opus', maxBitRate: 96 }));
    expect(whole.body.equals(opus)).toBe(true);
    expect(encodes() - before).toBe(0);
  });

  it('starts an encode at timeOffset (transcodeOffset)', async () => {
    const { res, body } = await get(rest(mainUrl(), 'stream', { id: ids.one!, format: 'opus', maxBitRate: 96, timeOffset: 3 }));
    expect(res.status).toBe(200);
    const { format } = await parseBuffer(body, { mimeType: 'audio/ogg' });
    expect(format.codec).toBe('Opus');
    expect(format.duration).toBeGreaterThan(SECONDS - 3 - 0.2);
    expect(format.duration).toBeLessThan(SECONDS - 3 + 0.2);
    const past = await get(rest(mainUrl(), 'stream', { id: ids.one!, format: 'opus', timeOffset: 60 }));
    expect(JSON.parse(past.body.toString())['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 0 } });
  });

  it('shares one encode among 4 concurrent requests for the same song and profile', async () => {
    const before = encodes();
    const url = rest(mainUrl(), 'stream', { id: ids.two!, format: 'mp3', maxBitRate: 128 });
    const answers = await Promise.all([1, 2, 3, 4].map(() => get(url)));
    for (const { res, body } of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      expect(body.equals(answers[0]!.body)).toBe(true);
    }
    const { format } = await parseBuffer(answers[0]!.body, { mimeType: 'audio/mpeg' });
    expect(format.codec).toBe('MPEG 1 Layer 3');
    expect(format.bitrate).toBe(128_000);
    expect(encodes() - before).toBe(1);
  });

  it('answers HEAD with the headers of an encode without starting one', async () => {
    const before = encodes();
    const res = await fetch(rest(mainUrl(), 'stream', { id: ids.two!, format: 'aac', maxBitRate: 48 }), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/aac');
    expect(encodes() - before).toBe(0);
  });

  it('answers error 0, not a broken stream, for a file ffmpeg cannot read', async () => {
    const { res, body } = await get(rest(mainUrl(), 'stream', { id: ids.broken!, format: 'opus' }));
    expect(res.status).toBe(200);
    expect(JSON.parse(body.toString())['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 0, message: 'This song could not be transcoded' } });
    expect(partFiles(main)).toEqual([]);
  });

  it('sends the original when it already fits: its own format within the bit rate, or raw', async () => {
    const before = encodes();
    const fitting: Record<string, string | number>[] = [{ format: 'mp3', maxBitRate: 320 }, { format: 'raw', maxBitRate: 64 }, { maxBitRate: 192 }, {}];
    for (const query of fitting) {
      const { res, body } = await get(rest(mainUrl(), 'stream', { id: ids.one!, ...query }));
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(body.equals(original)).toBe(true);
    }
    expect(encodes() - before).toBe(0);
  });

  it('answers getTranscodeDecision from the client profiles, and getTranscodeStream with its params', async () => {
    const decide = async (client: object) => {
      const res = await fetch(rest(mainUrl(), 'getTranscodeDecision', { mediaId: ids.one!, mediaType: 'song' }), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(client),
      });
      return JSON.parse(await res.text())['subsonic-response'];
    };
    const direct = await decide({ name: 'Phone', platform: 'Android', directPlayProfiles: [{ containers: ['mp3'], audioCodecs: ['mp3'], protocols: ['http'] }] });
    expect(direct.transcodeDecision).toMatchObject({ canDirectPlay: true, sourceStream: { container: 'mp3', codec: 'mp3', audioBitrate: 192_000, audioChannels: 2 } });

    const answer = await decide({
      name: 'Phone',
      platform: 'Android',
      maxTranscodingAudioBitrate: 96_000,
      directPlayProfiles: [{ containers: ['flac'], audioCodecs: ['flac'], protocols: ['http'] }],
      transcodingProfiles: [{ container: 'mp4', audioCodec: 'aac', protocol: 'hls' }, { container: 'ogg', audioCodec: 'opus', protocol: 'http' }],
    });
    expect(answer.status).toBe('ok');
    expect(answer.transcodeDecision).toMatchObject({
      canDirectPlay: false,
      canTranscode: true,
      transcodeReason: ['ContainerNotSupported'],
      transcodeParams: 'opus-96-0',
      transcodeStream: { protocol: 'http', container: 'ogg', codec: 'opus', audioBitrate: 96_000 },
    });
    const { res, body } = await get(rest(mainUrl(), 'getTranscodeStream', { mediaId: ids.one!, mediaType: 'song', transcodeParams: answer.transcodeDecision.transcodeParams }));
    expect(res.status).toBe(200);
    expect(body.equals(opus)).toBe(true); // the same encode as stream's, from the cache

    expect((await get(rest(mainUrl(), 'getTranscodeStream', { mediaId: ids.one!, mediaType: 'song', transcodeParams: 'flv-1-0' }))).res.status).toBe(400);
    expect((await get(rest(mainUrl(), 'getTranscodeStream', { mediaId: 'nope', mediaType: 'song', transcodeParams: 'opus-96-0' }))).res.status).toBe(404);
    const noBody = JSON.parse((await get(rest(mainUrl(), 'getTranscodeDecision', { mediaId: ids.one!, mediaType: 'song' }))).body.toString());
    expect(noBody['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 10 } });
    const bad = await decide({ name: 'x', platform: 'y', directPlayProfiles: 'many' });
    expect(bad).toMatchObject({ status: 'failed', error: { code: 0 } });

    // In XML, as valid against the schema (with the extension's elements) as every other answer.
    const xml = await fetch(rest(mainUrl(), 'getTranscodeDecision', { mediaId: ids.one!, mediaType: 'song' }).replace('&f=json', ''), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', platform: 'y', directPlayProfiles: [{ containers: ['flac'], audioCodecs: [], protocols: [] }], transcodingProfiles: [{ container: 'mp3', audioCodec: 'mp3', protocol: 'http' }] }),
    }).then((res) => res.text());
    await assertValidSubsonicXml(xml);
    expect(xml).toContain('<transcodeReason>ContainerNotSupported</transcodeReason>');
    expect(xml).toContain('transcodeParams="mp3-192-0"');
  });
});

describe('the limit on encodes, and a client that leaves', () => {
  const transcoder = () => limited.ctx.transcoder;

  it('refuses an encode past the limit at once with a Subsonic error; a running one finishes', async () => {
    // The gate starts closed: the first encode waits in it.
    const first = get(rest(limitedUrl(), 'stream', { id: ids.one!, format: 'opus', maxBitRate: 96 }));
    await until(() => transcoder().encoding === 1);
    const { res, body } = await get(rest(limitedUrl(), 'stream', { id: ids.two!, format: 'opus', maxBitRate: 96 }));
    expect(res.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(body.toString())['subsonic-response']).toMatchObject({
      status: 'failed',
      error: { code: 0, message: expect.stringContaining('Try again in a moment') },
    });
    const busy = await get(rest(limitedUrl(), 'getTranscodeStream', { mediaId: ids.two!, mediaType: 'song', transcodeParams: 'opus-96-0' }));
    expect(busy.res.status).toBe(503);
    // Joining the running encode is no new encode: not refused.
    const joined = get(rest(limitedUrl(), 'stream', { id: ids.one!, format: 'opus', maxBitRate: 96 }));
    gate.open();
    const [a, b] = await Promise.all([first, joined]);
    expect(a.res.status).toBe(200);
    expect(b.body.equals(a.body)).toBe(true);
    expect((await parseBuffer(a.body, { mimeType: 'audio/ogg' })).format.codec).toBe('Opus');
  });

  it('kills ffmpeg when the only client leaves, and leaves no part file or cached file behind', async () => {
    const dir = path.join(limited.ctx.config.dataDir, 'cache', 'transcodes');
    const cachedBefore = fs.readdirSync(dir).length;
    gate.close();
    const abort = new AbortController();
    const answer = fetch(rest(limitedUrl(), 'stream', { id: ids.two!, format: 'aac', maxBitRate: 64 }), { signal: abort.signal });
    await until(() => transcoder().encoding === 1); // held at the gate: no byte, so no headers yet
    abort.abort();
    await expect(answer).rejects.toThrow();
    await until(() => transcoder().encoding === 0);
    gate.open();
    expect(partFiles(limited)).toEqual([]);
    expect(fs.readdirSync(dir).length).toBe(cachedBefore);
  });
});

describe('without ffmpeg', () => {
  it('serves the original for any format and does not advertise transcoding', async () => {
    const { body } = await get(rest(noneUrl(), 'getOpenSubsonicExtensions', {}));
    const names = JSON.parse(body.toString())['subsonic-response'].openSubsonicExtensions.map((e: { name: string }) => e.name);
    expect(names).not.toContain('transcoding');
    expect(names).not.toContain('transcodeOffset');
    const stream = await get(rest(noneUrl(), 'stream', { id: ids.one!, format: 'opus', maxBitRate: 96 }));
    expect(stream.res.headers.get('content-type')).toBe('audio/mpeg');
    expect(stream.body.equals(original)).toBe(true);
    expect(await none.ctx.transcoder.available()).toBe(false);
  });
});
