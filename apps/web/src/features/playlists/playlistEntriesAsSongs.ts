import { playlistEntries, type Playlist, type Song } from '@samaa/shared';

/** A row of the playlist page: one of its songs, or a JioSaavn track an import kept (played, not edited). */
export type PageEntry = { kind: 'song'; song: Song } | { kind: 'saavn'; song: Song };

/**
 * The playlist's entries in play order, each as a song the player can queue: a JioSaavn track
 * plays from its own link, under an id that is no catalogue song's.
 */
export function pageEntries(playlist: Playlist): PageEntry[] {
  return playlistEntries(playlist).map((entry) =>
    entry.kind === 'song'
      ? { kind: 'song', song: entry.song }
      : {
          kind: 'saavn',
          song: { _id: `saavn-${entry.track.saavnId}`, name: entry.track.name, artist: entry.track.artist, img: entry.track.img, song: entry.track.src },
        },
  );
}

/** Seconds of the songs that know their length. */
export const totalSeconds = (songs: readonly Song[]) => songs.reduce((sum, song) => sum + (song.duration ?? 0), 0);
