import type { SongTable } from '../songs/songTable.js';

/** Where a document sits in a song table, if it is one of its rows. */
export type RowOf<T> = (doc: T) => { table: SongTable; row: number } | undefined;

/**
 * An index's ordinals by id, for its writes. The rows of one song table (most of a catalogue's
 * songs) are found by the table's own id order and an ordinal per row in one array; any other
 * document (a song written since, an album, an artist) in a map. At a million songs a map of
 * every id was most of a built index's heap ([performance.md](../../../../docs/performance.md)).
 */
export class OrdinalsById<T> {
  private table: SongTable | undefined;
  /** Per row of `table`, the ordinal holding it, or -1. */
  private byRow: Int32Array | undefined;
  private readonly others = new Map<string, number>();

  constructor(
    private readonly idOf: (doc: T) => string,
    private readonly rowOf: RowOf<T> | undefined,
  ) {}

  get(id: string): number | undefined {
    const other = this.others.get(id);
    if (other !== undefined || !this.table) return other;
    const row = this.table.rowOf(id);
    const ordinal = row < 0 ? -1 : this.byRow![row]!;
    return ordinal < 0 ? undefined : ordinal;
  }

  /** The ordinal holding `doc`'s id: a row of the table is looked up by its row, not its id. */
  ofDoc(doc: T): number | undefined {
    const place = this.placeOf(doc, true);
    if (place === undefined) return this.get(this.idOf(doc));
    const ordinal = this.byRow![place]!;
    if (ordinal >= 0) return ordinal;
    return this.others.size === 0 ? undefined : this.others.get(this.idOf(doc));
  }

  set(doc: T, ordinal: number): void {
    const place = this.placeOf(doc, true);
    if (place !== undefined) this.byRow![place] = ordinal;
    else this.others.set(this.idOf(doc), ordinal);
  }

  /** Forgets `doc`, which sat at an ordinal. */
  delete(doc: T): void {
    const place = this.placeOf(doc, false);
    if (place !== undefined) this.byRow![place] = -1;
    else this.others.delete(this.idOf(doc));
  }

  /** The row of `doc` in this index's table; the first row looked up or set picks the table. */
  private placeOf(doc: T, picking: boolean): number | undefined {
    const place = this.rowOf?.(doc);
    if (!place) return undefined;
    if (!this.table && picking) {
      this.table = place.table;
      this.byRow = new Int32Array(place.table.rows).fill(-1);
    }
    return place.table === this.table ? place.row : undefined;
  }
}
