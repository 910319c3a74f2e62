import type { Song } from '@samaa/shared';

/** Catalogue songs for listener-screen tests: one with a cover image, one without. */
export const dawn: Song = {
  _id: 's1',
  name: 'Dawn',
  artist: 'Asha',
  img: '/media/images/dawn.png',
  song: '/media/audio/dawn.mp3',
};

export const dusk: Song = {
  _id: 's2',
  name: 'Dusk',
  artist: 'Ravi',
  img: '',
  song: '/media/audio/dusk.mp3',
};
