import type { RequestHandler } from 'express';
import type Joi from 'joi';
import { API_MESSAGES } from '@samaa/shared';
import { badRequest } from './errors.js';

/**
 * Validates `value` with a Joi schema and returns the converted value, or throws a 400 whose
 * message is the first failing rule's text.
 */
export function validate<T>(schema: Joi.Schema, value: unknown): T {
  if (value === undefined || value === null) value = {};
  const { value: out, error } = schema.validate(value, {
    abortEarly: true,
    stripUnknown: true,
    convert: true,
  });
  if (error) throw badRequest(error.details[0]?.message ?? error.message);
  return out as T;
}

/** Replaces req.body with its validated, converted value. */
export function validateBody(schema: Joi.Schema): RequestHandler {
  return (req, _res, next) => {
    req.body = validate(schema, req.body);
    next();
  };
}

/** A 24-digit hex id, the form of every database id we hand out. */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-fA-F]{24}$/.test(value);
}

/** Parses a route id, throwing 400 when it is not a valid ObjectId. */
export function objectId(value: unknown, message: string = API_MESSAGES.invalidId): string {
  if (!isObjectId(value)) throw badRequest(message);
  return value.toLowerCase();
}
