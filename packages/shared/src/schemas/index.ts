import type Joi from 'joi';

export * from './registration.js';
export * from './catalogue.js';

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
