import type { Song } from '@samaa/shared';
import { isSoleWriter } from '../db/engine.js';
import { encodePersistedList, type PersistedBody } from '../http/persistedBody.js';
import { fullListTag, snapshotFileAt, type SnapshotFile, type SnapshotOnDisk } from './catalogueSnapshotFile.js';
import { songsByIdOf, songsByIdWith, type SongsById } from './songsById.js';
import { countStartingWith, plainSongCount } from './songTable.js';
import { songTableFromBatches, type StoredSongs } from './songTableBuilder.js';

/*
 * The catalogue read model: the whole song list, newest first, kept in memory as one snapshot per
 * catalogue version, with the views derived from it (search index, Subsonic library, ...). One
 * object per app, made in the composition root (`ctx.catalogue`): nothing of it is module state,
 * so two apps in one process share nothing.
 *
 * A song write of this process goes through `apply(change)`: the shared version moves, and the
 * snapshot and every built view are patched with the change (no read of the catalogue). A version
 * moved by someone else (another API process, a wiped database) is read at most every 250 ms and
 * rebuilds the snapshot once; its views are then built again from it, on demand.
 *
 * Between runs the snapshot is kept on disk (catalogueSnapshotFile.ts): after a restart the full
 * list is sent from the file's bytes and the songs load in the background, so neither waits on a
 * scan nor on a parse of the whole list.
 */

/** The whole catalogue, newest first, as of one catalogue version. */
export interface SongListSnapshot {
  version: string;
  songs: Song[];
  /**
   * The `{ data }` body of the full list: made once per snapshot (or read from disk), a slice of
   * songs per turn of the event loop, kept gzipped; callers meanwhile share the one being made.
   */
  body(): Promise<PersistedBody>;
  /** Whether the body was made (or read from disk) already. */
  isEncoded(): boolean;
}

/**
 * What one song write in this process changed: with it, this process patches its snapshot and
 * views in memory instead of reading the whole catalogue again. Other processes still see the
 * version move and read it again.
 */
export interface CatalogueChange {
  /** Songs just inserted, newest first: they go first in the list. */
  added?: Song[];
  /** Songs whose fields changed; they keep their place. */
  replaced?: Song[];
  deleted?: string[];
}

/**
 * Something derived from a snapshot, registered with the catalogue at composition. A view holds
 * the snapshot's song objects (never copies) and is dropped with its snapshot.
 */
export interface CatalogueView<T> {
  name: string;
  /**
   * Builds the view of `snapshot`. A promise is shared by every caller until it settles (a view
   * built in slices lets requests in between).
   */
  build(snapshot: SongListSnapshot, catalogue: Catalogue): T | Promise<T>;
  /**
   * Carries a built view from `base` to `next`, the snapshot `change` made of it (the base is no
   * longer served, so the view may be changed in place). Without it, or when it answers
   * undefined, the view is built again on its next use. Views are applied in the order they are
   * registered, so a view may read an earlier one's patched value of `next` (`catalogue.built`).
   */
  apply?(view: T, next: SongListSnapshot, change: CatalogueChange, base: SongListSnapshot, catalogue: Catalogue): T | undefined;
  /** After `apply`: whether the patched view should be built again in the background (it is served meanwhile). */
  stale?(view: T): boolean;
  /** Built in the background once the server listens (after a start), not on the first request. */
  warm?: boolean;
  /**
   * Kept in the snapshot file beside the songs: a restart restores it from these bytes instead of
   * building it from the songs. `encode` runs when the file is written (the view as it is then).
   */
  keep?: {
    encode(view: T, snapshot: SongListSnapshot): Buffer;
    /**
     * A promise: restored in the background (in slices, once the server listens, as a warm view
     * is built), its first use waiting for it; a value: restored before the server listens.
     */
    restore(bytes: Buffer, snapshot: SongListSnapshot, catalogue: Catalogue): T | Promise<T>;
  };
}

/** Where the catalogue's version and songs are stored (songCatalogue.repo.ts). */
export interface CatalogueStore {
  bumpCatalogueVersion(): Promise<{ version: string; previous: string } | undefined>;
  readCatalogueVersion(): Promise<string>;
  streamWholeCatalogue(): AsyncIterable<StoredSongs>;
}

