import request from 'supertest';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearDatabase, useTestDatabase } from '../test/db.js';
import { createTestApp, createUser } from '../test/context.js';
import { createApiKey } from '../apiKeys/apiKeys.service.js';
import { addSongs } from '../songs/songs.service.js';
import { assertValidSubsonicXml } from '../test/subsonicClient.js';
import { saveLyrics } from './lyrics.repo.js';

useTestDatabase();
const { app, ctx } = createTestApp();
let key: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  await clearDatabase();
  const user = await createUser();
  key = (await createApiKey(ctx, user._id, { name: 'Phone' })).key;
  const remote = { img: 'https://example.com/c.jpg', song: 'https://example.com/a.mp3', artist: 'Muse Test' };
  const [synced, plain, none] = await addSongs(ctx, [
    { ...remote, name: 'Hysteria Test' },
    { ...remote, name: 'Plain Song' },
    { ...remote, name: 'Silent Song' },
  ]);
  Object.assign(ids, { synced, plain, none });
  await saveLyrics(ctx.data, ids.synced!, {
    source: 'sidecar',
    synced: true,
    lang: 'eng',
    lines: [
      { start: 0, text: "It's bugging me", cues: [{ start: 0, text: "It's " }, { start: 400, text: 'bugging ' }, { start: 900, text: 'me' }] },
      { start: 2000, text: 'Grating me & you' },
    ],
  });
  await saveLyrics(ctx.data, ids.plain!, { source: 'tags', synced: false, lines: [{ text: 'First words' }, { text: 'Café <second>' }] });
  await saveLyrics(ctx.data, ids.none!, { source: 'none', synced: false, lines: [] });
});

const rest = (method: string, params: Record<string, string>, format: 'json' | 'xml') =>
  `/rest/${method}?${new URLSearchParams({ apiKey: key, v: '1.16.1', c: 'test', ...(format === 'json' ? { f: 'json' } : {}), ...params })}`;

async function json(method: string, params: Record<string, string> = {}) {
  const res = await request(app).get(rest(method, params, 'json')).expect(200);
  expect(res.body['subsonic-response'].status).toBe('ok');
  return res.body['subsonic-response'];
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', textNodeName: 'value', isArray: (name) => ['structuredLyrics', 'line', 'cueLine', 'cue'].includes(name) });

async function xml(method: string, params: Record<string, string> = {}) {
  const res = await request(app).get(rest(method, params, 'xml')).expect(200);
  await assertValidSubsonicXml(res.text);
  return parser.parse(res.text)['subsonic-response'];
}

describe('Subsonic lyrics', () => {
  it('getOpenSubsonicExtensions lists songLyrics with versions 1 and 2', async () => {
    const body = await json('getOpenSubsonicExtensions');
    expect(body.openSubsonicExtensions).toContainEqual({ name: 'songLyrics', versions: [1, 2] });
    await xml('getOpenSubsonicExtensions');
  });

  it('getLyricsBySongId: a synced song in JSON and in XML (valid against the XSD)', async () => {
    const body = await json('getLyricsBySongId', { id: ids.synced! });
    expect(body.lyricsList).toEqual({
      structuredLyrics: [
        {
          displayArtist: 'Muse Test',
          displayTitle: 'Hysteria Test',
          lang: 'eng',
          offset: 0,
          synced: true,
          line: [
            { start: 0, value: "It's bugging me" },
            { start: 2000, value: 'Grating me & you' },
          ],
        },
      ],
    });
    const fromXml = await xml('getLyricsBySongId', { id: ids.synced! });
    expect(fromXml.lyricsList.structuredLyrics[0]).toMatchObject({ lang: 'eng', synced: 'true', displayTitle: 'Hysteria Test' });
    expect(fromXml.lyricsList.structuredLyrics[0].line).toEqual([
      { start: '0', value: "It's bugging me" },
      { start: '2000', value: 'Grating me & you' },
    ]);
  });

  it('getLyricsBySongId: a plain song in JSON and XML, and an empty list for a song without lyrics', async () => {
    const body = await json('getLyricsBySongId', { id: ids.plain! });
    expect(body.lyricsList.structuredLyrics).toEqual([
      { displayArtist: 'Muse Test', displayTitle: 'Plain Song', lang: 'xxx', offset: 0, synced: false, line: [{ value: 'First words' }, { value: 'Café <second>' }] },
    ]);
    const fromXml = await xml('getLyricsBySongId', { id: ids.plain! });
    expect(fromXml.lyricsList.structuredLyrics[0].line).toEqual(['First words', 'Café <second>']);
    expect((await json('getLyricsBySongId', { id: ids.none! })).lyricsList).toEqual({ structuredLyrics: [] });
    await xml('getLyricsBySongId', { id: ids.none! });
    const unknown = (await request(app).get(rest('getLyricsBySongId', { id: '64b000000000000000000000' }, 'json'))).body['subsonic-response'];
    expect(unknown).toMatchObject({ status: 'failed', error: { code: 70 } });
  });

  it('getLyricsBySongId enhanced=true (v2): kind and word cues with UTF-8 byte ranges', async () => {
    const body = await json('getLyricsBySongId', { id: ids.synced!, enhanced: 'true' });
    const structured = body.lyricsList.structuredLyrics[0];
    expect(structured.kind).toBe('main');
    expect(structured.cueLine).toEqual([
      {
        index: 0,
        start: 0,
        value: "It's bugging me",
        cue: [
          { start: 0, byteStart: 0, byteEnd: 3, value: "It's" },
          { start: 400, byteStart: 5, byteEnd: 11, value: 'bugging' },
          { start: 900, byteStart: 13, byteEnd: 14, value: 'me' },
        ],
      },
    ]);
    const fromXml = await xml('getLyricsBySongId', { id: ids.synced!, enhanced: 'true' });
    expect(fromXml.lyricsList.structuredLyrics[0].cueLine[0].cue[1]).toEqual({ start: '400', byteStart: '5', byteEnd: '11', value: 'bugging' });
  });

  it('getLyrics by artist and title: plain text, or an empty element', async () => {
    const body = await json('getLyrics', { artist: 'muse test', title: 'Plain Song' });
    expect(body.lyrics).toEqual({ artist: 'Muse Test', title: 'Plain Song', value: 'First words\nCafé <second>' });
    const fromXml = await xml('getLyrics', { artist: 'Muse Test', title: 'Hysteria Test' });
    expect(fromXml.lyrics).toEqual({ artist: 'Muse Test', title: 'Hysteria Test', value: "It's bugging me\nGrating me & you" });
    expect((await json('getLyrics', { artist: 'Nobody', title: 'Plain Song' })).lyrics).toEqual({});
    await xml('getLyrics', { title: 'Nothing Like This' });
  });
});
