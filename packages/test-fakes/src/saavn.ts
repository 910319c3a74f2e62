import type http from 'node:http';
import { listen, type RunningFake } from './listen.js';

/**
 * A fake of the open-source JioSaavn API (github.com/sumitkolhe/jiosaavn-api, v1 routes):
 * GET /api/search/playlists?query, GET /api/playlists?id, GET /api/search/songs?query, with the
 * real `{ success, data }` bodies. Songs carry the real 3 image sizes and 5 download qualities;
 * the download URLs point at a short silent MP3 this server itself serves under /audio/.
 */

export interface SaavnFault {
  /** Milliseconds to wait before answering an /api/ call. */
  delayMs: number;
  /** Answer /api/ calls with this status (and a JSON error body) ... */
  status: number | null;
  /** ... this many times, then answer normally again (Infinity: until cleared). */
  statusTimes: number;
  /** Retry-After header sent with the fault status. */
  retryAfter: string | null;
  /** Answer 200 with a body that is not JSON. */
  malformedJson: boolean;
}

export interface SaavnFake extends RunningFake {
  /** Number of /api/ requests received (audio and images not counted). */
  readonly calls: number;
  /** Path and query of every /api/ request, in order. */
  readonly requests: string[];
  setFault(fault: Partial<SaavnFault>): void;
  /** Clears faults, the call counter and the request log. */
  reset(): void;
  /** Ids of the fake's playlists by name, for tests. */
  playlistIdByName(name: string): string;
}

interface FakeSong {
  id: string;
  name: string;
  artist: string;
  album: string;
}

interface FakePlaylist {
  id: string;
  name: string;
  /** Words a search matches besides the name. */
  tags: string[];
  songIds: string[];
}

const SONGS: FakeSong[] = [
  { id: 'sHeat01', name: 'Heat Waves', artist: 'Glass Animals', album: 'Dreamland' },
  { id: 'sAsIt02', name: 'As It Was', artist: 'Harry Styles', album: "Harry's House" },
  { id: 'sPeach3', name: 'Peaches', artist: 'Justin Bieber', album: 'Justice' },
  { id: 'sBlind4', name: 'Blinding Lights', artist: 'The Weeknd', album: 'After Hours' },
  { id: 'sLevit5', name: 'Levitating', artist: 'Dua Lipa', album: 'Future Nostalgia' },
  { id: 'sSunfl6', name: 'Sunflower', artist: 'Post Malone', album: 'Spider-Verse' },
  { id: 'sOcean7', name: 'Ocean Eyes', artist: 'Billie Eilish', album: "Don't Smile at Me" },
  { id: 'sToxic8', name: 'Toxic', artist: 'Britney Spears', album: 'In the Zone' },
  { id: 'sHeyYa9', name: 'Hey Ya!', artist: 'OutKast', album: 'Speakerboxxx' },
  { id: 'sWonde0', name: 'Wonderwall', artist: 'Oasis', album: "(What's the Story) Morning Glory?" },
  { id: 'sTakeO1', name: 'Take On Me', artist: 'a-ha', album: 'Hunting High and Low' },
  { id: 'sDream2', name: 'Dreams', artist: 'Fleetwood Mac', album: 'Rumours' },
  { id: 'sTumHi3', name: 'Tum Hi Ho', artist: 'Arijit Singh', album: 'Aashiqui 2' },
  { id: 'sKesar4', name: 'Kesariya', artist: 'Arijit Singh', album: 'Brahmastra' },
];

