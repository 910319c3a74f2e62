import { SUBSONIC_ERRORS, SubsonicError } from './response.js';

type Raw = Record<string, unknown>;

const asStrings = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);

/**
 * A call's parameters: the query string and, for the formPost extension, the form body. A
 * parameter may repeat (`id=1&id=2`); single-valued reads take the first.
 */
export class SubsonicParams {
  private readonly values: Raw;

  constructor(query: Raw, body: unknown) {
    this.values = { ...query };
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body as Raw)) {
        this.values[key] = [...asStrings(this.values[key]), ...asStrings(value)];
      }
    }
  }

  optional(name: string): string | undefined {
    return asStrings(this.values[name])[0];
  }

  required(name: string): string {
    const value = this.optional(name);
    if (value === undefined || value === '') {
      throw new SubsonicError(SUBSONIC_ERRORS.missingParameter, `Required parameter is missing: ${name}`);
    }
    return value;
  }

  list(name: string): string[] {
    return asStrings(this.values[name]).filter((value) => value !== '');
  }

  /** A whole number from `min` to `max`; `fallback` when absent. */
  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new SubsonicError(SUBSONIC_ERRORS.generic, `${name} must be a whole number from ${min} to ${max}`);
    }
    return value;
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.optional(name);
    if (raw === undefined || raw === '') return fallback;
    return raw === 'true' || raw === '1';
  }

  intList(name: string, min: number, max: number): number[] {
    return this.list(name).map((raw) => {
      const value = Number(raw);
      if (!Number.isInteger(value) || value < min || value > max) {
        throw new SubsonicError(SUBSONIC_ERRORS.generic, `${name} must be a whole number from ${min} to ${max}`);
      }
      return value;
    });
  }
}
