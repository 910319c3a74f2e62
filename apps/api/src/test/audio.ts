import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { locateFfmpeg } from '../transcode/ffmpeg.js';
import type { Config } from '../config/config.js';

/* Test support: real audio made by the same ffmpeg the transcoder uses, and an ffmpeg that counts and waits. */

export async function ffmpegPath(config: Config): Promise<string> {
  const found = await locateFfmpeg(config);
  if (!found.available) throw new Error(`the transcoding tests need ffmpeg: ${found.reason}`);
  return found.path;
}

/** A stereo MP3 of pink noise over a tone: `seconds` long at `kbps` (noise uses the whole bit rate an encoder is given). */
export async function noiseMp3(ffmpeg: string, file: string, seconds: number, kbps: number): Promise<Buffer> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const args = [
    '-y', '-hide_banner', '-loglevel', 'error',
    '-f', 'lavfi', '-i', `anoisesrc=d=${seconds}:c=pink:a=0.2:r=44100`,
    '-f', 'lavfi', '-i', `sine=f=440:d=${seconds}:r=44100`,
    '-filter_complex', '[0][1]amix=inputs=2,aformat=channel_layouts=stereo',
    '-c:a', 'libmp3lame', '-b:a', `${kbps}k`, file,
  ];
  await new Promise<void>((resolve, reject) => execFile(ffmpeg, args, (err) => (err ? reject(err) : resolve())));
  return fs.readFileSync(file);
}

/**
 * An FFMPEG_PATH that runs the real ffmpeg, counting the encodes it starts; an encode waits while
 * the gate is closed (it starts open), so a test holds encodes running as long as it needs,
 * without timing.
 */
export function gatedFfmpeg(ffmpeg: string): { path: string; open(): void; close(): void; started(): number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-gated-ffmpeg-'));
  const gate = path.join(dir, 'open');
  const log = path.join(dir, 'started');
  const script = path.join(dir, 'ffmpeg');
  fs.writeFileSync(log, '');
  fs.writeFileSync(gate, '');
  fs.writeFileSync(
    script,
    `#!/bin/sh\ncase "$2" in -version|-encoders) exec "${ffmpeg}" "$@";; esac\necho >> "${log}"\nwhile [ ! -f "${gate}" ]; do sleep 0.02; done\nexec "${ffmpeg}" "$@"\n`,
    { mode: 0o755 },
  );
  return {
    path: script,
    open: () => fs.writeFileSync(gate, ''),
    close: () => fs.rmSync(gate, { force: true }),
    started: () => fs.readFileSync(log, 'utf8').length,
  };
}

/** Resolves once a condition holds (checked every 10 ms): for states another request moves to. */
export async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}
