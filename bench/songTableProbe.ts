import type { Song } from '@samaa/shared';
import { generateSongs } from '../apps/api/src/songs/generateSongs.js';
import { encodeSongBlocks, decodeSongBlocks } from '../apps/api/src/songs/songBlocks.js';
import { plainSong, SongTable, songTableOf } from '../apps/api/src/songs/songTable.js';
import { gzipSync } from 'node:zlib';
import { encodePersistedList } from '../apps/api/src/http/persistedBody.js';

/*
 * The song table against one plain object per song, at N generated songs (ObjectId-like ids,
 * albums of 10): heap held, the file's bytes, the load after a restart, a whole JSON encode, and
 * a lookup by id. node --expose-gc --import tsx bench/songTableProbe.ts [N]
 */

const count = Number(process.argv[2] ?? 1_000_000);
const t = () => performance.now();
const gc = () => (global.gc?.(), global.gc?.(), process.memoryUsage());
const heapOf = () => gc().heapUsed + gc().arrayBuffers;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

const generated: Song[] = generateSongs(count, 1).map((song, i) => ({ _id: (0x65000000 + i).toString(16).padStart(8, '0') + 'ab12cd34ef56ab12', ...song }));
const blocks = await encodeSongBlocks(generated);
const table = await songTableOf(generated);
const tableBytes = Buffer.from(table.bytes);
console.log(`${count} songs: JSON blocks ${mb(blocks.length)} (gzipped), table ${mb(tableBytes.length)}`);
generated.length = 0;

let base = heapOf();
let at = t();
const plain = await decodeSongBlocks(blocks);
const plainLoad = t() - at;
at = t();
const plainById = new Map(plain.map((song) => [song._id, song]));
const plainMap = t() - at;
console.log(`plain: load ${plainLoad.toFixed(0)} ms + by-id map ${plainMap.toFixed(0)} ms, heap + buffers ${mb(heapOf() - base)}`);
at = t();
const plainJson = JSON.stringify({ data: plain }).length;
console.log(`plain: whole JSON ${(t() - at).toFixed(0)} ms (${mb(plainJson)})`);
const ids = plain.filter((_, i) => i % 997 === 0).map((song) => song._id);
at = t();
for (let r = 0; r < 100; r += 1) for (const id of ids) plainById.get(id);
console.log(`plain: lookup ${(((t() - at) * 1000) / (ids.length * 100)).toFixed(2)} µs`);
plain.length = 0;
plainById.clear();

base = heapOf();
at = t();
const loaded = new SongTable(Buffer.from(tableBytes));
const songs = loaded.songs();
const tableLoad = t() - at;
console.log(`table: load ${tableLoad.toFixed(0)} ms, heap + buffers ${mb(heapOf() - base)}`);
at = t();
const tableJson = JSON.stringify({ data: songs }).length;
console.log(`table: whole JSON ${(t() - at).toFixed(0)} ms (${mb(tableJson)})`);
at = t();
for (let r = 0; r < 100; r += 1) for (const id of ids) loaded.rowOf(id);
console.log(`table: lookup ${(((t() - at) * 1000) / (ids.length * 100)).toFixed(2)} µs`);
/** How long `task` takes, and the longest it holds the event loop at once. */
async function stretches(task: () => Promise<unknown>): Promise<string> {
  let worst = 0;
  let last = t();
  let running = true;
  const tick = () => {
    worst = Math.max(worst, t() - last);
    last = t();
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const started = t();
  await task();
  running = false;
  return `${(t() - started).toFixed(0)} ms, longest stretch ${worst.toFixed(0)} ms`;
}

const mixed = [plainSong(songs[0]!), ...songs.slice(1)];
console.log(`table: encode of a changed list ${await stretches(() => songTableOf(mixed))}`);
console.log(`full-list body of the table, whole: ${await stretches(async () => gzipSync(JSON.stringify({ data: songs })))}`);
console.log(`full-list body of the table, in slices: ${await stretches(() => encodePersistedList('t', 'data', songs))}`);
