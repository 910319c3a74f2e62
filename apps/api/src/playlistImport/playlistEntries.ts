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

/** A matched JioSaavn row keeps the song it was matched to among its candidates. */
function chosenSaavn(candidates: readonly ImportCandidate[], saavnId: string) {
  return candidates.find((c) => c.saavn?.saavnId === saavnId)?.saavn;
}

export function countRows(rows: readonly ImportRow[]) {
  const counts = { total: rows.length, matched: 0, uncertain: 0, missing: 0, dropped: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