const PLAYLISTS: FakePlaylist[] = [
  { id: '1134543272', name: 'Pop Hits', tags: ['pop', 'trending'], songIds: ['sHeat01', 'sAsIt02', 'sPeach3', 'sLevit5'] },
  { id: '1134543273', name: 'Pop Rising', tags: ['pop'], songIds: ['sBlind4', 'sSunfl6', 'sLevit5'] },
  { id: '1134543274', name: 'Chill Vibes', tags: ['chill', 'lofi', 'sleep', 'focus'], songIds: ['sOcean7', 'sSunfl6', 'sDream2'] },
  { id: '1134543275', name: 'Sad Songs', tags: ['sad', 'romantic'], songIds: ['sTumHi3', 'sOcean7', 'sKesar4'] },
  { id: '1134543276', name: 'Party Starters', tags: ['party', 'workout'], songIds: ['sBlind4', 'sHeyYa9', 'sToxic8', 'sLevit5'] },
  { id: '1134543277', name: 'Best of 2000s', tags: ['2000s', 'trending'], songIds: ['sToxic8', 'sHeyYa9'] },
  { id: '1134543278', name: 'Best of 1990s', tags: ['1990s', '90s'], songIds: ['sWonde0'] },
  { id: '1134543279', name: 'Best of 1980s', tags: ['1980s', '80s'], songIds: ['sTakeO1'] },
  { id: '1134543280', name: 'Best of 1970s', tags: ['1970s', '70s'], songIds: ['sDream2'] },
  { id: '1134543281', name: 'Trending Today', tags: ['trending', 'playlists'], songIds: ['sKesar4', 'sHeat01', 'sAsIt02'] },
  { id: '1134543282', name: 'Romantic Hindi', tags: ['romantic', 'trending'], songIds: ['sTumHi3', 'sKesar4'] },
];

const IMAGE_SIZES = ['50x50', '150x150', '500x500'];
const BITRATES = ['12kbps', '48kbps', '96kbps', '160kbps', '320kbps'];

/**
 * ~4 s of silence (long enough for the player's once-a-second clock to show it moving): MPEG-1
 * Layer III, 128 kbit/s, 44.1 kHz, mono; zeroed side info decodes as silence.
 */
