import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';
import { connectMongoose, disconnectDatabase } from '../../apps/api/src/db/connection.js';
import { startDatabase } from '../../apps/api/src/db/provider.js';
import { createLogger } from '../../apps/api/src/logger.js';
import { generateSongs } from '../../apps/api/src/songs/generateSongs.js';
import { addSongs } from '../../apps/api/src/songs/songs.service.js';
import { createAppCatalogue } from '../../apps/api/src/appCatalogue.js';
import { parsePlaylistFile } from '../../apps/api/src/playlistImport/parsers/parsePlaylistFile.js';
import { currentMatchIndex } from '../../apps/api/src/playlistImport/matchIndex.js';
import { importPlaylist } from '../../apps/api/src/playlistImport/playlistImport.service.js';
import { createPlaylistStore } from '../../apps/api/src/playlists/playlists.service.js';
import { matchRows } from '../../apps/api/src/playlistImport/matcher.js';
import { AppData } from '../../apps/api/src/db/appData.js';
import { mb } from './processes.js';

/*
 * The playlist import case of `npm run bench`: a 10,000-row Exportify CSV against a 10,000-song
 * catalogue (generated), through the import service as the route runs it, without JioSaavn (its
 * look-ups are bounded per import and are network time, not ours). Rows: most are catalogue
 * songs written differently (case, "- Remastered", extra artists, a dropped letter), a tenth
 * are nowhere.
 */

const q = (text: string) => `"${text.replace(/"/g, '""')}"`;

function exportifyCsv(songs: { name: string; artist: string; album?: string }[], rows: number): string {
  const lines = ['"Track URI","Track Name","Album Name","Artist Name(s)","Release Date","Duration (ms)","Popularity","Added By","Added At","Genres","ISRC"'];
  for (let i = 0; i < rows; i++) {
    const song = songs[(i * 7919) % songs.length]!;
    const kind = i % 10;
    const name =
      kind === 0 ? `Not In Catalogue ${i} Zq` : kind === 1 ? `${song.name} - Remastered 2011` : kind === 2 ? song.name.toUpperCase() : kind === 3 ? song.name.slice(0, -1) : song.name;
    const artist = kind === 0 ? 'Nobody Known' : kind === 4 ? `${song.artist}, Guest Singer` : song.artist;
    lines.push([q(`spotify:track:${i}`), q(name), q(song.album ?? ''), q(artist), '"2020-01-01"', '"215000"', '"50"', '""', '""', '""', '""'].join(','));
  }
  return lines.join('\r\n');
}

export async function importBench(uri: string, songCount: number, log: (line: string) => void): Promise<string[]> {
  await connectMongoose(uri, 'samaa-bench-import');
  await mongoose.connection.dropDatabase();
  log(`import: inserting ${songCount.toLocaleString('en')} songs…`);
  const data = new AppData();
  const catalogue = createAppCatalogue({ data });
  const generated = generateSongs(songCount, 2028);
  for (let i = 0; i < generated.length; i += 1000) await addSongs({ data, catalogue }, generated.slice(i, i + 1000));
  const snapshot = await catalogue.snapshot();
  const rows = songCount;
  const csv = Buffer.from(exportifyCsv(snapshot.songs, rows));
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const t0 = performance.now();
    const parsed = parsePlaylistFile(csv, 'bench.csv');
    const t1 = performance.now();
    await currentMatchIndex(catalogue);
    const t2 = performance.now();
    const user = new mongoose.Types.ObjectId().toHexString();
    const deps = { data, catalogue, playlists: createPlaylistStore(data) };
    const first = await importPlaylist(deps, user, parsed, {});
    const t3 = performance.now();
    const second = await importPlaylist(deps, user, parsePlaylistFile(csv, 'bench.csv'), {});
    const t4 = performance.now();
    await matchRows(await currentMatchIndex(catalogue), parsed.rows);
    const t5 = performance.now();
    const s = (ms: number) => (ms / 1000).toFixed(2);
    const { counts } = first;
    return [
      `Playlist import (${rows.toLocaleString('en')}-row Exportify CSV, ${(csv.length / 1024 / 1024).toFixed(1)} MB, against ${songCount.toLocaleString('en')} songs, no JioSaavn): parse **${s(t1 - t0)} s**, match index build **${s(t2 - t1)} s** (once per catalogue version), match and save **${s(t3 - t2)} s**; a second import on the built index **${s(t4 - t3)} s** end to end, of which matching alone **${s(t5 - t4)} s**. ${counts.matched.toLocaleString('en')} matched, ${counts.uncertain} uncertain, ${counts.missing.toLocaleString('en')} missing (second: ${second.counts.matched.toLocaleString('en')} matched).`,
      `Import memory: process peak RSS ${mb(peak)} MB (${mb(before)} MB before the import, the catalogue snapshot loaded).`,
    ];
  } finally {
    clearInterval(sampler);
    await mongoose.connection.dropDatabase().catch(() => undefined);
    await disconnectDatabase();
  }
}

/** Alone: `npx tsx bench/lib/importBench.ts` on a throw-away embedded engine. */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-import-bench-'));
  const logger = createLogger('warn');
  const db = await startDatabase({ persistent: false, dataDir, mongodbUri: process.env.MONGODB_URI, logger });
  try {
    for (const line of await importBench(db.uri, Number(process.env.BENCH_SONGS ?? 10_000), (l) => console.log(`[bench] ${l}`))) console.log(line);
  } finally {
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
