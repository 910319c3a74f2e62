/** Entity types shared by the web app and the API. */

export const GENDERS = ['male', 'female', 'non-binary'] as const;
export type Gender = (typeof GENDERS)[number];

/** Registration payload. */
export interface User {
  name: string;
  email: string;
  password: string;
  gender: Gender;
}

/** A user as the API returns it (login and user list). Never carries the password hash. */
export interface UserRecord {
  _id: string;
  name: string;
  email: string;
  gender: Gender;
  verified: boolean;
  createdAt: string;
  isAdmin: boolean;
}

export interface LoginResponse {
  authToken: string;
  message: string;
  data: UserRecord;
}

export interface Song {
  _id: string;
  name: string;
  artist: string;
  /** Image URL. */
  img: string;
  /** Audio URL. */
  song: string;
  /** Length in seconds, when known (read from the uploaded audio). */
  duration?: number;
  /** Album title from the tags or the admin form; absent means the artist's 'Singles'. */
  album?: string;
  albumArtist?: string;
  trackNumber?: number;
  discNumber?: number;
  year?: number;
  /** The first genre of the tags. */
  genre?: string;
  /** Gapless playback: samples the encoder added before and after the audio (LAME/iTunSMPB). */
  encoderDelay?: number;
  encoderPadding?: number;
  /** Sample rate of the file, in Hz: the unit of encoderDelay and encoderPadding. */
  sampleRate?: number;
  /** ReplayGain track gain in dB and track peak (linear), when tagged. */
  replayGainTrackGain?: number;
  replayGainTrackPeak?: number;
  /** International Standard Recording Code (ID3 TSRC, Vorbis/MP4 ISRC), for playlist imports. */
  isrc?: string;
}

export interface SaavnImage {
  quality?: string;
  url: string;
}

export interface SaavnDownloadUrl {
  quality?: string;
  url: string;
}

/** A song from the JioSaavn service: the third image and the fifth download entry are used. */
export interface SaavnSong {
  id?: string;
  name: string;
  image: SaavnImage[];
  downloadUrl: SaavnDownloadUrl[];
  artists?: { primary?: { name: string }[] };
}

/** The add-song answer's data: the playlist and how many entries it holds now. */
export interface PlaylistSongCount {
  _id: string;
  songs: number;
}

/** An own playlist. `songs` holds populated songs when the API populates them, ids otherwise. */
export interface Playlist {
  _id: string;
  name: string;
  desc: string;
  img?: string;
  songs: Song[];
  user: string;
  /** JioSaavn songs an import kept, each at its place among the entries; absent when none. */
  saavnTracks?: PlaylistSaavnTrack[];
  /** True when an import made it (it then has an import review); absent for hand-made playlists. */
  imported?: true;
}

export interface SpotifyImage {
  url: string;
  height?: number | null;
  width?: number | null;
}

/** A Spotify playlist as /v1/me/playlists returns it (pre- or post-February-2026 field names). */
export interface SpotifyPlaylist {
  id: string;
  name: string;
  images: SpotifyImage[] | null;
  tracks?: { total: number; href?: string };
  items?: { total: number; href?: string };
}

export interface SaavnPlaylist {
  id: string;
  name: string;
  image: SaavnImage[];
  songCount: number;
  songs?: SaavnSong[];
}

/** What a playlist card renders, whatever the source. */
export interface CardViewModel {
  id: string;
  name: string;
  images: { url: string }[];
  tracks: { total: number };
}

/** `{ data }` envelope used by most API responses. */
export interface DataResponse<T> {
  data: T;
  message?: string;
}

export interface MessageResponse {
  message: string;
}

/** One playable entry of the player's queue, whatever its source (own, JioSaavn, Spotify). */
export interface PlayerTrack {
  id: string;
  name: string;
  artist: string;
  /** Image URL (absolute). */
  img: string;
  /** Audio URL (absolute). */
  src: string;
  /** True when there is nothing to play for this entry (e.g. a Spotify track with no match). */
  unavailable?: boolean;
  /** Gapless joins and volume normalisation, when the song's tags gave them (see Song). */
  encoderDelay?: number;
  encoderPadding?: number;
  sampleRate?: number;
  replayGainTrackGain?: number;
  replayGainTrackPeak?: number;
}

/** A JioSaavn song kept in a playlist: its id, and what the player needs to play it. */
export interface SaavnTrackRef {
  saavnId: string;
  name: string;
  artist: string;
  img: string;
  src: string;
}

/** A JioSaavn track of an own playlist; `at` is its place among all the playlist's entries. */
export interface PlaylistSaavnTrack extends SaavnTrackRef {
  at: number;
}

/** An album found by GET /api/search/catalogue: its id is the Subsonic one (`al-…`), its page /albums/:id. */
export interface AlbumHit {
  id: string;
  name: string;
  artist: string;
  year?: number;
  songCount: number;
  /** The cover of its first song that has one. */
  img?: string;
}

/** An artist found by GET /api/search/catalogue: its id is the Subsonic one (`ar-…`), its page /artists/:id. */
export interface ArtistHit {
  id: string;
  name: string;
  albumCount: number;
  img?: string;
}

/** GET /api/search/catalogue?search=q: the albums and artists that match, best first. */
export interface CatalogueSearchAnswer {
  albums: AlbumHit[];
  artists: ArtistHit[];
}
