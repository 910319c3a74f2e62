import Joi from 'joi';
import { ALBUM_SORTS, BROWSE_DEFAULT_PAGE_SIZE, BROWSE_MAX_PAGE_SIZE, BROWSE_MESSAGES, type AlbumsQuery } from '../browse.js';

/* The query schemas of /api/browse (kept apart from browse.ts, so the web's pages do not load Joi). */

const pageFields = {
  limit: Joi.number().integer().min(1).max(BROWSE_MAX_PAGE_SIZE).default(BROWSE_DEFAULT_PAGE_SIZE).label('Limit'),
  page: Joi.number().integer().min(1).max(1_000_000).default(1).label('Page'),
};

/** ?limit&page of every paged browse read. */
export const browsePageSchema = Joi.object<{ limit: number; page: number }>(pageFields);

/** GET /api/browse/albums?sort&genre&fromYear&toYear&limit&page */
export const albumsQuerySchema = Joi.object<AlbumsQuery>({
  sort: Joi.string()
    .valid(...ALBUM_SORTS)
    .default('recent')
    .label('Sort')
    .messages({ 'any.only': `Sort should be one of ${ALBUM_SORTS.join(', ')}` }),
  genre: Joi.string().trim().min(1).max(100).label('Genre'),
  fromYear: Joi.number().integer().min(0).max(9999).label('From year'),
  toYear: Joi.number().integer().min(0).max(9999).label('To year'),
  ...pageFields,
}).custom((value: AlbumsQuery, helpers) =>
  value.fromYear !== undefined && value.toYear !== undefined && value.fromYear > value.toYear
    ? helpers.message({ custom: BROWSE_MESSAGES.badYears })
    : value,
);

