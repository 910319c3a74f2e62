import type { Song } from '@samaa/shared';
import { snapshotFileAt } from '../apps/api/src/songs/catalogueSnapshotFile.js';
import { buildLibrary } from '../apps/api/src/subsonic/library.js';
import { albumsInOrder } from '../apps/api/src/subsonic/albumOrders.js';
import { decodeLibrary, encodeLibrary } from '../apps/api/src/subsonic/libraryBytes.js';

/*
 * What the Subsonic library costs made from the songs and kept in the snapshot file, on one kept
 * file (e.g. a seeded folder's): its build, the sorts of its main orders, the places map, the
 * encode, and the restore with the longest stretch it holds the event loop.
 * node --expose-gc --import tsx bench/libraryProbe.ts <DATA_DIR>/cache/catalogue-<db>.snapshot
 */

const file = process.argv[2]!;
const t = () => performance.now();
const disk = snapshotFileAt(file).read()!;
let at = t();
const { songs, byId } = await disk.songs();
console.log('songs', songs.length, (t() - at).toFixed(0), 'ms', [...disk.views.keys()]);
const snapshot = { version: disk.version, songs, body: async () => disk.body, isEncoded: () => true };
at = t();
const library = await buildLibrary(snapshot, byId);
console.log('build', (t() - at).toFixed(0), 'ms, albums', library.albums.length, 'artists', library.artists.length);
for (const order of ['alphabeticalByName', 'alphabeticalByArtist', 'newest'] as const) {
  at = t();
  albumsInOrder(library, order);
  console.log('sort', order, (t() - at).toFixed(0), 'ms');
}
at = t();
const m = new Map<Song, number>();
songs.forEach((s, i) => m.set(s, i));
console.log('places map', (t() - at).toFixed(0), 'ms');
at = t();
const bytes = encodeLibrary(library, (song) => m.get(song));
console.log('encode', (t() - at).toFixed(0), 'ms', (bytes.length / 1e6).toFixed(1), 'MB');
global.gc?.();
const heap = process.memoryUsage().heapUsed;
let worst = 0;
let last = t();
let running = true;
const tick = () => { const now = t(); worst = Math.max(worst, now - last); last = now; if (running) setImmediate(tick); };
setImmediate(tick);
at = t();
const restored = await decodeLibrary(bytes, songs, byId);
running = false;
console.log('longest stretch', worst.toFixed(0), 'ms');
console.log('decode', (t() - at).toFixed(0), 'ms, albums', restored.albums.length, 'heap +', ((process.memoryUsage().heapUsed - heap) / 1e6).toFixed(0), 'MB');
