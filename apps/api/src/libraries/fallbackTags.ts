import path from 'node:path';
import type { AudioTags } from '@samaa/shared';

export const UNKNOWN_ARTIST = 'Unknown Artist';

const clip = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/**
 * Title, artist, album and track for a file whose tags lack them, from where it sits: the usual
 * `Artist/Album/03 - Title.mp3` layout, or `Artist - Title.mp3`.
 */
export function tagsFromPath(relative: string): Required<Pick<AudioTags, 'title' | 'artist'>> & Pick<AudioTags, 'album' | 'trackNumber'> {
  const parts = relative.split('/');
  let stem = path.basename(relative, path.extname(relative));
  let trackNumber: number | undefined;
  const numbered = /^(\d{1,3})[\s.\-_]+(.+)$/.exec(stem);
  if (numbered) {
    trackNumber = Number(numbered[1]) || undefined;
    stem = numbered[2]!;
  }
  const folderArtist = parts.length >= 3 ? parts[parts.length - 3] : undefined;
  const album = parts.length >= 2 ? clip(parts[parts.length - 2]!, 200) : undefined;
  const dash = stem.indexOf(' - ');
  const [artist, title] = dash > 0 && !folderArtist ? [stem.slice(0, dash), stem.slice(dash + 3)] : [folderArtist, stem];
  return {
    title: clip(title || stem, 100) || 'Untitled',
    artist: clip(artist ?? '', 100) || UNKNOWN_ARTIST,
    ...(album ? { album } : {}),
    ...(trackNumber ? { trackNumber } : {}),
  };
}
