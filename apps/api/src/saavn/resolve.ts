import { saavnAudioUrl, saavnImageUrl, type SaavnSong } from '@samaa/shared';

/** A Spotify track made playable by a JioSaavn song. */
export interface ResolvedTrack {
  name: string;
  artist: string;
  img: string;
  src: string;
}

/** Lower case, accents, bracketed parts, " - Remastered"-style suffixes and "feat." dropped. */
export function normaliseTitle(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/\s[-–]\s.*$/, ' ')
    .replace(/\b(feat|ft)\.?\s.*$/, ' ')
    .replace(/&amp;|&#0?39;|&quot;/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function titleScore(candidate: string, wanted: string): number {
  if (!candidate || !wanted) return 0;
  if (candidate === wanted) return 4;
  if (candidate.startsWith(wanted) || wanted.startsWith(candidate)) return 2;
  return candidate.includes(wanted) || wanted.includes(candidate) ? 1 : 0;
}

function artistScore(song: SaavnSong, wanted: string): number {
  const names = (song.artists?.primary ?? []).map((a) => normaliseTitle(a.name)).filter(Boolean);
  if (names.includes(wanted)) return 3;
  return names.some((n) => n.includes(wanted) || wanted.includes(n)) ? 2 : 0;
}

/**
 * The JioSaavn song that best stands for a track: the title must match, and when an artist is
 * given one of the song's primary artists must match too (better no song than someone else's).
 */
export function bestMatch(songs: SaavnSong[], title: string, artist?: string): ResolvedTrack | null {
  const wantedTitle = normaliseTitle(title);
  const wantedArtist = artist ? normaliseTitle(artist) : '';
  let best: { song: SaavnSong; score: number } | null = null;
  for (const song of songs) {
    if (!saavnAudioUrl(song.downloadUrl)) continue;
    const t = titleScore(normaliseTitle(song.name), wantedTitle);
    if (t === 0) continue;
    const a = wantedArtist ? artistScore(song, wantedArtist) : 0;
    if (wantedArtist && a === 0) continue;
    if (!best || t + a > best.score) best = { song, score: t + a };
  }
  if (!best) return null;
  const { song } = best;
  return {
    name: song.name,
    artist: (song.artists?.primary ?? []).map((a) => a.name).join(', '),
    img: saavnImageUrl(song.image),
    src: saavnAudioUrl(song.downloadUrl),
  };
}
