import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestUser } from '../test/context.js';
import { useTestDatabase } from '../test/db.js';
import { expectRefused, fuzzRoute, send, type FuzzRequest } from '../test/fuzz.js';
import { listenApp, type ListeningApp } from '../test/listen.js';
import { mediaSigner } from '../media/mediaSignature.js';

useTestDatabase();
// Port 9 (discard) refuses connections: a request that slipped past validation to "JioSaavn"
// would surface as a 5xx and fail the suite; no real host is ever contacted.
const { app, ctx } = createTestApp({ SAAVN_API_URL: 'http://127.0.0.1:9' });
let server: ListeningApp;
let listener: TestUser;
let admin: TestUser;
const FILE_SIZE = 4096;

beforeAll(async () => {
  server = await listenApp(app);
  [listener, admin] = await Promise.all([createUser(), createUser({ admin: true })]);
  fs.writeFileSync(path.join(ctx.config.media.dir, 'audio', 'probe.mp3'), Buffer.alloc(FILE_SIZE, 1));
});
afterAll(() => server.close());

const text = (min: number, max: number) => fc.string({ minLength: min, maxLength: max }).map(encodeURIComponent);

/** Media names that must never resolve (traversal, encodings, unknown files and types). */
const badMediaName = fc
  .oneof(
    fc.constantFrom(
      '..%2F..%2Fjwt-secret',
      '..%2f..%2f..%2fetc%2fpasswd',
      '%2e%2e%2fprobe.mp3',
      'probe.mp3%00.png',
      '.probe.mp3',
      'probe.exe',
      'probe',
      '%2Fetc%2Fpasswd',
      '....%2F%2Fprobe.mp3',
      'probe.mp3%2F',
      '%5C..%5Cprobe.mp3',
    ),
    text(1, 40).filter((s) => s !== 'probe.mp3'),
    text(300, 1000),
  )
  .chain((name) => fc.constantFrom(`/media/audio/${name}`, `/media/images/${name}`));