export interface CatalogueOptions {
  /** Where the snapshot is kept between runs (the server's data folder); none: not kept. */
  snapshotFile?: string;
  /** The views, in the order a change is applied to them. */
  views?: readonly CatalogueView<unknown>[];
  /** The app's data the version and songs are read from (`catalogueStore(ctx.data)`). */
  store: CatalogueStore;
  /** Plain songs in the list (written since its table was made) from which `compact` makes it a table again. */
  compactAt?: number;
}

/** The plain songs a list may hold before a scan's end makes it a table again (docs/performance.md). */
const COMPACT_AT = 10_000;

/** How many times each view was built from a whole snapshot, patched by a change, and restored from the file. */
export interface ViewStats {
  builds: number;
  patches: number;
  restores: number;
}

/**
 * How long a snapshot is served before the shared version is read again. Writes in this process
 * move it at once; this bounds how late another process's write shows (without Redis).
 */
const VERSION_CHECK_MS = 250;
/** Past this, a request waits for the version read; before it, the read happens in the background. */
const VERSION_WAIT_MS = 1000;
/** How late another process's song write may show here, without Redis. */
export const CATALOGUE_BOUND_MS = VERSION_WAIT_MS;

/** One view of one snapshot: its value once built, and the build under way. */
interface ViewEntry {
  value?: unknown;
  built: boolean;
  building?: Promise<unknown>;
}

/** The songs by id: every catalogue has it, first, since other views read it. */
export const songsByIdView: CatalogueView<SongsById> = {
  name: 'songsById',
  build: (snapshot) => songsByIdOf(snapshot.songs),
  apply: (base, _next, change) => songsByIdWith(base, change),
};

export class Catalogue {
  private current: SongListSnapshot | undefined;
  /** When `current`'s version was last confirmed. */
  private checkedAt = 0;
  private pending: { version: string; promise: Promise<SongListSnapshot> } | undefined;
  /** The file read back, until a snapshot is built (from it or from the database); null: no file. */
  private onDisk: SnapshotOnDisk | null | undefined;
  /** The version read in flight: concurrent requests share it instead of each reading it. */
  private versionRead: Promise<string> | undefined;
  private readonly file: SnapshotFile | undefined;
  private readonly store: CatalogueStore;
  private readonly views: CatalogueView<unknown>[];
  private readonly entries = new WeakMap<SongListSnapshot, Map<CatalogueView<unknown>, ViewEntry>>();
  private readonly counts = new Map<string, ViewStats>();
  private readonly changeListeners = new Set<(change: CatalogueChange | undefined) => void>();
  /** The snapshot the file holds (written or read by this process) and which kept views it holds. */
  private inFile: { snapshot: SongListSnapshot; views: Set<string> } | undefined;

  private readonly compactAt: number;

  constructor({ snapshotFile, views = [], store, compactAt = COMPACT_AT }: CatalogueOptions) {
    this.compactAt = compactAt;
    this.file = snapshotFile ? snapshotFileAt(snapshotFile) : undefined;
    this.store = store;
    this.views = [songsByIdView as CatalogueView<unknown>, ...views.filter((view) => view !== songsByIdView)];
    for (const view of this.views) this.counts.set(view.name, { builds: 0, patches: 0, restores: 0 });
  }

  // --- the snapshot -----------------------------------------------------------------------------

  /** The song list, read from the database only when the version moved; concurrent callers share one rebuild. */
  snapshot(): Promise<SongListSnapshot> {
    const held = this.servable();
    return held ? Promise.resolve(held) : this.refresh();
  }

  /**
   * The full list's body. Right after a start it is the snapshot file's body, sent as it was kept
   * while the songs themselves load: the full list reads no song, and parses none.
   */
  async fullListBody(): Promise<PersistedBody> {
    const held = this.servable();
    if (held) return held.body();
    const version = await this.sharedVersionRead();
    if (this.current?.version !== version) {
      const disk = this.snapshotOnDisk();
      if (disk?.version === version) {
        // The songs load in the background (the first search and the Subsonic views need them).
        void this.refresh(version).catch(() => undefined);
        return disk.body;
      }
    }
    return (await this.refresh(version)).body();
  }

