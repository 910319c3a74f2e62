import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { loadConfig } from '../apps/api/src/config/config.js';
import { createLogger } from '../apps/api/src/logger.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import { dataStartup } from '../apps/api/src/dataStartup.js';
import { SONG_FIELDS, SONG_MODEL, toSong } from '../apps/api/src/songs/song.model.js';
import { catalogueStore } from '../apps/api/src/songs/songCatalogue.repo.js';
import { songTableOf, type SongTable } from '../apps/api/src/songs/songTable.js';
import { songTableFromBatches } from '../apps/api/src/songs/songTableBuilder.js';
import type { Song } from '@samaa/shared';
import { mb } from './lib/processes.js';

/*
 * A whole read of the catalogue from the embedded engine, on a data folder (e.g. a seeded one):
 * its time, and the peak RSS of the engine and of this process while it runs.
 * DATA_DIR=/path node --import tsx bench/wholeReadProbe.ts [streamed|objects|sorted]: `streamed` as the
 * catalogue reads (a table made as the songs stream), `objects` an object per song first, then one
 * table, `sorted` sorted by the engine (one process per way: each keeps the memory it grew to).
 */

const config = loadConfig(process.env, process.cwd());
const db = await openDatabase(config, createLogger('warn'), 'whole read probe', dataStartup);
const engine = execSync("pgrep -f 'ferretdb.*--sqlite-dir " + config.dataDir + "' || true").toString().trim().split('\n')[0];
const rssOf = (pid: string) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};
let enginePeak = 0;
let ownPeak = 0;
const sample = setInterval(() => {
  enginePeak = Math.max(enginePeak, engine ? rssOf(engine) : 0);
  ownPeak = Math.max(ownPeak, process.memoryUsage().rss);
}, 100);
const started = performance.now();
const store = catalogueStore(db.data);
/** The way before the table was built as the songs stream: every song an object, then one table. */
async function asObjects(): Promise<SongTable> {
  const read: Song[] = [];
  const created: number[] = [];
  for await (const batch of store.streamWholeCatalogue()) {
    read.push(...batch.songs);
    created.push(...batch.created);
  }
  const order = Uint32Array.from(read.keys()).sort((a, b) => created[b]! - created[a]! || (read[b]!._id < read[a]!._id ? -1 : 1));
  return songTableOf(Array.from(order, (at) => read[at]!));
}
const mode = process.argv[2] ?? 'streamed';
const songs =
  mode === 'sorted'
    ? (await db.data.model(SONG_MODEL).find().select(SONG_FIELDS).sort({ createdAt: -1, _id: -1 }).lean()).map(toSong)
    : mode === 'objects'
      ? (await asObjects()).songs()
      : (await songTableFromBatches(store.streamWholeCatalogue())).songs();
clearInterval(sample);
console.log(`${songs.length} songs in ${((performance.now() - started) / 1000).toFixed(1)} s; peak RSS: engine ${mb(enginePeak)} MB, this process ${mb(ownPeak)} MB; first ${songs[0]?._id}, last ${songs.at(-1)?._id}`);
await db.close();
