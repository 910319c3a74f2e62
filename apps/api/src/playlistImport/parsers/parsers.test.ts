import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@samaa/shared';
import { HttpError } from '../../http/errors.js';
import { parsePlaylistFile } from './parsePlaylistFile.js';

const EXPORTIFY_HEADER =
  '"Track URI","Track Name","Album Name","Artist Name(s)","Release Date","Duration (ms)","Popularity","Added By","Added At","Genres","ISRC"';

const file = (text: string) => Buffer.from(text, 'utf8');

function refused(data: Buffer | string, name = ''): HttpError {
  try {
    parsePlaylistFile(typeof data === 'string' ? file(data) : data, name);
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected the file to be refused');
}

describe('Exportify CSV', () => {
  it('reads the columns by name in any order, with a BOM, CRLF and quoted commas', () => {
    const csv =
      '\uFEFF' +
      [
        EXPORTIFY_HEADER,
        '"spotify:track:1","Hello, Goodbye - Remastered 2009","Magical Mystery Tour","The Beatles","1967-11-27","208000","60","","","rock","GBAYE0601643"',
        '"spotify:track:2","Under Pressure","Hot Space","Queen, David Bowie","1981","248440","80","","","","GBUM71029604"',
        '"spotify:track:3","Say ""Hi""","Album","Artist","","","","","","",""',
      ].join('\r\n') +
      '\r\n';
    const parsed = parsePlaylistFile(file(csv), 'Road Trip.csv');
    expect(parsed.format).toBe('csv');
    expect(parsed.name).toBe('Road Trip');
    expect(parsed.rows).toEqual([
      { title: 'Hello, Goodbye - Remastered 2009', artists: ['The Beatles'], album: 'Magical Mystery Tour', durationMs: 208000, isrc: 'GBAYE0601643' },
      { title: 'Under Pressure', artists: ['Queen', 'David Bowie'], album: 'Hot Space', durationMs: 248440, isrc: 'GBUM71029604' },
      { title: 'Say "Hi"', artists: ['Artist'], album: 'Album' },
    ]);
  });

  it('reads a 10,000-row file', () => {
    const lines = [EXPORTIFY_HEADER];
    for (let i = 0; i < IMPORT_LIMITS.maxRows; i++) {
      lines.push(`"spotify:track:${i}","Song ${i}","Album ${i % 50}","Artist ${i % 300}","2020","${180000 + i}","1","","","","USRC1${String(i).padStart(7, '0')}"`);
    }
    const parsed = parsePlaylistFile(file(lines.join('\n')), 'big.csv');
    expect(parsed.rows).toHaveLength(10_000);
    expect(parsed.rows[9999]).toEqual({ title: 'Song 9999', artists: ['Artist 99'], album: 'Album 49', durationMs: 189999, isrc: 'USRC10009999' });
  });

  it('refuses a file over the row limit with the limit in the message', () => {
    const lines = ['Track Name,Artist Name(s)'];
    for (let i = 0; i <= IMPORT_LIMITS.maxRows; i++) lines.push(`Song ${i},Artist`);
    const err = refused(lines.join('\n'));
    expect(err.status).toBe(400);
    expect(err.message).toBe(IMPORT_MESSAGES.tooManyRows);
    expect(err.message).toContain('10,000');
  });

  it('refuses a CSV with an unclosed quote with a 400 that says where', () => {
    const err = refused('Track Name,Artist Name(s)\n"Broken,Artist\n');
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^The CSV file could not be read: /);
  });

  it('refuses a header-only file', () => {
    expect(refused('Track Name,Artist Name(s)\n').message).toBe(IMPORT_MESSAGES.noTracks);
  });
});

