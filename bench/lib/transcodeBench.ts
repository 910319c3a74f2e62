import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../apps/api/src/config/config.js';
import { connectMongoose, disconnectDatabase } from '../../apps/api/src/db/connection.js';
import { createSong } from '../../apps/api/src/songs/songs.service.js';
import { createAppCatalogue } from '../../apps/api/src/appCatalogue.js';
import { ffmpegArgs } from '../../apps/api/src/transcode/encodeJob.js';
import { locateFfmpeg } from '../../apps/api/src/transcode/ffmpeg.js';
import { noiseMp3 } from '../../apps/api/src/test/audio.js';
import type { SpawnedServer } from '../../apps/api/src/test/spawnServer.js';
import { measure, type CaseResult } from './load.js';
import { BENCH_DB } from './setup.js';
import { AppData } from '../../apps/api/src/db/appData.js';

/** A song as long as a typical one, at the bit rate of a high-quality MP3. */
const SECONDS = 180;
const SOURCE_KBPS = 320;
const COLD_RUNS = 5;
const QUERY = 'format=opus&maxBitRate=96';

export interface TranscodeBenchOptions {
  api: SpawnedServer;
  dbUri: string;
  dataDir: string;
  apiKey: string;
  durationSec: number;
  warmupSec: number;
  connections: number;
  log: (line: string) => void;
}

interface Fetched {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
}

/** One whole GET: time to the first body byte, to the last, and the size. */
async function timedGet(url: string): Promise<Fetched> {
  const started = performance.now();
  const res = await fetch(url);
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('audio/')) {
    throw new Error(`transcode bench: ${res.status} ${res.headers.get('content-type')} ${await res.text()}`);
  }
  let firstByteMs = 0;
  let bytes = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
  }
  return { firstByteMs, totalMs: performance.now() - started, bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in clock ticks of 1/100 s
}

/** ffmpeg's own account of one encode (-benchmark): user, system and real seconds. */
function encodeCost(ffmpeg: string, source: string): Promise<{ user: number; system: number; real: number }> {
  const args = ffmpegArgs({ ffmpeg, source, profile: { format: 'opus', kbps: 96 }, offset: 0, partFile: '' })
    // -benchmark prints at the info level.
    .map((a) => (a === 'pipe:1' ? '-' : a === 'error' ? 'info' : a));
  return new Promise((resolve, reject) => {
    const child = execFile(ffmpeg, ['-benchmark', ...args], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (err) return reject(err);
      const match = /utime=([\d.]+)s stime=([\d.]+)s rtime=([\d.]+)s/.exec(stderr.toString());
      if (!match) return reject(new Error(`no -benchmark line: ${stderr.toString()}`));
      resolve({ user: Number(match[1]), system: Number(match[2]), real: Number(match[3]) });
    });
    child.stdin?.end();
  });
}

/**
 * `stream` with format=opus&maxBitRate=96 on a 3-minute 320 kbit/s MP3: first byte and
 * throughput with the cache cold (a new song each time: one encode per request) and warm (the
 * cached file, under load), the CPU one encode costs ffmpeg, and what the API adds around it.
 */
