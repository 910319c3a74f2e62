import type { CoverStyle } from './coverArt.js';
import type { Tune } from './synth.js';

export interface DemoSong {
  name: string;
  artist: string;
  tune: Tune;
  cover: CoverStyle;
  album?: string;
  trackNumber?: number;
  /**
   * This song is one side of a cut in `tune`, rendered whole: the part before `at` seconds
   * ('before') or from there on ('after'). Played gaplessly, the two parts are one piece.
   */
  cut?: { at: number; side: 'before' | 'after' };
}

/** One piece in two tracks, the way a live album runs on without a pause between them. */
const LAKE_TUNE: Tune = { tonic: 57, mode: 'major', progression: [0, 5, 3, 4], bpm: 90, lead: 'triangle', kick: false, seconds: 44 };
const LAKE_COVER: CoverStyle = { from: [30, 90, 110], to: [10, 25, 45], accent: [250, 210, 140], motif: 'waves' };
/** Mid-phrase (an arpeggio note rings across it) and off every MP3 frame boundary. */
const LAKE_CUT = 21.4867;

/**
 * Twelve made-up songs by made-up artists; their audio and covers are generated at seed time.
 * The list shows the last inserted first, so Part 2 comes before Part 1 here and after it there.
 */
export const DEMO_SONGS: readonly DemoSong[] = [
  {
    name: 'Live at the Lake, Part 2',
    artist: 'The Lakeside Quartet',
    album: 'Live at the Lake',
    trackNumber: 2,
    tune: LAKE_TUNE,
    cover: LAKE_COVER,
    cut: { at: LAKE_CUT, side: 'after' },
  },
  {
    name: 'Live at the Lake, Part 1',
    artist: 'The Lakeside Quartet',
    album: 'Live at the Lake',
    trackNumber: 1,
    tune: LAKE_TUNE,
    cover: LAKE_COVER,
    cut: { at: LAKE_CUT, side: 'before' },
  },
  {
    name: 'Monsoon Letters',
    artist: 'Aarav Mehta',
    tune: { tonic: 57, mode: 'minor', progression: [0, 5, 2, 6], bpm: 84, lead: 'triangle', kick: false, seconds: 22 },
    cover: { from: [22, 60, 92], to: [8, 20, 38], accent: [120, 200, 230], motif: 'waves' },
  },
  {
    name: 'Neon Harbour',
    artist: 'The Lantern Club',
    tune: { tonic: 62, mode: 'minor', progression: [0, 3, 5, 4], bpm: 112, lead: 'square', kick: true, seconds: 24 },
    cover: { from: [60, 10, 90], to: [10, 10, 40], accent: [255, 70, 170], motif: 'vinyl' },
  },
  {
    name: 'Saffron Skies',
    artist: 'Kavya Rao',
    tune: { tonic: 60, mode: 'major', progression: [0, 4, 5, 3], bpm: 96, lead: 'sine', kick: false, seconds: 21 },
    cover: { from: [255, 150, 40], to: [200, 60, 60], accent: [255, 230, 140], motif: 'sunset' },
  },
  {
    name: 'Paper Boats',
    artist: 'Ishaan & The Tides',
    tune: { tonic: 65, mode: 'major', progression: [0, 5, 3, 4], bpm: 88, lead: 'triangle', kick: false, seconds: 22 },
    cover: { from: [150, 210, 230], to: [40, 110, 170], accent: [250, 250, 245], motif: 'waves' },
  },
  {
    name: 'Lazy Sunday Chai',
    artist: 'Meera Joshi',
    tune: { tonic: 58, mode: 'major', progression: [0, 2, 3, 4], bpm: 76, lead: 'sine', kick: false, seconds: 23 },
    cover: { from: [190, 130, 80], to: [90, 50, 30], accent: [245, 225, 190], motif: 'sunset' },
  },
  {
    name: 'Velvet Static',
    artist: 'Northbound Signals',
    tune: { tonic: 52, mode: 'minor', progression: [0, 2, 5, 4], bpm: 104, lead: 'square', kick: true, seconds: 20 },
    cover: { from: [30, 30, 60], to: [90, 40, 110], accent: [140, 230, 200], motif: 'waves' },
  },
  {
    name: 'Fireflies Over Goa',
    artist: 'The Konkan Collective',
    tune: { tonic: 59, mode: 'major', progression: [0, 3, 0, 4], bpm: 100, lead: 'sine', kick: true, seconds: 21 },
    cover: { from: [10, 40, 30], to: [5, 15, 20], accent: [220, 250, 110], motif: 'vinyl' },
  },
  {
    name: 'Slow Orbit',
    artist: 'Luna Verma',
    tune: { tonic: 50, mode: 'minor', progression: [0, 5, 3, 4], bpm: 70, lead: 'sine', kick: false, seconds: 24 },
    cover: { from: [15, 15, 35], to: [60, 70, 130], accent: [200, 200, 255], motif: 'vinyl' },
  },
  {
    name: 'City of Lakes',
    artist: 'Rohan Bhatt',
    tune: { tonic: 63, mode: 'major', progression: [0, 5, 1, 4], bpm: 92, lead: 'triangle', kick: false, seconds: 22 },
    cover: { from: [70, 160, 170], to: [20, 60, 90], accent: [240, 200, 150], motif: 'waves' },
  },
  {
    name: 'Golden Hour Raga',
    artist: 'Anika Sen',
    tune: { tonic: 61, mode: 'minor', progression: [0, 3, 4, 0], bpm: 80, lead: 'triangle', kick: false, seconds: 23 },
    cover: { from: [240, 180, 60], to: [150, 60, 20], accent: [255, 245, 200], motif: 'sunset' },
  },
];
