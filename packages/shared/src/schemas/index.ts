import type Joi from 'joi';

export * from './registration.js';
export * from './catalogue.js';
export * from './browse.js';

/** Every failing rule's message, per field (for forms that show errors beside each field). */
export function fieldErrors(schema: Joi.ObjectSchema, value: unknown): Record<string, string> {
  const { error } = schema.validate(value, { abortEarly: false });
  const out: Record<string, string> = {};
  for (const detail of error?.details ?? []) {
    const key = String(detail.path[0] ?? '');
    if (!(key in out)) out[key] = detail.message;
  }
  return out;
}

/** Joi's messages reworded for people: no quoted labels, and the spec's "should be" phrasing. */
const FRIENDLY_MESSAGES = {
  'any.required': '{{#label}} is required',
  'string.empty': '{{#label}} is required',
  'string.min': '{{#label}} should be at least {{#limit}} characters long',
  'string.max': '{{#label}} should be at most {{#limit}} characters long',
  'string.email': '{{#label}} should be a valid email address',
  'any.only': 'Choose a {{#label}}',
};

/**
 * Every message per field, as a form shows them under the field: a password lists each rule it
 * breaks, not only the first.
 */
export function friendlyFieldErrors(schema: Joi.ObjectSchema, value: unknown): Record<string, string[]> {
  const { error } = schema.validate(value, { abortEarly: false, errors: { wrap: { label: false } }, messages: FRIENDLY_MESSAGES });
  const out: Record<string, string[]> = {};
  for (const detail of error?.details ?? []) {
    const key = String(detail.path[0] ?? '');
    const message = detail.message.replace(/^Choose a (\w)/, (_m, c: string) => `Choose a ${c.toLowerCase()}`);
    (out[key] ??= []).push(message);
  }
  return out;
}
