import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { parseFile } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { useTestDatabase, storedSongs } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { id3TagSize, mpegBitrateKbps, mpegFrameBytes, mpegFrameInfo, readXingInfo } from '@samaa/shared';
import { DEMO_SONGS } from './demo/catalogue.js';
import { renderTune } from './demo/synth.js';
import { DEMO_KBPS, DEMO_SAMPLE_RATE, seedDemoCatalogue } from './demoSeed.js';

const SongModel = storedSongs();

useTestDatabase();

/** Walks every frame after the ID3 tag; throws at the first broken header. */
function walkFrames(mp3: Buffer): { frames: number; kbps: Set<number>; sampleRate: number } {
  let at = id3TagSize(mp3);
  let frames = 0;
  const kbps = new Set<number>();
  let sampleRate = 0;
  while (at < mp3.length) {
    const bytes = mpegFrameBytes(mp3, at);
    if (!bytes) throw new Error(`no frame header at byte ${at}`);
    kbps.add(mpegBitrateKbps(mp3, at)!);
    sampleRate = mpegFrameInfo(mp3, at)!.sampleRate;
    at += bytes;
    frames += 1;
  }
  if (at !== mp3.length) throw new Error('last frame is truncated');
  return { frames, kbps, sampleRate };
}

describe('demo catalogue', () => {
  it('seeds about a dozen playable songs once, with real MP3 files and PNG covers', async () => {
    const { ctx, app } = createTestApp({ SEED_DEMO: 'true' });
    expect(await seedDemoCatalogue(ctx)).toBe(DEMO_SONGS.length);
    expect(await seedDemoCatalogue(ctx)).toBe(0);
    const songs = await SongModel.find().lean();
    expect(songs).toHaveLength(DEMO_SONGS.length);
    expect(new Set(songs.map((s) => s.name)).size).toBe(DEMO_SONGS.length);

    for (const song of songs) {
      expect(song.song).toMatch(/^\/media\/audio\/\d{13}[A-Za-z0-9-]+\.mp3$/);
      expect(song.img).toMatch(/^\/media\/images\/\d{13}[A-Za-z0-9-]+\.png$/);
      const audioFile = path.join(ctx.config.media.dir, 'audio', path.basename(song.song));
      const imageFile = path.join(ctx.config.media.dir, 'images', path.basename(song.img));
      const mp3 = fs.readFileSync(audioFile);
      const { frames, kbps, sampleRate } = walkFrames(mp3);
      expect(sampleRate).toBe(DEMO_SAMPLE_RATE);
      expect([...kbps]).toEqual([DEMO_KBPS]);
      // 576 samples per MPEG-2 layer III frame.
      expect(Math.abs((frames * 576) / sampleRate - song.duration!)).toBeLessThan(1);
      expect(song.duration).toBeGreaterThanOrEqual(20);
      expect(song.duration).toBeLessThanOrEqual(40);
      expect(fs.readFileSync(imageFile).subarray(1, 4).toString()).toBe('PNG');
    }

    // Every file starts with a LAME Info frame, and the song stores what it records.
    for (const song of songs) {
      const mp3 = fs.readFileSync(path.join(ctx.config.media.dir, 'audio', path.basename(song.song)));
      const info = readXingInfo(mp3);
      expect(info).toMatchObject({ sampleRate: DEMO_SAMPLE_RATE, samplesPerFrame: 576 });
      expect(song).toMatchObject({ encoderDelay: info!.encoderDelay, encoderPadding: info!.encoderPadding, sampleRate: DEMO_SAMPLE_RATE });
    }

    const [first] = songs;
    const tags = await parseFile(path.join(ctx.config.media.dir, 'audio', path.basename(first!.song)));
    expect(tags.common.title).toBe(first!.name);
    expect(tags.common.artist).toBe(first!.artist);
    const { token } = await createUser();
    await request(app).get(first!.song).set('x-auth-token', token).set('Range', 'bytes=0-1023').expect(206).expect('Content-Type', 'audio/mpeg');
    await request(app).get(first!.img).set('x-auth-token', token).expect(200).expect('Content-Type', 'image/png');
  }, 240_000);

  it('includes one piece cut in two mid-phrase, whose parts add up to the whole tune', async () => {
    const { ctx } = createTestApp({ SEED_DEMO: 'true' });
    await SongModel.deleteMany({});
    await seedDemoCatalogue(ctx);
    const parts = await SongModel.find({ album: 'Live at the Lake' }).sort({ trackNumber: 1 }).lean();
    expect(parts.map((p) => [p.name, p.trackNumber])).toEqual([
      ['Live at the Lake, Part 1', 1],
      ['Live at the Lake, Part 2', 2],
    ]);
    const [part1, part2] = parts.map((p) => {
      const info = readXingInfo(fs.readFileSync(path.join(ctx.config.media.dir, 'audio', path.basename(p.song))))!;
      return { ...info, kept: info.frames! * info.samplesPerFrame - info.encoderDelay! - info.encoderPadding! };
    });
    const demo = DEMO_SONGS.find((d) => d.name === 'Live at the Lake, Part 1')!;
    const cutSample = Math.round(demo.cut!.at * DEMO_SAMPLE_RATE);
    expect(cutSample % 576).not.toBe(0);
    expect(part1!.kept).toBe(cutSample);
    expect(part1!.kept + part2!.kept).toBe(renderTune(demo.tune, DEMO_SAMPLE_RATE).length);
    // Part 2 carries the samples before the cut as encoder delay, for the encoder's context.
    expect(part2!.encoderDelay).toBeGreaterThan(576);
    const tags = await parseFile(path.join(ctx.config.media.dir, 'audio', path.basename(parts[1]!.song)));
    expect(tags.common).toMatchObject({ album: 'Live at the Lake', track: { no: 2, of: null } });
  }, 240_000);

  it('does nothing when SEED_DEMO is false or songs exist', async () => {
    const off = createTestApp({ SEED_DEMO: 'false' });
    await SongModel.deleteMany({});
    expect(await seedDemoCatalogue(off.ctx)).toBe(0);
    expect(fs.readdirSync(path.join(off.ctx.config.media.dir, 'audio'))).toHaveLength(0);
    expect(await SongModel.countDocuments()).toBe(0);
  });
});
