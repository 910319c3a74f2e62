import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@samaa/shared';
import { badRequest } from '../../http/errors.js';
import { artistList, checkRowCount, milliseconds, row, text, type ParsedPlaylist } from './parsedPlaylist.js';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Spotify's account-data export (Playlist1.json…): `{playlists: [{name, description, items:
 * [{track: {trackName, artistName, albumName, trackUri}}]}]}`. A file holds many playlists; the
 * first one with tracks is imported. Local files and episodes carry no track and are skipped.
 */
export function parseSpotifyJson(content: string): ParsedPlaylist {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest(IMPORT_MESSAGES.badJson);
  }
  const playlists = isObject(data) && Array.isArray(data.playlists) ? data.playlists.filter(isObject) : null;
  if (!playlists) throw badRequest(IMPORT_MESSAGES.badJson);
  const playlist = playlists.find((p) => Array.isArray(p.items) && p.items.length > 0) ?? playlists[0];
  if (!playlist || !Array.isArray(playlist.items)) throw badRequest(IMPORT_MESSAGES.badJson);
  if (playlist.items.length > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MESSAGES.tooManyRows);
  const rows = playlist.items.flatMap((item) => {
    const track = isObject(item) ? (isObject(item.track) ? item.track : item) : null;
    const title = track ? text(track.trackName) : '';
    if (!track || !title) return [];
    return [
      row({
        title,
        artists: artistList(text(track.artistName)),
        album: text(track.albumName),
        durationMs: milliseconds(track.durationMs ?? track.msPlayed),
        isrc: text(track.isrc),
        location: text(track.trackUri),
      }),
    ];
  });
  checkRowCount(rows.length);
  return { format: 'spotify-json', name: text(playlist.name) || undefined, rows };
}
