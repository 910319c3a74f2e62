import { describe, expect, it } from 'vitest';
import { songSchema } from '@samaa/shared';
import { generateSongs } from './generateSongs.js';

describe('generateSongs', () => {
  it('is deterministic per seed and valid for the song schema', () => {
    const a = generateSongs(50, 3);
    expect(generateSongs(50, 3)).toEqual(a);
    for (const song of a) expect(songSchema.validate(song).error).toBeUndefined();
  });

  it('cycles through the given media, so seeded songs play our own files', () => {
    const media = [
      { img: '/media/images/1a.png', song: '/media/audio/1a.mp3', duration: 21 },
      { img: '/media/images/2b.png', song: '/media/audio/2b.mp3', duration: 23 },
    ];
    const songs = generateSongs(5, 1, media);
    expect(songs.map((s) => s.song)).toEqual([
      '/media/audio/1a.mp3',
      '/media/audio/2b.mp3',
      '/media/audio/1a.mp3',
      '/media/audio/2b.mp3',
      '/media/audio/1a.mp3',
    ]);
    expect(songs[1]).toMatchObject({ img: '/media/images/2b.png', duration: 23 });
  });
});
