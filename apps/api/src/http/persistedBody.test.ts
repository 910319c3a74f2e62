import { describe, expect, it } from 'vitest';
import { encodePersistedList } from './persistedBody.js';

/*
 * A large list's body is made a slice at a time, compressed on the thread pool: the JSON is the
 * text JSON.stringify gives, and the event loop turns between slices.
 */

describe('a persisted list body', () => {
  it('is the JSON JSON.stringify gives, made over many turns of the event loop', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ _id: `id-${i}`, name: `Song "${i}"`, n: i / 7 }));
    let turns = 0;
    let running = true;
    const tick = () => {
      turns += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const body = await encodePersistedList('songs-v1', 'data', items);
    running = false;
    const json = JSON.stringify({ data: items });
    expect(body.json().toString()).toBe(json);
    expect(body.jsonLength).toBe(Buffer.byteLength(json));
    expect(body.etag).toBe(`W/"songs-v1-${Buffer.byteLength(json)}"`);
    // A turn at least per slice of 2,000 items: no request waits for the whole list.
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it('writes an empty list as the whole encode does', async () => {
    expect((await encodePersistedList('t', 'data', [])).json().toString()).toBe('{"data":[]}');
  });
});
