import type { PublicShareSong } from '@samaa/shared';
import { mediaUrl } from '../../api/client';
import type { PlayerTrack } from '../player';

const PLAYBACK_FIELDS = ['encoderDelay', 'encoderPadding', 'sampleRate', 'replayGainTrackGain', 'replayGainTrackPeak'] as const;

/** A shared song as the player plays it: its signed audio and cover links, made absolute. */
export function publicTrack(song: PublicShareSong): PlayerTrack {
  const src = mediaUrl(song.audio);
  const track: PlayerTrack = { id: song.id, name: song.name, artist: song.artist, img: mediaUrl(song.cover), src, unavailable: src ? undefined : true };
  for (const field of PLAYBACK_FIELDS) {
    if (typeof song[field] === 'number') track[field] = song[field];
  }
  return track;
}
