import fs from 'node:fs/promises';
import path from 'node:path';
import type { IAudioMetadata, IPicture } from 'music-metadata';
import type { AudioTags } from '@samaa/shared';
import { parseITunSmpb, readLameHeader, type GaplessInfo } from './gaplessInfo.js';

const clean = (text: string | undefined, max = 100) => {
  const trimmed = text?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

const wholeIn = (value: number | null | undefined, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;

const finite = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function iTunSmpbOf(parsed: IAudioMetadata): GaplessInfo | undefined {
  for (const tags of Object.values(parsed.native)) {
    for (const tag of tags) {
      if (!/iTunSMPB/i.test(tag.id)) continue;
      const value = typeof tag.value === 'string' ? tag.value : (tag.value as { text?: string } | undefined)?.text;
      const info = typeof value === 'string' ? parseITunSmpb(value) : undefined;
      if (info) return info;
    }
  }
  return undefined;
}

async function estimatedDuration(file: string, bitrate: number | undefined): Promise<number | undefined> {
  if (!bitrate || !Number.isFinite(bitrate) || bitrate <= 0) return undefined;
  const { size } = await fs.stat(file);
  return (size * 8) / bitrate;
}

/** Drops undefined fields, so the result spreads cleanly over a song. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The first well-formed ISRC of the tags (dashes and spaces dropped, upper case). */
function isrcOf(values: readonly string[] | undefined): string | undefined {
  for (const value of values ?? []) {
    const isrc = value.replace(/[\s-]/g, '').toUpperCase();
    if (/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(isrc)) return isrc;
  }
  return undefined;
}

/**
 * What the tags and headers of an audio file say: title, artist, album, track and disc, year,
 * duration (whole seconds), ReplayGain, and the encoder delay and padding a gapless player
 * trims (LAME header, else iTunSMPB). Throws when the file cannot be parsed at all.
 */
export async function readAudioTags(
  file: string,
  { exactDuration = true }: { exactDuration?: boolean } = {},
): Promise<{ tags: AudioTags; picture?: IPicture; native: IAudioMetadata['native'] }> {
  // An exact MP3 duration without a Xing header means reading every frame: fine for one upload,
  // too slow for a folder of thousands, where the bitrate gives a close estimate.
  // Loaded on first use: music-metadata is slow to load, which start-up need not pay.
  const { parseFile } = await import('music-metadata');
  const parsed = await parseFile(file, { duration: exactDuration, skipCovers: false });
  const { common, format } = parsed;
  const gapless =
    (path.extname(file).toLowerCase() === '.mp3' || format.codec?.startsWith('MPEG')
      ? await readLameHeader(file).catch(() => undefined)
      : undefined) ?? iTunSmpbOf(parsed);
  const duration = finite(format.duration) ?? (await estimatedDuration(file, format.bitrate));
  const tags = defined<AudioTags>({
    title: clean(common.title),
    artist: clean(common.artist ?? common.artists?.[0]),
    album: clean(common.album, 200),
    albumArtist: clean(common.albumartist),
    trackNumber: wholeIn(common.track.no, 1, 9999),
    discNumber: wholeIn(common.disk.no, 1, 999),
    year: wholeIn(common.year, 1, 9999),
    genre: clean(common.genre?.[0], 100),
    duration: duration !== undefined && duration > 0 ? Math.round(duration) : undefined,
    sampleRate: wholeIn(format.sampleRate, 1000, 768_000),
    encoderDelay: gapless?.encoderDelay,
    encoderPadding: gapless?.encoderPadding,
    replayGainTrackGain: finite(common.replaygain_track_gain?.dB ?? format.trackGain),
    replayGainTrackPeak: finite(common.replaygain_track_peak?.ratio ?? format.trackPeakLevel),
    // music-metadata maps ID3 TSRC, Vorbis ISRC and MP4 ----:com.apple.iTunes:ISRC here.
    isrc: isrcOf(common.isrc),
  });
  // The native tags too: lyrics are read from them (lyrics/tagLyrics.ts).
  return { tags, picture: common.picture?.[0], native: parsed.native };
}