export function silentMp3(frames = 153): Buffer {
  const frameLength = Math.floor((144 * 128_000) / 44_100); // 417 bytes, no padding
  const frame = Buffer.alloc(frameLength);
  frame.set([0xff, 0xfb, 0x90, 0xc4]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

const COVER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><rect width="500" height="500" fill="#1db954"/></svg>';

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** How many words of the query appear in the haystack. */
function hits(query: string, haystack: string[]): number {
  const hay = new Set(haystack.flatMap(words));
  return words(query).filter((w) => hay.has(w)).length;
}

export async function startSaavnFake(): Promise<SaavnFake> {
  let calls = 0;
  const requests: string[] = [];
  let fault: SaavnFault = { delayMs: 0, status: null, statusTimes: Infinity, retryAfter: null, malformedJson: false };
  let base = '';

  const images = (key: string) =>
    IMAGE_SIZES.map((quality) => ({ quality, url: `${base}/image/${key}-${quality}.svg` }));
  const songJson = (song: FakeSong) => ({
    id: song.id,
    name: song.name,
    type: 'song',
    year: '2020',
    releaseDate: null,
    duration: 4,
    label: 'Fake Records',
    explicitContent: false,
    playCount: 1000,
    language: 'english',
    hasLyrics: false,
    lyricsId: null,
    url: `https://www.jiosaavn.com/song/${song.id}`,
    copyright: '(P) Fake Records',
    album: { id: `a-${song.id}`, name: song.album, url: `https://www.jiosaavn.com/album/${song.id}` },
    artists: {
      primary: [{ id: `r-${song.artist}`, name: song.artist, role: 'primary_artists', type: 'artist', image: [], url: '' }],
      featured: [],
      all: [{ id: `r-${song.artist}`, name: song.artist, role: 'primary_artists', type: 'artist', image: [], url: '' }],
    },
    image: images(song.id),
    downloadUrl: BITRATES.map((quality) => ({ quality, url: `${base}/audio/${song.id}_${quality}.mp3` })),
  });
  const songsOf = (playlist: FakePlaylist) =>
    playlist.songIds.map((id) => SONGS.find((s) => s.id === id)).filter((s): s is FakeSong => Boolean(s));
  const playlistSummary = (p: FakePlaylist) => ({
    id: p.id,
    name: p.name,
    type: 'playlist',
    image: images(p.id),
    url: `https://www.jiosaavn.com/featured/${p.id}`,
    songCount: p.songIds.length,
    language: 'english',
    explicitContent: false,
  });
  const page = (url: URL, all: unknown[]) => {
    const limit = Math.max(1, Number(url.searchParams.get('limit')) || 10);
    const pageNo = Math.max(0, Number(url.searchParams.get('page')) || 0);
    const start = pageNo * limit;
    return { total: all.length, start, results: all.slice(start, start + limit) };
  };

  const sendJson = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', ...headers });
    res.end(JSON.stringify(body));
  };

  const answerApi = (url: URL, res: http.ServerResponse) => {
    const query = url.searchParams.get('query') ?? '';
    switch (url.pathname) {
      case '/api/search/playlists': {
        if (!query) return sendJson(res, 400, { success: false, message: 'query is required' });
        // Any matching word finds a playlist; the best matches come first.
        const found = PLAYLISTS.map((p) => ({ p, score: hits(query, [p.name, ...p.tags]) }))
          .filter((x) => x.score > 0)
          .sort((a, b) => b.score - a.score)
          .map((x) => x.p);
        return sendJson(res, 200, { success: true, data: page(url, found.map(playlistSummary)) });
      }
      case '/api/search/songs': {
        if (!query) return sendJson(res, 400, { success: false, message: 'query is required' });
        // Songs are narrower: every word of the query must appear in the title or the artist.
        const found = SONGS.filter((s) => hits(query, [s.name, s.artist]) === words(query).length);
        return sendJson(res, 200, { success: true, data: page(url, found.map(songJson)) });
      }
      case '/api/playlists': {
        const id = url.searchParams.get('id');
        if (!id) return sendJson(res, 400, { success: false, message: 'Either playlist ID or link is required' });
        const playlist = PLAYLISTS.find((p) => p.id === id);
        if (!playlist) return sendJson(res, 404, { success: false, message: 'playlist not found' });
        const limit = Math.max(1, Number(url.searchParams.get('limit')) || 10);
        return sendJson(res, 200, {
          success: true,
          data: {
            ...playlistSummary(playlist),
            description: `${playlist.name} on the fake JioSaavn`,
            year: null,
            playCount: null,
            songs: songsOf(playlist).slice(0, limit).map(songJson),
            artists: [],
          },
        });
      }
      default:
        return sendJson(res, 404, { success: false, message: 'Route not found' });
    }
  };

  const handler: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET' });
      return res.end();
    }
    if (url.pathname.startsWith('/audio/')) {
      const body = silentMp3();
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': body.length, 'access-control-allow-origin': '*' });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    if (url.pathname.startsWith('/image/')) {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' });
      return res.end(COVER_SVG);
    }
    calls += 1;
    requests.push(`${url.pathname}${url.search}`);
    const answer = () => {
      if (res.destroyed) return;
      if (fault.status !== null && fault.statusTimes > 0) {
        fault.statusTimes -= 1;
        const headers: Record<string, string> = fault.retryAfter ? { 'retry-after': fault.retryAfter } : {};
        return sendJson(res, fault.status, { success: false, message: `fake fault ${fault.status}` }, headers);
      }
      if (fault.malformedJson) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"success": true, "data": {"results": [');
      }
      answerApi(url, res);
    };
    if (fault.delayMs > 0) setTimeout(answer, fault.delayMs);
    else answer();
  };

  const running = await listen(handler);
  base = running.url;
  return {
    url: running.url,
    close: running.close,
    get calls() {
      return calls;
    },
    requests,
    setFault(next) {
      fault = { ...fault, ...next };
    },
    reset() {
      calls = 0;
      requests.length = 0;
      fault = { delayMs: 0, status: null, statusTimes: Infinity, retryAfter: null, malformedJson: false };
    },
    playlistIdByName(name) {
      const found = PLAYLISTS.find((p) => p.name === name);
      if (!found) throw new Error(`no fake playlist named ${name}`);
      return found.id;
    },
  };
}