  /** The current catalogue by id (a `_id: {$in}` query would scan). */
  async songsById(): Promise<SongsById> {
    return this.songsByIdOf(await this.snapshot());
  }

  /** One song of the current catalogue, by id (any case). */
  async songById(id: string): Promise<Song | undefined> {
    return (await this.songsById()).get(id.toLowerCase());
  }

  /** How many songs of the current catalogue have their audio under `prefix` (a music folder's address). */
  async songsUnder(prefix: string): Promise<number> {
    return countStartingWith((await this.snapshot()).songs, 'song', prefix);
  }

  async songExists(id: string): Promise<boolean> {
    return (await this.songsById()).has(id.toLowerCase());
  }

  /** A snapshot's songs by id, built once per snapshot. */
  songsByIdOf(snapshot: SongListSnapshot): SongsById {
    return this.ready(songsByIdView, snapshot)!;
  }

  // --- views ------------------------------------------------------------------------------------

  /** The view of the current snapshot, built now if need be (requests meanwhile share the build). */
  async view<T>(view: CatalogueView<T>): Promise<T> {
    return this.viewOf(view, await this.snapshot());
  }

  /** The view of `snapshot`, built now if need be. */
  viewOf<T>(view: CatalogueView<T>, snapshot: SongListSnapshot): Promise<T> {
    const entry = this.entryOf(view, snapshot);
    if (entry.built) return Promise.resolve(entry.value as T);
    return (entry.building ?? this.startBuild(view, snapshot, entry)) as Promise<T>;
  }

  /**
   * The view of `snapshot` when it is built, or built at once (a view whose build is not a
   * promise); otherwise undefined, and its build started in the background.
   */
  ready<T>(view: CatalogueView<T>, snapshot: SongListSnapshot): T | undefined {
    const entry = this.entryOf(view, snapshot);
    if (!entry.built && !entry.building) this.startBuild(view, snapshot, entry).catch(() => undefined);
    return entry.built ? (entry.value as T) : undefined;
  }

  /** The view of `snapshot` if it is built; never starts a build. */
  built<T>(view: CatalogueView<T>, snapshot: SongListSnapshot): T | undefined {
    const entry = this.entries.get(snapshot)?.get(view as CatalogueView<unknown>);
    return entry?.built ? (entry.value as T) : undefined;
  }

  /**
   * Loads the snapshot kept on disk, with its kept views, when it is the current version (the
   * server calls it before it listens: the first search then finds its index); otherwise nothing.
   */
  async loadKept(): Promise<void> {
    if (!this.file || this.current) return;
    const disk = this.snapshotOnDisk();
    if (disk && disk.version === (await this.sharedVersionRead())) await this.refresh(disk.version);
  }

  /** Loads the snapshot and builds the views marked `warm` (the server calls it once listening). */
  async warm(): Promise<void> {
    const snapshot = await this.snapshot();
    await Promise.all(this.views.filter((view) => view.warm).map((view) => this.viewOf(view, snapshot)));
  }

  /** Builds and patches per view so far (tests pin that a write builds none). */
  stats(): Record<string, ViewStats> {
    return Object.fromEntries([...this.counts].map(([name, counts]) => [name, { ...counts }]));
  }

  private countsOf(view: CatalogueView<unknown>): ViewStats {
    const counts = this.counts.get(view.name);
    // A view not registered would never be patched by a change: it is a wiring mistake.
    if (!counts || !this.views.includes(view)) throw new Error(`The catalogue view "${view.name}" is not registered`);
    return counts;
  }

  private entryOf<T>(view: CatalogueView<T>, snapshot: SongListSnapshot): ViewEntry {
    let entries = this.entries.get(snapshot);
    if (!entries) this.entries.set(snapshot, (entries = new Map()));
    let entry = entries.get(view as CatalogueView<unknown>);
    if (!entry) entries.set(view as CatalogueView<unknown>, (entry = { built: false }));
    return entry;
  }

