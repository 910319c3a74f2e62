import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Config } from '../config/config.js';

/** Encoders every transcoding profile needs (profiles.ts). */
export const REQUIRED_ENCODERS = ['libopus', 'libmp3lame', 'aac'] as const;

export type Ffmpeg = { available: true; path: string; version: string } | { available: false; reason: string };

/**
 * The binary of `@ffmpeg-installer/ffmpeg` (shipped inside the npm package for this platform, an
 * optional dependency), or undefined when the platform has none or it was not installed.
 */
function installedBinary(): string | undefined {
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    return installer.path;
  } catch {
    return undefined; // it throws a string when the platform package is missing
  }
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 10_000, maxBuffer: 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

/** FFMPEG_PATH, else the npm-installed binary; checked by running it and listing its encoders. */
export async function locateFfmpeg(config: Config): Promise<Ffmpeg> {
  const file = config.transcode.ffmpegPath ?? installedBinary();
  if (!file) return { available: false, reason: 'no ffmpeg binary for this platform (set FFMPEG_PATH)' };
  try {
    const [version, encoders] = await Promise.all([run(file, ['-hide_banner', '-version']), run(file, ['-hide_banner', '-encoders'])]);
    const missing = REQUIRED_ENCODERS.filter((name) => !new RegExp(`^\\s*A\\S*\\s+${name}\\s`, 'm').test(encoders));
    if (missing.length) return { available: false, reason: `${file} lacks the ${missing.join(', ')} encoder(s)` };
    return { available: true, path: file, version: /ffmpeg version (\S+)/.exec(version)?.[1] ?? 'unknown' };
  } catch (err) {
    return { available: false, reason: `${file} does not run (${err instanceof Error ? err.message.split('\n')[0] : String(err)})` };
  }
}
