import { listen, type RunningFake } from './listen.js';

/**
 * A fake of LRCLIB (lrclib.net, and servers speaking its API): GET /api/get?artist_name&
 * track_name&album_name&duration answers 200 with the real record
 * `{ id, trackName, artistName, albumName, duration, instrumental, plainLyrics, syncedLyrics }`,
 * or 404 `{ code, name, message }` when no track matches (title and artist exactly, ignoring
 * case; duration within 2 s, as LRCLIB does).
 */

export interface LrclibTrack {
  trackName: string;
  artistName: string;
  albumName: string;
  duration: number;
  instrumental?: boolean;
  plainLyrics: string | null;
  syncedLyrics: string | null;
}

export interface LrclibFake extends RunningFake {
  /** Path and query of every /api/get request, in order. */
  readonly requests: string[];
  add(track: LrclibTrack): void;
  /** Milliseconds to wait before answering (0: at once). */
  setDelay(ms: number): void;
  /** Clears the requests, the delay and the added tracks. */
  reset(): void;
}

export async function startLrclibFake(): Promise<LrclibFake> {
  let tracks: (LrclibTrack & { id: number })[] = [];
  let requests: string[] = [];
  let delayMs = 0;
  const running = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/api/get') {
      send(404, { code: 404, name: 'NotFound', message: 'Not found' });
      return;
    }
    requests.push(`${url.pathname}${url.search}`);
    const q = (name: string) => (url.searchParams.get(name) ?? '').trim().toLowerCase();
    const duration = Number(url.searchParams.get('duration'));
    if (!q('track_name') || !q('artist_name')) {
      send(400, { code: 400, name: 'QueryParseError', message: 'Failed to deserialize query string' });
      return;
    }
    const found = tracks.find(
      (t) =>
        t.trackName.toLowerCase() === q('track_name') &&
        t.artistName.toLowerCase() === q('artist_name') &&
        (!Number.isFinite(duration) || Math.abs(t.duration - duration) <= 2),
    );
    setTimeout(() => {
      if (!found) send(404, { code: 404, name: 'TrackNotFound', message: 'Failed to find specified track' });
      else send(200, { instrumental: false, ...found });
    }, delayMs);
  });
  return {
    ...running,
    get requests() {
      return requests;
    },
    add(track) {
      tracks.push({ ...track, id: tracks.length + 1 });
    },
    setDelay(ms) {
      delayMs = ms;
    },
    reset() {
      tracks = [];
      requests = [];
      delayMs = 0;
    },
  };
}