  private startBuild<T>(view: CatalogueView<T>, snapshot: SongListSnapshot, entry: ViewEntry): Promise<T> {
    this.countsOf(view as CatalogueView<unknown>).builds += 1;
    const made = view.build(snapshot, this);
    if (!(made instanceof Promise)) {
      entry.value = made;
      entry.built = true;
      return Promise.resolve(made);
    }
    const building = made.then(
      (value) => {
        // A rebuild replaces the patched view it was started from.
        entry.value = value;
        entry.built = true;
        entry.building = undefined;
        return value;
      },
      (err: unknown) => {
        entry.building = undefined;
        throw err;
      },
    );
    entry.building = building;
    return building;
  }

  // --- changes ----------------------------------------------------------------------------------

  /**
   * One song write of this process (or, without a change, a write that cannot say what it
   * changed, such as the seed's back-dated bulk insert). Moves the version every process on the
   * database checks, then drops this process's snapshot. In that order: a rebuild started after
   * the drop reads the new version, so it never takes the snapshot kept on disk for the old one.
   * When the change is known and the snapshot held was the version just before the move, the
   * snapshot and its built views are patched instead (no read of the catalogue); any write between
   * the two leaves them dropped.
   */
  async apply(change?: CatalogueChange): Promise<void> {
    let moved: Awaited<ReturnType<CatalogueStore['bumpCatalogueVersion']>>;
    try {
      moved = await this.store.bumpCatalogueVersion();
    } catch {
      // The song write itself succeeded but the version did not move: the snapshot on disk can no
      // longer be trusted for it, and other processes catch up at the next successful bump.
      this.file?.remove();
    }
    const base = this.current;
    this.forget();
    if (change && base && moved && base.version === moved.previous) {
      const next = this.patched(base, moved.version, change);
      this.current = next;
      this.checkedAt = Date.now();
      this.applyViews(base, next, change);
    }
    for (const listener of this.changeListeners) listener(change);
  }

