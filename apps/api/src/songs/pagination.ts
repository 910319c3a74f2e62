import { CATALOGUE_MESSAGES } from '@samaa/shared';
import { badRequest } from '../http/errors.js';
import type { Page } from './songs.service.js';

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 50;

function wholeNumber(value: unknown, min: number, max: number, message: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw badRequest(message);
  const n = Number(value);
  if (n < min || n > max) throw badRequest(message);
  return n;
}

/**
 * Reads the optional `?limit&page` of a list route. Neither given: the whole list (undefined).
 * A page without a limit uses DEFAULT_PAGE_SIZE.
 */
export function parsePage(query: Record<string, unknown>): Page | undefined {
  const limit = wholeNumber(query.limit, 1, MAX_PAGE_SIZE, CATALOGUE_MESSAGES.badLimit);
  const page = wholeNumber(query.page, 1, 1_000_000, CATALOGUE_MESSAGES.badPage);
  if (limit === undefined && page === undefined) return undefined;
  return { limit: limit ?? DEFAULT_PAGE_SIZE, page: page ?? 1 };
}
