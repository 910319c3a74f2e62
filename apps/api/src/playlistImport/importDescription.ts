/*
 * An imported playlist's description names its source and how many of its tracks matched. The
 * count follows the review: each change of the rows writes it again, unless the listener has
 * written a description of their own.
 */

const FORMAT_NAMES = { csv: 'a CSV file', 'spotify-json': 'a Spotify data export', m3u: 'an M3U file', xspf: 'an XSPF file', spotify: 'Spotify' };
const COUNT = /: \d+ of \d+ tracks matched$/;

interface Counts {
  matched: number;
  total: number;
}

const countText = ({ matched, total }: Counts) => `: ${matched} of ${total} tracks matched`;

export function importDescription(format: keyof typeof FORMAT_NAMES, counts: Counts): string {
  return `Imported from ${FORMAT_NAMES[format]}${countText(counts)}`;
}

/** The description with its count brought up to date; undefined when it holds no count (the listener's own). */
export function withMatchCount(desc: string, counts: Counts): string | undefined {
  if (!desc.startsWith('Imported from ') || !COUNT.test(desc)) return undefined;
  return desc.replace(COUNT, countText(counts));
}
