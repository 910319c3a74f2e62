import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { loadConfig } from '../apps/api/src/config/config.js';
import { createLogger } from '../apps/api/src/logger.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import { dataStartup } from '../apps/api/src/dataStartup.js';
import { SONG_FIELDS, SONG_MODEL, toSong } from '../apps/api/src/songs/song.model.js';
import { catalogueStore } from '../apps/api/src/songs/songCatalogue.repo.js';
import { mb } from './lib/processes.js';

/*
 * A whole read of the catalogue from the embedded engine, on a data folder (e.g. a seeded one):
 * its time, and the peak RSS of the engine and of this process while it runs.
 * DATA_DIR=/path node --import tsx bench/wholeReadProbe.ts [sorted]: `sorted` reads as the code before
 * did, sorted by the engine (one process per way: the engine keeps the memory it grew to).
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
const songs =
  process.argv[2] === 'sorted'
    ? (await db.data.model(SONG_MODEL).find().select(SONG_FIELDS).sort({ createdAt: -1, _id: -1 }).lean()).map(toSong)
    : await catalogueStore(db.data).readWholeCatalogue();
clearInterval(sample);
console.log(`${songs.length} songs in ${((performance.now() - started) / 1000).toFixed(1)} s; peak RSS: engine ${mb(enginePeak)} MB, this process ${mb(ownPeak)} MB; first ${songs[0]?._id}, last ${songs.at(-1)?._id}`);
await db.close();
