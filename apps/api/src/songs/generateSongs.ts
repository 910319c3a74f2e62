import type { SongInput } from '@samaa/shared';

/** Small deterministic PRNG (mulberry32): the same seed gives the same catalogue. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  'Midnight', 'Golden', 'Broken', 'Electric', 'Silent', 'Burning', 'Endless', 'Velvet', 'Neon',
  'Crimson', 'Hollow', 'Wild', 'Fading', 'Lonely', 'Sweet', 'Distant', 'Restless', 'Blue',
  'Silver', 'Lost', 'Secret', 'Summer', 'Winter', 'Paper', 'Northern', 'Dancing', 'Falling',
];
const NOUNS = [
  'Rain', 'Hearts', 'Skyline', 'Dreams', 'River', 'Fire', 'Echoes', 'Highway', 'Moon', 'Garden',
  'Thunder', 'Shadows', 'Lights', 'Ocean', 'Letters', 'Roses', 'Horizon', 'Streets', 'Stars',
  'Memories', 'Waves', 'Mirrors', 'Whispers', 'Sunrise', 'City', 'Satellite', 'Monsoon',
];
const PHRASES = [
  'Tere Bina', 'Dil Se', 'Hold On', 'Take Me Home', 'Until Tomorrow', 'One More Night',
  'Sajna', 'Kho Gaye', 'Come Back To Me', 'All I Need', 'Safar', 'Barish', 'Never Let Go',
  'Tum Hi Ho', 'Runaway', 'Closer', 'Afterglow', 'Ishq', 'Better Days', 'Roshni',
];
const FIRST_NAMES = [
  'Aria', 'Arjun', 'Maya', 'Leo', 'Nina', 'Kabir', 'Zara', 'Eli', 'Priya', 'Omar', 'Lena',
  'Rohan', 'Sofia', 'Ivan', 'Meera', 'Noah', 'Isha', 'Jonas', 'Tara', 'Felix', 'Anaya', 'Mateo',
];
const LAST_NAMES = [
  'Kapoor', 'Rivers', 'Sharma', 'Novak', 'Khan', 'Bell', 'Iyer', 'Moreau', 'Das', 'Silva',
  'Mehta', 'Quinn', 'Rao', 'Hart', 'Bose', 'Lindqvist', 'Verma', 'Stone', 'Nair', 'Costa',
];
const BANDS = [
  'The Night Owls', 'Paper Kites', 'Indigo Lane', 'The Monsoon Club', 'Velvet Static',
  'Northern Sons', 'Glass Harbor', 'The Raga Collective', 'Echo Park', 'Saffron Skies',
];

/** Public, playable example MP3s (the benchmarks never fetch them). */
const AUDIO_COUNT = 16;
export const audioUrl = (n: number) =>
  `https://www.soundhelix.com/examples/mp3/SoundHelix-Song-${(n % AUDIO_COUNT) + 1}.mp3`;

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function title(rand: () => number): string {
  const r = rand();
  if (r < 0.45) return `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)}`;
  if (r < 0.8) return pick(rand, PHRASES);
  return `${pick(rand, PHRASES)} (${pick(rand, ['Acoustic', 'Remix', 'Live', 'Reprise', 'Lofi'])})`;
}

/** A realistic first and last name (at most 20 characters). */
export function personName(rand: () => number): string {
  return `${pick(rand, FIRST_NAMES)} ${pick(rand, LAST_NAMES)}`;
}

function artist(rand: () => number): string {
  const name = rand() < 0.8 ? personName(rand) : pick(rand, BANDS);
  return rand() < 0.15 ? `${name} feat. ${personName(rand)}` : name;
}

/** Media a generated song points at; the seed command passes our own demo files. */
export interface SongMedia {
  img: string;
  song: string;
  duration?: number;
}

/**
 * `count` songs with realistic names and artists. Their cover and audio cycle through `media`
 * when given (playable offline), else public example URLs (enough for benchmarks, never fetched).
 */
export function generateSongs(count: number, seed = 1, media: SongMedia[] = []): SongInput[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const own = media.length > 0 ? media[i % media.length] : undefined;
    return {
      name: title(rand),
      artist: artist(rand),
      img: own?.img ?? `https://picsum.photos/seed/samaa-${seed}-${i}/300/300`,
      song: own?.song ?? audioUrl(i),
      ...(own?.duration ? { duration: own.duration } : {}),
    };
  });
}

const GENRES = ['Rock', 'Pop', 'Jazz', 'Folk', 'Hip-Hop', 'Classical', 'Electronic', 'Indie', 'Soul', 'Ambient', 'Filmi', 'Blues'];

/**
 * The songs tagged as a music folder's albums of `perAlbum` tracks: album artist, album, disc and
 * track, year and genre (some left out, as real tags are). Its own random stream: the songs'
 * names stay those `generateSongs` gave.
 */
export function withAlbums(songs: SongInput[], seed = 1, perAlbum = 10): SongInput[] {
  const rand = seededRandom(seed + 0x5eed);
  const out: SongInput[] = [];
  for (let start = 0; start < songs.length; start += perAlbum) {
    const group = songs.slice(start, start + perAlbum);
    const albumArtist = group[0]!.artist;
    const album = `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)}`;
    const year = rand() < 0.1 ? undefined : 1960 + Math.floor(rand() * 66);
    const genre = rand() < 0.1 ? undefined : pick(rand, GENRES);
    const half = group.length > 8 && rand() < 0.3 ? Math.ceil(group.length / 2) : group.length;
    group.forEach((song, i) => {
      const disc = i < half ? 1 : 2;
      const tags = { ...(year ? { year } : {}), ...(genre ? { genre } : {}) };
      out.push({ ...song, albumArtist, album, discNumber: disc, trackNumber: disc === 1 ? i + 1 : i - half + 1, ...tags });
    });
  }
  return out;
}
