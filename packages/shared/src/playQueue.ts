import Joi from 'joi';
import type { Song } from './types.js';

/**
 * The listener's play queue kept on the server: the same one Subsonic apps save and read
 * (savePlayQueue / getPlayQueue), so a queue left on a phone is picked up in the browser and the
 * other way round.
 */

/** As many songs as a Subsonic app may save. */
export const MAX_PLAY_QUEUE = 5000;
/** A day, in seconds: no song plays longer. */
export const MAX_PLAY_QUEUE_POSITION_S = 24 * 60 * 60;

/** PUT /api/play-queue: the catalogue songs of the queue, in order. */
export interface PlayQueueInput {
  songs: string[];
  /** Index into `songs` of the song playing; absent with no songs. */
  current?: number;
  /** Seconds into it. */
  position: number;
}

/** GET /api/play-queue's `data` (null when none is kept); songs deleted since are left out. */
export interface PlayQueue {
  songs: Song[];
  current: number | null;
  position: number;
  /** ISO date-time of the last save, by any app. */
  changed: string;
  /** The app that saved it (`Samaa web`, or a Subsonic app's `c`). */
  changedBy: string;
}

/** POST /api/play-queue/playlist: "Save as playlist". */
export interface QueuePlaylistInput {
  name: string;
  songs: string[];
}

const songIds = () =>
  Joi.array()
    .items(Joi.string().hex().length(24).lowercase().label('Song id'))
    .max(MAX_PLAY_QUEUE)
    .label('Songs')
    .messages({ 'array.max': `A play queue holds at most ${MAX_PLAY_QUEUE} songs` });

export const playQueueSchema = Joi.object<PlayQueueInput>({
  songs: songIds().required(),
  current: Joi.number()
    .integer()
    .min(0)
    .max(Joi.ref('songs.length', { adjust: (n: number) => n - 1 }))
    .label('Current')
    .messages({ 'number.max': 'Current must be the index of one of the songs' }),
  position: Joi.number().min(0).max(MAX_PLAY_QUEUE_POSITION_S).default(0).label('Position'),
});

export const queuePlaylistSchema = Joi.object<QueuePlaylistInput>({
  name: Joi.string().trim().min(1).max(50).required().label('Name'),
  songs: songIds().min(1).required().messages({ 'array.min': 'The queue has no songs of this library to save' }),
});

/** The web player's strings for its queue. */
export const QUEUE_LABELS = {
  playNext: 'Play next',
  addToQueue: 'Add to queue',
  addedToQueue: 'Added to queue',
  playingNext: 'Playing next',
  openQueue: 'Queue',
  closeQueue: 'Close queue',
  clearQueue: 'Clear queue',
  queueCleared: 'Queue cleared',
  saveAsPlaylist: 'Save as playlist',
  playlistName: 'Playlist name',
  save: 'Save',
  cancel: 'Cancel',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  emptyQueue: 'The queue is empty.',
  keyboardShortcuts: 'Keyboard shortcuts',
} as const;

export const savedAsPlaylist = (name: string) => `Saved as ${name}`;
export const removedFromQueue = (name: string) => `Removed ${name} from the queue`;
export const movedInQueue = (name: string, position: number, total: number) => `${name} moved to ${position} of ${total}`;
export const queueRowLabels = (name: string) => ({
  drag: `Drag ${name}`,
  moveUp: `Move ${name} up`,
  moveDown: `Move ${name} down`,
  remove: `Remove ${name} from the queue`,
});
