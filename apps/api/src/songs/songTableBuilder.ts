import type { Song } from '@samaa/shared';
import { idWords, songTableOf, type SongTable } from './songTable.js';

/*
 * The whole catalogue made into one song table as it streams from the database, in list order
 * (newest first by creation, ties by id, as the sorted query gives it). The songs arrive in any
 * order, so the list's order is only known at the end; until then they are held as small tables
 * of a few thousand rows each, not as an object per song: at a million songs the objects alone
 * were most of a scan's peak ([performance.md](../../../../docs/performance.md)).
 */

/** Songs of one read batch, with each song's creation time (ms). */
export interface StoredSongs {
  songs: readonly Song[];
  created: readonly number[];
}

/** Rows gathered before they are made into a part table. */
const PART_ROWS = 50_000;

/** The rows' sort keys: creation time, and the id as three words (or as text, when an id is no ObjectId). */
class SortKeys {
  private created = new Float64Array(1024);
  private words = new Uint32Array(3 * 1024);
  private text: string[] | undefined;
  length = 0;

  push(created: number, id: string): void {
    if (this.length === this.created.length) this.grow();
    const at = this.length++;
    this.created[at] = created;
    const words = this.text ? undefined : idWords(id);
    if (words) this.words.set(words, 3 * at);
    else {
      this.text ??= [];
      this.text[at] = id;
    }
  }

  /** Newest first; equal times by id, highest first. */
  order(idOf: (row: number) => string): Uint32Array {
    const { created, words } = this;
    // Once one id is not an ObjectId, every tie compares the ids' text.
    const text = this.text ? Array.from({ length: this.length }, (_, row) => this.text![row] ?? idOf(row)) : undefined;
    const byId = text
      ? (a: number, b: number) => (text[b]! < text[a]! ? -1 : text[b]! > text[a]! ? 1 : 0)
      : (a: number, b: number) => words[3 * b]! - words[3 * a]! || words[3 * b + 1]! - words[3 * a + 1]! || words[3 * b + 2]! - words[3 * a + 2]!;
    const order = new Uint32Array(this.length);
    for (let row = 0; row < this.length; row += 1) order[row] = row;
    return order.sort((a, b) => created[b]! - created[a]! || byId(a, b));
  }

  private grow(): void {
    const created = new Float64Array(this.created.length * 2);
    created.set(this.created);
    const words = new Uint32Array(this.words.length * 2);
    words.set(this.words);
    this.created = created;
    this.words = words;
  }
}

/** The streamed songs as one table in list order; the objects read are let go a part at a time. */
export async function songTableFromBatches(batches: AsyncIterable<StoredSongs>, { partRows = PART_ROWS } = {}): Promise<SongTable> {
  const parts: SongTable[] = [];
  const keys = new SortKeys();
  let gathered: Song[] = [];
  for await (const { songs, created } of batches) {
    songs.forEach((song, i) => {
      gathered.push(song);
      keys.push(created[i] ?? 0, song._id);
    });
    if (gathered.length >= partRows) {
      parts.push(await songTableOf(gathered));
      gathered = [];
    }
  }
  if (gathered.length > 0 || parts.length === 0) parts.push(await songTableOf(gathered));
  const rows = parts.length === 1 ? parts[0]!.songs() : parts.flatMap((part) => part.songs());
  const order = keys.order((row) => rows[row]!._id);
  // Read in order already (MongoDB's sorted read of a small catalogue): the one part is the table.
  if (parts.length === 1 && order.every((row, at) => row === at)) return parts[0]!;
  return songTableOf(Array.from(order, (row) => rows[row]!));
}