export async function transcodeBench(o: TranscodeBenchOptions): Promise<{ results: CaseResult[]; lines: string[] }> {
  const found = await locateFfmpeg(loadConfig({ DATA_DIR: o.dataDir, FFMPEG_PATH: process.env.FFMPEG_PATH }));
  if (!found.available) return { results: [], lines: [`Transcoding: not measured (${found.reason}).`] };
  const audioDir = path.join(o.dataDir, 'media', 'audio');
  o.log(`transcode: making a ${SECONDS} s ${SOURCE_KBPS} kbit/s MP3…`);
  const first = path.join(audioDir, 'bench-transcode-0.mp3');
  await noiseMp3(found.path, first, SECONDS, SOURCE_KBPS);
  await connectMongoose(o.dbUri, BENCH_DB);
  const ids: string[] = [];
  const data = new AppData();
  const catalogue = createAppCatalogue({ data });
  for (let i = 0; i <= COLD_RUNS; i += 1) {
    const name = `bench-transcode-${i}.mp3`;
    if (i > 0) fs.copyFileSync(first, path.join(audioDir, name));
    ids.push((await createSong({ data, catalogue }, { name: `Transcode ${i}`, artist: 'Bench', img: 'https://images.example.com/bench.jpg', song: `/media/audio/${name}`, duration: SECONDS }))._id);
  }
  await disconnectDatabase();
  const url = (id: string) => `${o.api.url}/rest/stream?v=1.16.1&c=bench&apiKey=${o.apiKey}&id=${id}&${QUERY}`;
  // The API sees the new songs once it has read the catalogue's new version.
  for (;;) {
    const res = await fetch(`${o.api.url}/rest/getSong?f=json&v=1.16.1&c=bench&apiKey=${o.apiKey}&id=${ids[COLD_RUNS]}`);
    if (((await res.json()) as { 'subsonic-response': { status: string } })['subsonic-response'].status === 'ok') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  // What the API spends doing nothing (timers, Redis, catalogue version checks), per second: a
  // cold request lasts as long as its encode, so its CPU is counted net of this.
  const idleStart = cpuSeconds(o.api.pid);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idlePerSec = (cpuSeconds(o.api.pid) - idleStart) / 5;
  o.log('transcode: cold cache…');
  const cold: Fetched[] = [];
  const apiCpu: number[] = [];
  for (const id of ids.slice(1)) {
    const before = cpuSeconds(o.api.pid);
    const fetched = await timedGet(url(id));
    cold.push(fetched);
    apiCpu.push(cpuSeconds(o.api.pid) - before - idlePerSec * (fetched.totalMs / 1000));
  }
  o.log('transcode: warm cache, one client…');
  await timedGet(url(ids[0]!)); // encodes and caches it
  const warm: Fetched[] = [];
  for (let i = 0; i < COLD_RUNS; i += 1) warm.push(await timedGet(url(ids[0]!)));
  o.log('transcode: CPU of one encode…');
  const costs = [];
  for (let i = 0; i < 3; i += 1) costs.push(await encodeCost(found.path, first));
  const cpu = median(costs.map((c) => c.user + c.system));
  const real = median(costs.map((c) => c.real));

  o.log(`transcode: warm cache under load, ${o.connections} connections…`);
  const load = await measure({
    name: `GET /rest/stream?${QUERY} (cached transcode, whole ${SECONDS} s song)`,
    url: o.api.url,
    connections: o.connections,
    durationSec: o.durationSec,
    warmupSec: o.warmupSec,
    rss: o.api.rss,
    next: () => ({ path: url(ids[0]!).slice(o.api.url.length) }),
    note: 'transcode',
  });

  const mbps = (f: Fetched) => f.bytes / 1024 / 1024 / (f.totalMs / 1000);
  const kb = (bytes: number) => (bytes / 1024).toFixed(0);
  const c = median(cold.map((f) => f.firstByteMs));
  const lines = [
    `Transcode, cold cache (${SECONDS} s ${SOURCE_KBPS} kbit/s MP3 → Opus 96 kbit/s, ${COLD_RUNS} songs, one at a time, medians): first byte **${c.toFixed(0)} ms**, whole stream ${median(cold.map((f) => f.totalMs)).toFixed(0)} ms (${kb(cold[0]!.bytes)} KB, ${median(cold.map(mbps)).toFixed(2)} MB/s, ${(SECONDS / (median(cold.map((f) => f.totalMs)) / 1000)).toFixed(0)}× real time); API process CPU per request ${(median(apiCpu) * 1000).toFixed(0)} ms beyond its idle ${(idlePerSec * 1000).toFixed(1)} ms/s.`,
    `Transcode, warm cache (the same request again, one at a time, medians): first byte **${median(warm.map((f) => f.firstByteMs)).toFixed(1)} ms**, whole file ${median(warm.map((f) => f.totalMs)).toFixed(0)} ms (${median(warm.map(mbps)).toFixed(0)} MB/s).`,
    `One encode (ffmpeg ${found.version} -benchmark, median of 3): **${cpu.toFixed(2)} s CPU** for ${SECONDS} s of audio (${((cpu / SECONDS) * 1000).toFixed(1)} ms per second of audio), ${real.toFixed(2)} s wall.`,
  ];
  return { results: [load], lines };
}