describe('fuzz: media, uploads and the JioSaavn proxy (≥ 200 malformed requests each)', () => {
  it('GET /media/audio/{name}: bad names and unsatisfiable ranges', async () => {
    await fuzzRoute(server.url, {
      method: 'GET',
      path: () => '/media/audio/no-such-file.mp3',
      extra: fc.oneof(
        badMediaName.map((p): FuzzRequest => ({ method: 'GET', path: p, headers: { 'x-auth-token': listener.token }, fault: 'bad media name' })),
        badMediaName.map((p): FuzzRequest => ({ method: 'GET', path: p, fault: 'bad media name, signed out' })),
        fc
          .oneof(
            fc.integer({ min: FILE_SIZE, max: 2 ** 40 }).map((start) => `bytes=${start}-`),
            fc.constant('bytes=-0'),
          )
          .map((range): FuzzRequest => ({
            method: 'GET',
            path: '/media/audio/probe.mp3',
            headers: { range, 'x-auth-token': listener.token },
            fault: `unsatisfiable ${range}`,
          })),
      ),
    });
  });

  it('GET /media with signed-link queries: never plays unless exactly as minted and unexpired, never 5xx', async () => {
    const signer = mediaSigner(ctx.jwtSecret);
    const PROBE = '/media/audio/probe.mp3';
    const parts = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams) as { exp: string; by: string; sig: string };
    const future = new Date(Date.now() + 3600_000);
    const minted = [
      { ...parts(signer.sign(PROBE, listener._id, future)), live: true },
      // Minted for a share that does not exist: a share's links play only while it lives.
      { ...parts(signer.sign(PROBE, 'share:0123456789abcdef01234567', future)), live: false },
      { ...parts(signer.sign(PROBE, listener._id, new Date(Date.now() - 60_000))), live: false },
    ];
    const junk = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', ' ', '0', '-1', '1e12', '99999999999999999999', 'NaN', '%00', '$gt', '[object Object]', 'x'.repeat(3000)),
      fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
      fc.uint8Array({ minLength: 0, maxLength: 40 }).map((b) => Buffer.from(b).toString('base64url')),
    );
    /** The valid signature with one character changed, cut or lengthened. */
    const mutated = (sig: string) =>
      fc.oneof(
        fc.tuple(fc.nat(sig.length - 1), fc.constantFrom(...'ABCabc019-_')).map(([at, c]) => sig.slice(0, at) + c + sig.slice(at + 1)),
        fc.nat(sig.length - 1).map((n) => sig.slice(0, n)),
        fc.constantFrom(`${sig}A`, `${sig}=`, sig.toUpperCase(), sig.toLowerCase(), Buffer.from(sig, 'base64url').toString('base64')),
      );
    const pathVariant = fc.constantFrom(
      PROBE,
      '/media/audio/Probe.mp3',
      '/media/audio/%70robe.mp3',
      '/media/audio/probe.mp3/',
      '/media//audio/probe.mp3',
      '/media/audio/./probe.mp3',
      '/media/images/probe.mp3',
      '/media/audio/no-such-file.mp3',
      '/media/library/0123456789abcdef01234567/probe.mp3',
      '/MEDIA/audio/probe.mp3',
    );
    const request = fc
      .record({
        link: fc.constantFrom(...minted),
        path: fc.oneof(fc.constant(PROBE), pathVariant),
        exp: fc.option(junk, { freq: 2 }),
        by: fc.option(junk, { freq: 2 }),
        sigMode: fc.constantFrom('same', 'same', 'mutated', 'junk'),
        sigJunk: junk,
        sigMutation: fc.nat(),
        drop: fc.option(fc.constantFrom('exp', 'by', 'sig'), { freq: 3 }),
        twice: fc.option(fc.constantFrom('exp', 'by', 'sig'), { freq: 3 }),
        extra: fc.boolean(),
        range: fc.boolean(),
        // A quarter of the runs send a link exactly as minted, so every run plays some.
        asMinted: fc.nat(3).map((n) => n === 0),
      })
      .map((r) => (r.asMinted ? { ...r, path: PROBE, exp: null, by: null, sigMode: 'same', drop: null, twice: null } : r))
      .chain((r) =>
        (r.sigMode === 'mutated' ? mutated(r.link.sig) : fc.constant(r.sigMode === 'same' ? r.link.sig : r.sigJunk)).map((sig) => {
          const values = { exp: r.exp ?? r.link.exp, by: r.by ?? r.link.by, sig };
          const query = (['exp', 'by', 'sig'] as const)
            .filter((k) => k !== r.drop)
            .flatMap((k) => (k === r.twice ? [k, k] : [k]).map((key) => `${key}=${encodeURIComponent(values[key])}`));
          if (r.extra) query.push('utm=1');
          const exact = r.path === PROBE && values.exp === r.link.exp && values.by === r.link.by && sig === r.link.sig && !r.drop && !r.twice;
          const req: FuzzRequest = {
            method: 'GET',
            path: `${r.path}?${query.join('&')}`,
            headers: r.range ? { range: 'bytes=0-9' } : {},
            fault: exact ? (r.link.live ? 'valid link' : 'expired link') : 'changed link',
          };
          return { req, playable: exact && r.link.live };
        }),
      );
    let played = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ req, playable }) => {
        const res = await send(server.url, req);
        if (playable) {
          expect(res.status, req.path).toBe(req.headers?.range ? 206 : 200);
          played += 1;
        } else {
          expectRefused(req, res);
          expect(res.status, req.path).not.toBe(401);
        }
      }),
      { numRuns: 400, endOnFailure: true },
    );
    expect(played).toBeGreaterThan(0);
  });

  it('/api/uploads (tus, admin only)', async () => {
    const tus = { 'tus-resumable': '1.0.0' };
    const meta = (pairs: Record<string, string>) =>
      Object.entries(pairs)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(',');
    await fuzzRoute(server.url, {
      method: 'POST',
      path: () => '/api/uploads',
      token: admin.token,
      wrongUserToken: listener.token,
      forgedFor: admin._id,
      extra: fc
        .constantFrom<[Record<string, string>, string]>(
          [{ 'upload-length': '10', 'upload-metadata': meta({ kind: 'audio', filename: 'a.mp3' }) }, 'no Tus-Resumable'],
          [{ ...tus, 'upload-length': 'abc', 'upload-metadata': meta({ kind: 'audio', filename: 'a.mp3' }) }, 'bad length'],
          [{ ...tus, 'upload-length': '-5', 'upload-metadata': meta({ kind: 'audio', filename: 'a.mp3' }) }, 'negative length'],
          [{ ...tus, 'upload-length': '10' }, 'no metadata'],
          [{ ...tus, 'upload-length': '10', 'upload-metadata': meta({ kind: 'video', filename: 'a.mp4' }) }, 'bad kind'],
          [{ ...tus, 'upload-length': '10', 'upload-metadata': meta({ kind: 'audio', filename: '../../x.mp3' }) }, 'traversal name'],
          [{ ...tus, 'upload-length': '10', 'upload-metadata': 'kind !!!notbase64' }, 'bad metadata'],
          [{ ...tus, 'upload-length': String(2 ** 40), 'upload-metadata': meta({ kind: 'audio', filename: 'a.mp3' }) }, 'too large'],
          [{ ...tus, 'upload-length': '0', 'upload-metadata': meta({ kind: 'image', filename: 'a.png' }) }, 'empty file'],
        )
        .chain(([headers, fault]) =>
          fc.constantFrom<FuzzRequest>(
            { method: 'POST', path: '/api/uploads', headers: { ...headers, 'x-auth-token': admin.token }, fault },
            {
              method: 'PATCH',
              path: '/api/uploads/0123456789abcdef',
              headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'x-auth-token': admin.token },
              body: 'abc',
              fault: 'PATCH unknown upload',
            },
            {
              method: 'GET',
              path: `/api/uploads/metadata?path=${encodeURIComponent('/media/audio/../../jwt-secret')}`,
              headers: { 'x-auth-token': admin.token },
              fault: 'metadata traversal',
            },
          ),
        ),
    });
  });

  const paging = (key: string) => [`${key}=x&page=-1`, `${key}=x&limit=0`, `${key}=x&limit=abc`, `${key}=x&page=51`];
  const saavnRoute = (route: string, key: string, valid: string, bad: fc.Arbitrary<string>, paged = true) =>
    fuzzRoute(server.url, {
      method: 'GET',
      path: () => `/api/saavn/${route}?${key}=${valid}`,
      token: listener.token,
      forgedFor: listener._id,
      extra: fc
        .oneof(
          bad.map((value) => `${key}=${value}`),
          fc.constantFrom('', `${key}=`, `${key}=a&${key}=b`, ...(paged ? paging(key) : [])),
        )
        .map((query): FuzzRequest => ({
          method: 'GET',
          path: `/api/saavn/${route}?${query}`,
          headers: { 'x-auth-token': listener.token },
          fault: `bad query ${query.slice(0, 40)}`,
        })),
    });

  it('GET /api/saavn/search/playlists and /search/songs', async () => {
    await saavnRoute('search/playlists', 'query', 'pop', text(101, 400).filter((s) => decodeURIComponent(s).trim().length > 100));
    await saavnRoute('search/songs', 'query', 'pop', fc.constant('%20%20'));
  });

  it('GET /api/saavn/playlists and /resolve', async () => {
    await saavnRoute(
      'playlists',
      'id',
      '123',
      fc.constantFrom('..%2F..', '%24gt', 'a%20b', '%3Cscript%3E', 'x'.repeat(101), '%0A'),
    );
    await saavnRoute('resolve', 'title', 'hello', fc.constantFrom('%20', 'y'.repeat(101)), false);
  });
});
