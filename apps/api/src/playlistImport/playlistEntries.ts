import type { ImportCandidate, ImportRow, PlaylistSaavnTrack } from '@samaa/shared';

/**
 * The playlist an import's rows make, in the rows' order: catalogue songs (never twice) and
 * JioSaavn songs, each JioSaavn one with its place among all entries. Songs the listener added
 * after the import (`kept`) follow them.
 */
export function entriesOf(rows: readonly ImportRow[], kept: readonly string[] = []): { songIds: string[]; saavnTracks: PlaylistSaavnTrack[] } {
  const songIds: string[] = [];
  const seen = new Set<string>();
  const saavnTracks: PlaylistSaavnTrack[] = [];
  const seenSaavn = new Set<string>();
  for (const row of rows) {
    if (row.status !== 'matched' || !row.match) continue;
    const { songId, saavnId } = row.match;
    if (songId && !seen.has(songId)) {
      seen.add(songId);
      songIds.push(songId);
    } else if (saavnId && !seenSaavn.has(saavnId)) {
      const ref = chosenSaavn(row.candidates, saavnId);
      if (!ref) continue;
      seenSaavn.add(saavnId);
      saavnTracks.push({ ...ref, at: songIds.length + saavnTracks.length });
    }
  }
  for (const id of kept) {
    if (!seen.has(id)) {
      seen.add(id);
      songIds.push(id);
    }
  }
  return { songIds, saavnTracks };
}

/**
 * The songs the rows now make, in the order the listener left the playlist: songs already in it
 * keep their order (moves on the playlist page survive a review), and each song new to it goes
 * after the song before it in `next`, as the rows have it.
 */
export function inPlaylistOrder(current: readonly string[], next: readonly string[]): string[] {
  const wanted = new Set(next);
  const there = new Set(current);
  const order = current.filter((id) => wanted.has(id));
  for (let i = 0; i < next.length; i += 1) {
    const id = next[i]!;
    if (there.has(id)) continue;
    order.splice(i === 0 ? 0 : order.indexOf(next[i - 1]!) + 1, 0, id);
  }
  return order;
}

/** A matched JioSaavn row keeps the song it was matched to among its candidates. */
function chosenSaavn(candidates: readonly ImportCandidate[], saavnId: string) {
  return candidates.find((c) => c.saavn?.saavnId === saavnId)?.saavn;
}

export function countRows(rows: readonly ImportRow[]) {
  const counts = { total: rows.length, matched: 0, uncertain: 0, missing: 0, dropped: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
