import http from 'node:http';
import fc from 'fast-check';
import mongoose from 'mongoose';
import { expect } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../app.js';
import { forgedTokens } from './tokens.js';

/** One raw HTTP request of the fuzz suites. `body` is sent as is (so it can be broken JSON). */
export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** What was broken, for the failure message. */
  fault: string;
}

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** Sends over a keep-alive agent; unlike fetch, it lets a GET carry a (broken) body. */
export function send(baseUrl: string, req: FuzzRequest): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const { hostname, port } = new URL(baseUrl);
    const outgoing = http.request(
      {
        hostname,
        port,
        // Sent verbatim: a URL object would resolve `..` segments before they reach the server.
        path: req.path,
        method: req.method,
        agent,
        headers: { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const LEAKS = [
  /\$2[aby]\$\d\d\$/, // a bcrypt hash
  /"stack"\s*:/,
  /\bat [\w.<>]+ \(.*:\d+:\d+\)/, // a stack frame
  /node_modules|\/src\/[\w/]+\.[jt]s/,
  /Mongo\w*Error|CastError|ValidationError|E11000/,
];

/** Every malformed request must be refused with a 4xx JSON {message} that leaks nothing. */
export function expectRefused(req: FuzzRequest, res: FuzzAnswer): void {
  const what = `${req.method} ${req.path.slice(0, 200)} [${req.fault}] → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.contentType, what).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as { message?: unknown };
  expect(typeof body.message, what).toBe('string');
  expect((body.message as string).length, what).toBeGreaterThan(0);
  for (const leak of LEAKS) expect(res.text, what).not.toMatch(leak);
}

/**
 * Not data: the song-list cache's version counter, which any write attempt that reaches the
 * database may move (a refused delete of an unknown song included). It only invalidates a cache.
 */
const BOOKKEEPING_COLLECTIONS = new Set(['catalogue_versions', 'meta']);

/** Every document of every data collection, in a stable order: equal snapshots mean nothing changed. */
export async function snapshotDatabase(): Promise<string> {
  const db = mongoose.connection.db!;
  const names = (await db.listCollections({}, { nameOnly: true }).toArray())
    .map((c) => c.name)
    .filter((name) => !BOOKKEEPING_COLLECTIONS.has(name))
    .sort();
  const out: Record<string, unknown[]> = {};
  for (const name of names) out[name] = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
  return JSON.stringify(out);
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const HUGE = 3000; // longer than any field's maximum (the longest is a 2048-character URL)

/** Nested `depth` levels deep, as arrays or as objects. */
export const deeplyNested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** NoSQL operator objects, the classic `{"$gt": ""}` login bypass among them. */
export const operatorObject: fc.Arbitrary<Record<string, unknown>> = fc.constantFrom(
  { $gt: '' },
  { $ne: null },
  { $ne: 'x' },
  { $regex: '.*' },
  { $in: ['a', 'b'] },
  { $where: 'sleep(1000)' },
  { $exists: true },
  { $expr: { $eq: [1, 1] } },
  { toString: 'x', valueOf: 1 },
  JSON.parse('{"__proto__": {"isAdmin": true}}') as Record<string, unknown>,
  { constructor: { prototype: { isAdmin: true } } },
);

/** A value no string field accepts: wrong types, operator objects, huge or deeply nested values. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  operatorObject,
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.repeat(Math.ceil(HUGE / s.length) + 1)),
  fc.integer({ min: 50, max: 400 }).map((depth) => JSON.parse(deeplyNested(depth, 'array')) as unknown),
  fc.integer({ min: 50, max: 400 }).map((depth) => JSON.parse(deeplyNested(depth, 'object')) as unknown),
);

/** Path segments that are not a 24-hex ObjectId (12-byte strings, operators, traversal, junk). */
export const badObjectId: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      '123',
      'zzzzzzzzzzzzzzzzzzzzzzzz',
      'abcdefghijkl', // 12 characters: a valid ObjectId to Mongoose, not to us
      '0123456789abcdef0123456', // 23 hex
      '0123456789abcdef012345678', // 25 hex
      '$gt',
      '{"$gt":""}',
      'null',
      'undefined',
      '[object Object]',
      '..',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '%00',
      '%E2%80%AE',
      ' ',
      '-1',
      'NaN',
    ),
    fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/^[0-9a-fA-F]{24}$/.test(s)),
    fc.string({ minLength: 300, maxLength: 2000 }),
  )
  .map((s) => encodeURIComponent(s).replace(/%25([0-9A-F]{2})/gi, '%$1'));

/** Text that JSON.parse refuses, or a top-level value our JSON parser refuses (strict mode). */
export const badJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"email":',
    "{'email': 'a@b.c'}",
    '{"a":1,}',
    '[1,2',
    'undefined',
    'NaN',
    '"just a string"',
    '42',
    'true',
    'null',
    '\u0000',
    '{"a":"\\x41"}',
    '{"__proto__":',
  ),
  fc.string({ minLength: 1, maxLength: 50 }).filter((s) => {
    try {
      const v: unknown = JSON.parse(s);
      return typeof v !== 'object' || v === null;
    } catch {
      return true;
    }
  }),
  fc.integer({ min: 100, max: 2000 }).map((depth) => deeplyNested(depth, 'array').slice(0, -1)),
);

/** A body just over the JSON limit, valid JSON or not. */
export const oversizedBody: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 50_000 }), fc.boolean())
  .map(([extra, json]) => {
    const filler = 'x'.repeat(JSON_BODY_LIMIT_BYTES + extra);
    return json ? JSON.stringify({ name: filler }) : filler;
  });

/** Missing, expired, forged (`alg: none`, HS512, RS256, other secret, tampered) and junk tokens. */
export function badTokens(userId: string): fc.Arbitrary<{ kind: string; token?: string }> {
  const forged = forgedTokens(userId);
  return fc.oneof(
    fc.constant({ kind: 'missing' }),
    fc.constantFrom(...Object.entries(forged).map(([kind, token]) => ({ kind, token }))),
    fc.string({ minLength: 1, maxLength: 300 }).map((token) => ({ kind: 'random', token: token.replace(/[^\x21-\x7e]/g, 'a') })),
  );
}

export const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * Malformed requests against one route. `valid` is a request that would succeed; every case
 * breaks exactly one thing of it: the token, one body field, the whole body, a path id, or the
 * transport (bad JSON, oversized body).
 */
export interface RouteUnderFuzz {
  method: FuzzRequest['method'];
  /** Builds the path; `ids` may be replaced by bad ones. */
  path: (ids: Record<string, string>) => string;
  ids?: Record<string, string>;
  /** Token of a user allowed to call it (when the route needs one). */
  token?: string;
  /** Token of a signed-in user without the right (admin routes, someone else's playlist). */
  wrongUserToken?: string;
  /** The id that forged tokens claim. */
  forgedFor?: string;
  /** A valid JSON body; string fields listed in `fields` get hostile values. */
  body?: Record<string, unknown>;
  fields?: string[];
  /** Fields whose absence is an error (default: every one of `fields`). */
  required?: string[];
  /** Extra route-specific faults (query strings, headers). */
  extra?: fc.Arbitrary<FuzzRequest>;
}

export function malformedRequests(route: RouteUnderFuzz): fc.Arbitrary<FuzzRequest> {
  const ids = route.ids ?? {};
  const headers = (token?: string, extra: Record<string, string> = {}) => ({
    ...(token ? { 'x-auth-token': token } : {}),
    ...extra,
  });
  const validBody = route.body ? JSON.stringify(route.body) : undefined;
  const base = (fault: string, over: Partial<FuzzRequest> = {}): FuzzRequest => ({
    method: route.method,
    path: route.path(ids),
    headers: headers(route.token, validBody ? JSON_HEADERS : {}),
    body: validBody,
    fault,
    ...over,
  });
  const cases: fc.Arbitrary<FuzzRequest>[] = [
    badJson.map((body) => base(`bad JSON ${JSON.stringify(body.slice(0, 30))}`, { body, headers: headers(route.token, JSON_HEADERS) })),
    oversizedBody.map((body) =>
      base(`oversized body (${body.length} bytes)`, { body, headers: headers(route.token, JSON_HEADERS) }),
    ),
  ];
  if (route.token) {
    cases.push(
      badTokens(route.forgedFor ?? '0123456789abcdef01234567').map(({ kind, token }) =>
        base(`token: ${kind}`, { headers: headers(token, validBody ? JSON_HEADERS : {}) }),
      ),
    );
  }
  if (route.wrongUserToken) {
    cases.push(fc.constant(base('signed in without the right', { headers: headers(route.wrongUserToken, validBody ? JSON_HEADERS : {}) })));
  }
  for (const key of Object.keys(ids)) {
    cases.push(badObjectId.map((bad) => base(`bad id ${key}`, { path: route.path({ ...ids, [key]: bad }) })));
  }
  if (route.body) {
    const body = route.body;
    const fields = route.fields ?? [];
    if (fields.length) {
      cases.push(
        fc.tuple(fc.constantFrom(...fields), hostileValue).map(([field, value]) =>
          base(`hostile ${field}`, { body: JSON.stringify({ ...body, [field]: value }) }),
        ),
      );
    }
    const required = route.required ?? fields;
    if (required.length) {
      cases.push(
        fc.constantFrom(...required).map((field) => {
          const rest = { ...body };
          delete rest[field];
          return base(`missing ${field}`, { body: JSON.stringify(rest) });
        }),
      );
    }
    cases.push(
      fc.oneof(fc.constant([]), fc.constant({}), fc.array(fc.constant(body), { minLength: 1, maxLength: 3 })).map((whole) =>
        base(`whole body ${JSON.stringify(whole).slice(0, 40)}`, { body: JSON.stringify(whole) }),
      ),
    );
  }
  if (route.extra) cases.push(route.extra);
  return fc.oneof(...cases);
}

/**
 * Runs `runs` malformed requests against a route: each is refused with a 4xx JSON {message},
 * and the database is exactly as it was afterwards.
 */
export async function fuzzRoute(baseUrl: string, route: RouteUnderFuzz, runs = 200): Promise<void> {
  const before = await snapshotDatabase();
  // Counterexamples print as one short line, not as a 100 KB body.
  const described = malformedRequests(route).map((req) =>
    Object.assign(req, { [fc.toStringMethod]: () => `${req.method} ${req.path.slice(0, 120)} [${req.fault}]` }),
  );
  await fc.assert(
    fc.asyncProperty(described, async (req) => {
      expectRefused(req, await send(baseUrl, req));
    }),
    { numRuns: runs, endOnFailure: true },
  );
  expect(await snapshotDatabase(), 'a refused request changed the database').toBe(before);
}
