import Joi from 'joi';

/** PUT /api/playlists/move-song's body: the song goes to place `to` (0 is first) among the playlist's songs. */
export interface PlaylistSongMove {
  playlistId: string;
  songId: string;
  to: number;
}

const id = (label: string) =>
  Joi.string()
    .pattern(/^[0-9a-fA-F]{24}$/)
    .required()
    .label(label)
    .messages({ 'string.pattern.base': '{{#label}} must be a valid id' });

/** A place past the end moves the song last. */
export const playlistSongMoveSchema = Joi.object<PlaylistSongMove>({
  playlistId: id('playlistId'),
  songId: id('songId'),
  to: Joi.number().integer().min(0).required().label('to').messages({
    'number.base': '{{#label}} must be a whole number of at least 0',
    'number.integer': '{{#label}} must be a whole number of at least 0',
    'number.min': '{{#label}} must be a whole number of at least 0',
  }),
});

/** The playlist page's texts (`/playlists/:id`) and the move endpoint's answers. */
export const PLAYLIST_PAGE = {
  play: 'Play',
  shuffle: 'Shuffle',
  edit: 'Edit',
  delete: 'Delete',
  back: 'Back to Library',
  empty: 'This playlist is empty. Add songs with the + button on any song.',
  notFound: 'This playlist does not exist, or it is not yours.',
  loadFailed: 'The playlist could not be loaded. Please try again.',
  tryAgain: 'Try again',
  songs: 'Songs',
  removeFromPlaylist: 'Remove from playlist',
  moveUp: 'Move up',
  moveDown: 'Move down',
  removeFailed: 'The song could not be removed. Please try again.',
  moveFailed: 'The new order could not be saved. Please try again.',
  deleteFailed: 'The playlist could not be deleted. Please try again.',
  dragHandle: (song: string) => `Drag to move ${song}`,
  moved: (song: string, place: number, total: number) => `${song} moved to position ${place} of ${total}`,
  removed: (song: string) => `${song} removed from the playlist`,
  openPlaylist: (name: string) => `Open ${name}`,
  newPlaylist: 'New playlist…',
  newPlaylistName: 'New playlist name',
  createAndAdd: 'Create and add',
  /** The API's answers. */
  songMoved: 'Song moved',
  songNotInPlaylist: 'This song is not in the playlist',
} as const;

/** "12 songs · 47 min" under the playlist's name. */
export function playlistSummary(songs: number, seconds: number): string {
  const count = `${songs} ${songs === 1 ? 'song' : 'songs'}`;
  if (songs === 0) return count;
  const minutes = Math.round(seconds / 60);
  const time = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  return `${count} · ${time}`;
}
