import type { Song } from '@samaa/shared';
import type { CatalogueChange } from './catalogue.js';
import { tableOf, type SongTable } from './songTable.js';

/*
 * The catalogue's songs by id. Over a song table (songTable.ts) it is the table's id order, read
 * by binary search, plus the songs writes changed since: no map of a million ids is made at a
 * restart, and a write copies only what changed before it. Any other list gets a Map.
 */

/** What the catalogue's callers read of its by-id view. */
export interface SongsById {
  get(id: string): Song | undefined;
  has(id: string): boolean;
  readonly size: number;
}

/** A table's songs by id, and the songs written since (null: deleted). */
class TableLookup implements SongsById {
  constructor(
    private readonly table: SongTable,
    private readonly rows: readonly Song[],
    private readonly changed: ReadonlyMap<string, Song | null>,
    readonly size: number,
  ) {}

  get(id: string): Song | undefined {
    return this.changed.has(id) ? (this.changed.get(id) ?? undefined) : this.inTable(id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  with({ added = [], replaced = [], deleted = [] }: CatalogueChange): TableLookup {
    const changed = new Map(this.changed);
    const known = (id: string) => (changed.has(id) ? changed.get(id) : this.inTable(id));
    let size = this.size;
    for (const id of deleted) {
      if (known(id)) size -= 1;
      changed.set(id, null);
    }
    for (const song of [...replaced, ...added]) {
      if (!known(song._id)) size += 1;
      changed.set(song._id, song);
    }
    return new TableLookup(this.table, this.rows, changed, size);
  }

  private inTable(id: string): Song | undefined {
    const row = this.table.rowOf(id);
    return row < 0 ? undefined : this.rows[row];
  }
}

/** `songs` by id: over its table when it is one, otherwise a map. */
export function songsByIdOf(songs: readonly Song[]): SongsById {
  const table = tableOf(songs);
  return table ? new TableLookup(table, songs, new Map(), songs.length) : new Map(songs.map((song) => [song._id, song]));
}

/** `base` with one write's change. */
export function songsByIdWith(base: SongsById, change: CatalogueChange): SongsById {
  if (base instanceof TableLookup) return base.with(change);
  const { added = [], replaced = [], deleted = [] } = change;
  const byId = new Map(base as Map<string, Song>);
  for (const id of deleted) byId.delete(id);
  for (const song of [...replaced, ...added]) byId.set(song._id, song);
  return byId;
}
