import Joi from 'joi';
import type { Song } from '../types.js';

/**
 * Our own media store serves uploads under /media/audio and /media/images, and the files of
 * music folders under /media/library/{library id}/{path, each segment URI-encoded}.
 */
export const MEDIA_PATH_PATTERN =
  /^\/media\/(?:(?:audio|images)\/[A-Za-z0-9._-]+|library\/[a-z0-9]+(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~!'()*%-]+)+)$/;

/** An http(s) URL, or a path served by our own media store. */
export const mediaUrl = () =>
  Joi.alternatives()
    .try(
      Joi.string()
        .trim()
        .max(2048)
        .uri({ scheme: ['http', 'https'] }),
      Joi.string().trim().pattern(MEDIA_PATH_PATTERN),
    )
    .messages({
      'alternatives.match': '{{#label}} must be an http(s) URL or a media store path',
    });

/** A song as admins and the scanner write it: everything but the id. */
export type SongInput = Omit<Song, '_id'>;

/** Optional song fields: read from the tags at upload or scan time, editable by admins. */
export const SONG_OPTIONAL_FIELDS = [
  'duration',
  'album',
  'albumArtist',
  'trackNumber',
  'discNumber',
  'year',
  'genre',
  'encoderDelay',
  'encoderPadding',
  'sampleRate',
  'replayGainTrackGain',
  'replayGainTrackPeak',
  'isrc',
] as const satisfies readonly (keyof SongInput)[];

export const songSchema = Joi.object<SongInput>({
  name: Joi.string().trim().min(1).max(100).required().label('Name'),
  artist: Joi.string().trim().min(1).max(100).required().label('Artist'),
  img: mediaUrl().required().label('Image'),
  song: mediaUrl().required().label('Song'),
  duration: Joi.number().min(0).max(86400).label('Duration'),
  album: Joi.string().trim().max(200).allow('').label('Album'),
  albumArtist: Joi.string().trim().max(100).allow('').label('Album artist'),
  trackNumber: Joi.number().integer().min(1).max(9999).label('Track number'),
  discNumber: Joi.number().integer().min(1).max(999).label('Disc number'),
  year: Joi.number().integer().min(1).max(9999).label('Year'),
  genre: Joi.string().trim().max(100).allow('').label('Genre'),
  encoderDelay: Joi.number().integer().min(0).max(1_000_000).label('Encoder delay'),
  encoderPadding: Joi.number().integer().min(0).max(1_000_000).label('Encoder padding'),
  sampleRate: Joi.number().integer().min(1000).max(768_000).label('Sample rate'),
  replayGainTrackGain: Joi.number().min(-60).max(60).label('ReplayGain track gain'),
  replayGainTrackPeak: Joi.number().min(0).max(100).label('ReplayGain track peak'),
  isrc: Joi.string().trim().uppercase().pattern(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/).allow('').label('ISRC')
    .messages({ 'string.pattern.base': '{{#label}} must be 12 characters like USRC17607839' }),
});

export interface PlaylistInput {
  name: string;
  desc?: string;
  img?: string;
}

export const playlistSchema = Joi.object<PlaylistInput>({
  name: Joi.string().trim().min(1).max(50).required().label('Name'),
  desc: Joi.string().trim().max(300).allow('').label('Description'),
  img: Joi.alternatives().try(Joi.string().valid(''), mediaUrl()).label('Image'),
});

export const SEARCH_MAX_LENGTH = 100;

export const searchQuerySchema = Joi.string()
  .trim()
  .min(1)
  .max(SEARCH_MAX_LENGTH)
  .required()
  .label('Search')
  .messages({
    'any.required': 'Search query is required',
    'string.empty': 'Search query is required',
  });
