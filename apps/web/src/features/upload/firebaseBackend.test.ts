// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeFirebaseStorage, type FakeFirebaseStorage } from '@samaa/test-fakes';
import { createFirebaseBackend } from './firebaseBackend';
import { firebaseSettingsFrom } from './firebaseConfig';
import { logUploadError } from './uploadErrors';
import type { UploadBackend } from './uploadBackend';

// The shared test setup clears browser storage after each test; this file runs in Node.
for (const name of ['localStorage', 'sessionStorage']) {
  (globalThis as Record<string, unknown>)[name] ??= { clear() {} };
}

const BUCKET = 'samaa-test.appspot.com';
let fake: FakeFirebaseStorage;
let backend: UploadBackend;

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) % 256);

beforeAll(async () => {
  fake = await startFakeFirebaseStorage();
  const settings = firebaseSettingsFrom({
    VITE_FIREBASE_API_KEY: 'test-api-key',
    VITE_FIREBASE_PROJECT_ID: 'samaa-test',
    VITE_FIREBASE_STORAGE_BUCKET: BUCKET,
    VITE_FIREBASE_STORAGE_EMULATOR: `${fake.host}:${fake.port}`,
  });
  backend = createFirebaseBackend(settings!);
});
afterAll(() => fake.close());

describe('Firebase Cloud Storage backend (real SDK, local fake server)', () => {
  it('uploads a small image under images/ and answers its download URL', async () => {
    const data = bytes(10_000);
    const progress: number[] = [];
    const result = await backend.upload(new File([data], 'My Cover.png', { type: 'image/png' }), 'image', (p) =>
      progress.push(p),
    );
    const [stored] = [...fake.objects.values()].filter((o) => o.name.startsWith('images/'));
    expect(stored!.name).toMatch(/^images\/\d{13}My-Cover\.png$/);
    expect(stored!.contentType).toBe('image/png');
    expect(result.url).toBe(
      `${fake.url}/v0/b/${BUCKET}/o/${encodeURIComponent(stored!.name)}?alt=media&token=${stored!.token}`,
    );
    expect(progress.at(-1)).toBe(100);
    const downloaded = new Uint8Array(await (await fetch(result.url)).arrayBuffer());
    expect(Buffer.compare(downloaded, data)).toBe(0);
  });

  it('uploads a large audio file resumably in growing chunks, with progress', async () => {
    const data = bytes(1_200_000);
    const progress: number[] = [];
    const before = fake.requests.length;
    const result = await backend.upload(new File([data], 'Long Song.mp3', { type: 'audio/mpeg' }), 'audio', (p) =>
      progress.push(p),
    );
    const requests = fake.requests.slice(before);
    expect(requests[0]).toMatchObject({ protocol: 'resumable', command: 'start' });
    const chunks = requests.filter((r) => r.command?.includes('upload'));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.offset)).toEqual([0, 262_144, 786_432]);
    expect(chunks.at(-1)!.command).toBe('upload, finalize');
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const stored = [...fake.objects.values()].find((o) => o.name.startsWith('audio/'))!;
    expect(stored.name).toMatch(/^audio\/\d{13}Long-Song\.mp3$/);
    expect(Buffer.compare(stored.data, data)).toBe(0);
    expect(result.url).toContain(`token=${stored.token}`);
  });

  it.each([
    [403, 'storage/unauthorized'],
    [401, 'storage/unauthenticated'],
    [402, 'storage/quota-exceeded'],
  ])('rejects on HTTP %i with the SDK code %s, which is logged', async (status, code) => {
    fake.failNext(status);
    const error = await backend
      .upload(new File([bytes(100)], 'x.png', { type: 'image/png' }), 'image', () => {})
      .catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe(code);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    logUploadError(error);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(code));
    log.mockRestore();
  });

  it('maps 404 on the download URL lookup to storage/object-not-found', async () => {
    const { getStorage, ref, getDownloadURL } = await import('firebase/storage');
    const { getApp } = await import('firebase/app');
    const error = await getDownloadURL(ref(getStorage(getApp('samaa-uploads')), 'images/missing.png')).catch(
      (e: unknown) => e,
    );
    expect((error as { code?: string }).code).toBe('storage/object-not-found');
  });
});

describe('firebaseSettingsFrom', () => {
  it('needs an API key and a bucket', () => {
    expect(firebaseSettingsFrom({})).toBeNull();
    expect(firebaseSettingsFrom({ VITE_FIREBASE_API_KEY: 'k' })).toBeNull();
    expect(firebaseSettingsFrom({ VITE_FIREBASE_API_KEY: 'k', VITE_FIREBASE_STORAGE_BUCKET: 'b' })).toMatchObject({
      apiKey: 'k',
      storageBucket: 'b',
    });
  });
});
