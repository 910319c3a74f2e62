import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSaavnFake, type SaavnFake } from '@samaa/test-fakes';
import type { ImportRow } from '@samaa/shared';
import { createLogger } from '../logger.js';
import { createSaavnClient } from '../saavn/saavn.client.js';
import { searchResults, toSong } from '../saavn/saavn.shapes.js';
import { buildMatchIndex } from './matchIndex.js';
import { matchRows, type SaavnSearch } from './matcher.js';
import { matchingSet, type Expected } from './matchingSet.js';

let fake: SaavnFake;
let saavn: SaavnSearch;

beforeAll(async () => {
  fake = await startSaavnFake();
  const client = createSaavnClient({ baseUrl: fake.url, logger: createLogger('silent') });
  saavn = async (query) => searchResults(await client.get('/api/search/songs', { query, limit: 10 }), toSong) ?? [];
});
afterAll(() => fake.close());

const isRight = (row: ImportRow, expected: Expected) =>
  expected !== null &&
  (('songId' in expected && row.match?.songId === expected.songId) ||
    ('saavnId' in expected && row.match?.saavnId === expected.saavnId));

describe('matching test set', () => {
  it('holds precision >= 99% and recall >= 95% over the hard cases', async () => {
    const { songs, rows: labelled } = matchingSet();
    expect(labelled.length).toBeGreaterThanOrEqual(300);
    const index = buildMatchIndex('test', songs);
    const rows = await matchRows(index, labelled.map((l) => l.input), { saavn });

    const matched = rows.filter((r) => r.status === 'matched');
    const right = matched.filter((r) => isRight(r, labelled[r.index]!.expected));
    const findable = labelled.filter((l) => l.expected !== null).length;
    const precision = right.length / matched.length;
    const recall = right.length / findable;

    const perKind = new Map<string, { rows: number; right: number; wrong: number; uncertain: number }>();
    rows.forEach((row, i) => {
      const { kind, expected } = labelled[i]!;
      const k = perKind.get(kind) ?? { rows: 0, right: 0, wrong: 0, uncertain: 0 };
      k.rows += 1;
      if (row.status === 'matched' && isRight(row, expected)) k.right += 1;
      else if (row.status === 'matched') k.wrong += 1;
      if (row.status === 'uncertain') k.uncertain += 1;
      perKind.set(kind, k);
    });
    console.log(
      `matching set: ${labelled.length} rows against ${songs.length} songs; precision ${(precision * 100).toFixed(1)}% ` +
        `(${right.length}/${matched.length}), recall ${(recall * 100).toFixed(1)}% (${right.length}/${findable})`,
    );
    console.table(Object.fromEntries(perKind));
    const wrong = matched.filter((r) => !isRight(r, labelled[r.index]!.expected));
    if (wrong.length) console.log('wrong matches', wrong.map((r) => ({ input: r.input, match: r.match, kind: labelled[r.index]!.kind })));

    expect(precision).toBeGreaterThanOrEqual(0.99);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it('offers the studio version of a live row as a candidate, never as a match', async () => {
    const { songs, rows: labelled } = matchingSet();
    const live = labelled.filter((l) => l.kind === 'live-only-studio');
    const rows = await matchRows(buildMatchIndex('test', songs), live.map((l) => l.input));
    for (const row of rows) {
      expect(row.status).toBe('uncertain');
      expect(row.candidates[0]!.name).toBe(row.input.title.replace(' (Live)', ''));
      expect(row.candidates[0]!.otherVersion).toBe(true);
    }
  });

  it('looks only at songs sharing a word with the row, not at the whole catalogue', async () => {
    const { songs } = matchingSet(7, 5000);
    const index = buildMatchIndex('test', songs);
    const { candidatesOf } = await import('./matchIndex.js');
    const { comparable } = await import('./scorer.js');
    const looked = candidatesOf(index, comparable({ title: songs[10]!.name, artists: [songs[10]!.artist] }));
    expect(looked.map((s) => s.song._id)).toContain(songs[10]!._id);
    expect(looked.length).toBeLessThan(songs.length / 20);
  });
});