describe('Spotify account-data JSON', () => {
  it('reads the first playlist of Playlist1.json, skipping entries without a track', () => {
    const json = JSON.stringify({
      playlists: [
        {
          name: 'Summer 2024',
          lastModifiedDate: '2024-08-01',
          items: [
            { track: { trackName: 'Heat Waves', artistName: 'Glass Animals', albumName: 'Dreamland', trackUri: 'spotify:track:abc' }, episode: null, localTrack: null, addedDate: '2024-06-01' },
            { track: null, episode: { episodeName: 'A podcast' }, localTrack: null },
            { track: { trackName: 'Kesariya', artistName: 'Pritam, Arijit Singh', albumName: 'Brahmastra', trackUri: 'spotify:track:def' } },
          ],
        },
      ],
    });
    const parsed = parsePlaylistFile(file(`\uFEFF${json}`), 'Playlist1.json');
    expect(parsed).toEqual({
      format: 'spotify-json',
      name: 'Summer 2024',
      rows: [
        { title: 'Heat Waves', artists: ['Glass Animals'], album: 'Dreamland', location: 'spotify:track:abc' },
        { title: 'Kesariya', artists: ['Pritam', 'Arijit Singh'], album: 'Brahmastra', location: 'spotify:track:def' },
      ],
    });
  });

  it('refuses JSON that is not a playlist export', () => {
    expect(refused('{"hello": "world"}', 'x.json').message).toBe(IMPORT_MESSAGES.badJson);
    expect(refused('{"playlists": [', 'x.json').message).toBe(IMPORT_MESSAGES.badJson);
  });
});

describe('M3U / M3U8', () => {
  it('reads #EXTINF artist – title and duration, and names the playlist from #PLAYLIST', () => {
    const m3u = '\uFEFF#EXTM3U\r\n#PLAYLIST:Night drive\r\n#EXTINF:215,Daft Punk - Get Lucky (feat. Pharrell Williams)\r\nhttp://host/media/audio/a.mp3\r\n#EXTINF:-1,Untitled\r\n/music/b.flac\r\n';
    const parsed = parsePlaylistFile(file(m3u), 'x.m3u8');
    expect(parsed).toEqual({
      format: 'm3u',
      name: 'Night drive',
      rows: [
        { title: 'Get Lucky (feat. Pharrell Williams)', artists: ['Daft Punk'], durationMs: 215000, location: 'http://host/media/audio/a.mp3' },
        { title: 'Untitled', artists: [], location: '/music/b.flac' },
      ],
    });
  });

  it('reads bare paths as "Artist - Title" file names', () => {
    const parsed = parsePlaylistFile(file('Music\\Queen\\01 - Queen - Bohemian Rhapsody.mp3\n/srv/music/Caf%C3%A9%20Tacvba%20-%20Eres.ogg\n'), 'old.m3u');
    expect(parsed.rows.map((r) => [r.artists, r.title])).toEqual([
      [['Queen'], 'Bohemian Rhapsody'],
      [['Café Tacvba'], 'Eres'],
    ]);
    expect(parsed.name).toBe('old');
  });
});

describe('XSPF', () => {
  it('reads title, creator, album, duration and location', () => {
    const xspf = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<playlist version="1" xmlns="http://xspf.org/ns/0/">
  <title>Café &amp; Chill</title>
  <trackList>
    <track><location>file:///music/a.mp3</location><title>Ocean Eyes</title><creator>Billie Eilish</creator><album>Don't Smile at Me</album><duration>200000</duration></track>
    <track><title>Only a title</title></track>
  </trackList>
</playlist>`;
    expect(parsePlaylistFile(file(xspf), 'p.xspf')).toEqual({
      format: 'xspf',
      name: 'Café & Chill',
      rows: [
        { title: 'Ocean Eyes', artists: ['Billie Eilish'], album: "Don't Smile at Me", durationMs: 200000, location: 'file:///music/a.mp3' },
        { title: 'Only a title', artists: [] },
      ],
    });
  });

  it('refuses malformed XML and XML that is not XSPF', () => {
    expect(refused('<playlist><trackList><track></playlist>', 'p.xspf').message).toMatch(/^The XSPF file could not be read: /);
    expect(refused('<html><body>hi</body></html>', 'p.xspf').message).toBe(IMPORT_MESSAGES.unknownFormat);
  });
});

describe('a wrong file', () => {
  it.each([
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'cover.png'],
    ['plain text', file('just some notes\nabout music\n'), 'notes.txt'],
    ['a CSV without track columns', file('id,price\n1,2\n'), 'prices.csv'],
    ['an empty file', file(''), 'empty.csv'],
  ])('refuses %s with a 400 that names the formats expected', (_what, data, name) => {
    const err = refused(data, name);
    expect(err.status).toBe(400);
    expect(err.message).toBe(IMPORT_MESSAGES.unknownFormat);
    expect(err.message).toContain('Exportify CSV');
    expect(err.message).toContain('XSPF');
  });

  it('refuses a file over the size limit before reading it', () => {
    const err = refused(Buffer.alloc(IMPORT_LIMITS.maxFileBytes + 1, 0x41));
    expect(err.message).toBe(IMPORT_MESSAGES.tooLarge);
  });
});