  /** Called after every song write of this process, once the shared version has moved (Redis shares it). */
  onChange(listener: (change: CatalogueChange | undefined) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Drops the snapshot and its views (another process announced a change, or a test wiped the database). */
  forget(): void {
    this.current = undefined;
    this.pending = undefined;
    this.versionRead = undefined;
    this.onDisk = undefined;
  }

  private applyViews(base: SongListSnapshot, next: SongListSnapshot, change: CatalogueChange): void {
    for (const view of this.views) {
      const value = this.built(view, base);
      if (value === undefined || !view.apply) continue;
      const patched = view.apply(value, next, change, base, this);
      if (patched === undefined) continue;
      this.countsOf(view).patches += 1;
      const entry = this.entryOf(view, next);
      entry.value = patched;
      entry.built = true;
      if (view.stale?.(patched)) this.startBuild(view, next, entry).catch(() => undefined);
    }
  }

  /** `base` with one write's change applied: O(list) pointer work, no database read. */
  private patched(base: SongListSnapshot, version: string, { added = [], replaced = [], deleted = [] }: CatalogueChange): SongListSnapshot {
    let songs: Song[] = base.songs;
    if (deleted.length > 0 || replaced.length > 0) {
      // By identity: a song of a table reads its id from its columns, a lookup per write, not per song.
      const byId = this.songsByIdOf(base);
      const swap = new Map<Song, Song | null>();
      for (const song of replaced) {
        const held = byId.get(song._id);
        if (held) swap.set(held, song);
      }
      for (const id of deleted) {
        const held = byId.get(id);
        if (held) swap.set(held, null);
      }
      songs = [];
      for (const song of base.songs) {
        const to = swap.get(song);
        if (to === undefined) songs.push(song);
        else if (to) songs.push(to);
      }
    }
    if (added.length > 0) songs = [...added, ...songs];
    return this.snapshotOf(version, songs);
  }

  // --- the file between runs ------------------------------------------------------------------

  /**
   * Resolves once the current snapshot and its kept views are on disk (or the write failed): the
   * server awaits it when a scan ends and on shutdown. A snapshot patched since its body was last
   * made is encoded now, and a kept view not built yet is built, so the next start reads neither
   * the catalogue nor builds the view.
   */
  async written(): Promise<void> {
    const snapshot = this.current;
    if (this.file && snapshot) {
      const kept = this.views.filter((view) => view.keep);
      for (const view of kept) await this.viewOf(view, snapshot);
      // A write since (another snapshot) is written by its own body().
      if (this.current === snapshot) {
        const inFile = this.inFile?.snapshot === snapshot ? this.inFile.views : undefined;
        if (!snapshot.isEncoded()) await snapshot.body();
        else if (!inFile) this.writeFile(snapshot, await snapshot.body());
        else if (kept.some((view) => !inFile.has(view.name))) this.writeViews(snapshot);
      }
    }
    await this.file?.written();
  }

  /**
   * After a scan: a list its writes filled with plain songs (listeners read while it ran, so each
   * batch patched the list, one object per song) is made a table again, as a restart makes it: read
   * back from the file `written()` left, its kept views restored from it and the other views it
   * had built again, and only then put in place of the snapshot held, which serves meanwhile. A
   * write in between leaves the catalogue as that write made it.
   */
  async compact(): Promise<void> {
    const held = this.current;
    if (!this.file || !held || plainSongCount(held.songs) < this.compactAt) return;
    await this.file.written();
    const disk = this.current === held ? await this.file.readInBackground() : undefined;
    if (disk?.version !== held.version) return;
    const { songs, byId } = await disk.songs();
    if (this.current !== held) return;
    const next = this.restoredFrom(disk, songs, byId);
    for (const view of this.views) if (this.built(view, held) !== undefined) await this.viewOf(view, next);
    if (this.current === held) this.current = next;
  }

  /** Writes `snapshot` to the file in the background, with its kept views as built now. */
  private writeFile(snapshot: SongListSnapshot, body: PersistedBody): void {
    if (!this.file) return;
    const views = this.keptViewBytes(snapshot);
    this.inFile = { snapshot, views: new Set(views.keys()) };
    this.file.write(snapshot.version, body, snapshot.songs, views);
  }

  /** Puts the kept views, as built now, in the file that already holds `snapshot`'s songs. */
  private writeViews(snapshot: SongListSnapshot): void {
    if (!this.file) return;
    const views = this.keptViewBytes(snapshot);
    this.inFile = { snapshot, views: new Set(views.keys()) };
    this.file.replaceViews(snapshot.version, views);
  }

  /** The kept views built now, as bytes; one that cannot be encoded is left out (the next start builds it). */
  private keptViewBytes(snapshot: SongListSnapshot): Map<string, Buffer> {
    const views = new Map<string, Buffer>();
    for (const view of this.views) {
      const value = view.keep ? this.built(view, snapshot) : undefined;
      if (value === undefined) continue;
      try {
        views.set(view.name, view.keep!.encode(value, snapshot));
      } catch {
        // The songs and the other views are still worth keeping.
      }
    }
    return views;
  }

  /**
   * A snapshot whose body is made on first demand (a write patches the list; the body is encoded
   * once, when the full list is next asked for) and then kept on disk for the next start. Only the
   * gzipped body stays in memory.
   */
  private snapshotOf(version: string, songs: Song[], kept?: PersistedBody): SongListSnapshot {
    let body = kept;
    let making: Promise<PersistedBody> | undefined;
    const snapshot: SongListSnapshot = {
      version,
      songs,
      body: () => {
        if (body) return Promise.resolve(body);
        making ??= encodePersistedList(fullListTag(version), 'data', songs).then(
          (made) => {
            body = made;
            // A write while it was made moved the catalogue on: the file is for the current snapshot only.
            if (this.current === snapshot) this.writeFile(snapshot, made);
            return made;
          },
          (err: unknown) => {
            making = undefined;
            throw err;
          },
        );
        return making;
      },
      isEncoded: () => body !== undefined,
    };
    return snapshot;
  }

  /**
   * The snapshot read back from the file, with its by-id map and its kept views restored (an
   * unreadable one is built later).
   */
  private restoredFrom(disk: SnapshotOnDisk, songs: Song[], songsById: SongsById): SongListSnapshot {
    const snapshot = this.snapshotOf(disk.version, songs, disk.body);
    Object.assign(this.entryOf(songsByIdView, snapshot), { value: songsById, built: true });
    const restored = new Set<string>();
    for (const view of this.views) {
      const bytes = disk.views.get(view.name);
      if (!view.keep || !bytes) continue;
      const entry = this.entryOf(view, snapshot);
      try {
        const value = view.keep.restore(bytes, snapshot, this);
        if (value instanceof Promise) entry.building = this.restoring(view, snapshot, entry, value);
        else {
          entry.value = value;
          entry.built = true;
          this.countsOf(view).restores += 1;
        }
        restored.add(view.name);
      } catch {
        // Built from the songs on its first use instead.
      }
    }
    // A file of an older layout is written again at the next scan's end or shutdown.
    this.inFile = disk.upgrade ? undefined : { snapshot, views: restored };
    return snapshot;
  }

  /** A kept view being restored in the background; built from the songs if its bytes prove unreadable. */
  private async restoring(view: CatalogueView<unknown>, snapshot: SongListSnapshot, entry: ViewEntry, restore: Promise<unknown>): Promise<unknown> {
    try {
      entry.value = await restore;
      entry.built = true;
      entry.building = undefined;
      this.countsOf(view).restores += 1;
      return entry.value;
    } catch {
      entry.building = undefined;
      if (this.inFile?.snapshot === snapshot) this.inFile.views.delete(view.name);
      return this.startBuild(view, snapshot, entry);
    }
  }

  /** The snapshot file, read once and shared until a snapshot is built. */
  private snapshotOnDisk(): SnapshotOnDisk | undefined {
    if (!this.file) return undefined;
    if (this.onDisk === undefined) this.onDisk = this.file.read() ?? null;
    return this.onDisk ?? undefined;
  }

  private async build(version: string): Promise<SongListSnapshot> {
    try {
      const disk = this.snapshotOnDisk();
      if (disk?.version === version) {
        try {
          const { songs, byId } = await disk.songs();
          return this.restoredFrom(disk, songs, byId);
        } catch {
          // An unreadable file: the catalogue is read from the database instead.
        }
      }
      // Kept as a table: a fraction of the heap of one object per song, and the file's own bytes.
      return this.snapshotOf(version, (await songTableFromBatches(this.store.streamWholeCatalogue())).songs());
    } finally {
      // Kept until now: the full list is sent from the file's body while its songs load.
      this.onDisk = undefined;
    }
  }

  // --- the version ----------------------------------------------------------------------------

  private sharedVersionRead(): Promise<string> {
    if (this.versionRead) return this.versionRead;
    const read = this.store.readCatalogueVersion().finally(() => {
      if (this.versionRead === read) this.versionRead = undefined;
    });
    return (this.versionRead = read);
  }

  /** The snapshot held, when it may be served without waiting for a version read. */
  private servable(): SongListSnapshot | undefined {
    const { current } = this;
    if (current && (isSoleWriter() || Date.now() - this.checkedAt < VERSION_CHECK_MS)) return current;
    if (current && Date.now() - this.checkedAt < VERSION_WAIT_MS) {
      // Read ahead: this request is served the snapshot while the version is read.
      void this.refresh().catch(() => undefined);
      return current;
    }
    return undefined;
  }

  /** The snapshot of `version` (read now when not given), built when it is not the one held. */
  private async refresh(version?: string): Promise<SongListSnapshot> {
    version ??= await this.sharedVersionRead();
    if (this.current?.version === version) {
      this.checkedAt = Date.now();
      return this.current;
    }
    if (this.pending?.version !== version) {
      const entry = {
        version,
        promise: this.build(version).then((snapshot) => {
          if (this.pending === entry) {
            this.current = snapshot;
            this.checkedAt = Date.now();
            this.pending = undefined;
          }
          return snapshot;
        }),
      };
      entry.promise.catch(() => {
        if (this.pending === entry) this.pending = undefined;
      });
      this.pending = entry;
    }
    return this.pending.promise;
  }
}

/** A catalogue with its views; the composition root makes one per app. */
export function createCatalogue(options: CatalogueOptions): Catalogue {
  return new Catalogue(options);
}
