import { LRUCache } from 'lru-cache';
import mongoose from 'mongoose';
import type { PlaylistInput, PlaylistSaavnTrack } from '@samaa/shared';
import { engineTraits, serialised } from '../db/engine.js';
import { ID_LIST_MAX } from '../db/ferretdbPatches.js';
import { groupInserts, KeyedGroupCommit } from '../db/groupCommit.js';
import { StampedCache } from '../db/stampedCache.js';
import type { AppData } from '../db/appData.js';
import { PLAYLIST_MODEL } from './playlist.model.js';
import { UserPlaylistLists } from './userPlaylists.repo.js';

/*
 * Playlists and, beside them, one list per user of their playlist ids (userPlaylists.repo.ts),
 * so listing a user's playlists is primary-key reads only: a `{user}` filter is not indexed on
 * the embedded engine. Every read-modify-write of one document runs `serialised` on its key. A
 * create inserts the playlist, then lists it; a delete deletes it, then unlists it: a crash
 * between the two leaves at most an unacknowledged orphan or a dangling id, which reads skip.
 *
 * One `PlaylistsRepository` per app (playlistStore.ts): its models are on the app's connection, and
 * what it keeps (lists, owners, writes in flight) is that app's.
 */

export interface PlaylistRecord {
  _id: string;
  name: string;
  desc: string;
  img: string;
  /** Song ids in play order, never duplicated. */
  songIds: string[];
  user: string;
  /** JioSaavn songs an import kept; absent when none. */
  saavnTracks?: PlaylistSaavnTrack[];
  /** Made by an import; absent for hand-made playlists. */
  imported?: true;
}

interface PlaylistDoc {
  _id: mongoose.Types.ObjectId;
  name: string;
  desc?: string | null;
  img?: string | null;
  songs: mongoose.Types.ObjectId[];
  user: mongoose.Types.ObjectId;
  saavnTracks?: PlaylistSaavnTrack[] | null;
  imported?: boolean | null;
  createdAt?: Date;
}

const listKey = (userId: string) => userId.toLowerCase();

/** How often the playlists stamp is read when other processes may write too (sharedStamp.ts). */
export const PLAYLISTS_CHECK_MS = 1000;

export interface NewPlaylist extends PlaylistInput {
  user: string;
  songIds?: string[];
}

interface SongChange {
  op: '$addToSet' | '$pullAll';
  songId: string;
}

export type MoveOutcome = { kind: 'gone' } | { kind: 'notThere'; record: PlaylistRecord } | { kind: 'moved'; record: PlaylistRecord };

export class PlaylistsRepository {
  /** Each listener's list of playlist ids. */
  readonly lists: UserPlaylistLists;

  /**
   * Each user's playlists as last read, so search and the library do not read them on every
   * request. A write of one playlist in this app patches its owner's entry (patchListed); other
   * writes (bulk lists, cascades) drop it. Readers that arrive while a list is read share that
   * read unless a write of that list came since. When other processes may write too, every
   * playlist write moves the playlists stamp, which is read at most every PLAYLISTS_CHECK_MS;
   * when it moved, every entry goes (within twice that: sharedStamp.ts).
   */
  private readonly listed: StampedCache<string, PlaylistRecord[]>;

  /**
   * Each playlist's owner as last seen. An owner never changes and an id is never reused, so an
   * entry stays true for as long as the playlist exists, in every process: an ownership check then
   * needs no read, and the write that follows tells whether the playlist is still there.
   */
  private readonly owners = new LRUCache<string, string>({ max: 20_000 });

  /** Playlists created while others are being stored go together, as one insert (db/groupCommit.ts). */
  private readonly inserts = groupInserts<InstanceType<ReturnType<PlaylistsRepository['model']>>>({
    insertMany: (docs, options) => this.model().insertMany(docs, options),
  });

  /**
   * Adds and removes of one playlist that arrive while one is being stored go together: each run
   * of adds (or of removes) is one update by `_id` (`$addToSet` with `$each`, `$pullAll`) that returns
   * the playlist as it was, and each change is answered with the playlist as it left it, worked out
   * in arrival order from that. A duplicate add changes nothing and is answered with the playlist.
   */
  private readonly songChanges = new KeyedGroupCommit<SongChange, PlaylistRecord | null>((id, changes) =>
    serialised(this.lock(id), () => this.applySongChanges(id, changes)),
  );

  constructor(private readonly data: AppData) {
    this.lists = new UserPlaylistLists(data);
    this.listed = new StampedCache<string, PlaylistRecord[]>({
      max: 10_000,
      stamp: { name: 'playlists', checkMs: PLAYLISTS_CHECK_MS, data },
      shareReads: true,
    });
  }

  private model() {
    return this.data.model(PLAYLIST_MODEL);
  }

  private lock(id: string): string {
    return `${this.data.name}:playlist:${id.toLowerCase()}`;
  }

  private forget(userId: string): void {
    this.listed.changed(listKey(userId));
  }

  /**
   * After a write of one playlist: the owner's kept list gets the playlist as it now is (or loses
   * it, `record` null) instead of being read again, so a listener with thousands of playlists is not
   * re-read after each change. Every other playlist record stays the same object, which keeps their
   * parts of the encoded body (userPlaylistsBody.ts).
   */
  private patchListed(userId: string, id: string, record: PlaylistRecord | null, place: 'first' | 'same' = 'same'): void {
    this.listed.patched(listKey(userId), (kept) => {
      if (place === 'first') return record ? [record, ...kept.filter((r) => r._id !== id)] : kept;
      const at = kept.findIndex((r) => r._id === id);
      if (at < 0) return kept;
      return record ? kept.map((r, i) => (i === at ? record : r)) : kept.filter((_, i) => i !== at);
    });
  }

  /** The owner's id (lower case) when this app has seen the playlist; undefined otherwise. */
  knownOwnerOf(id: string): string | undefined {
    return this.owners.get(id.toLowerCase());
  }

  private toRecord(doc: PlaylistDoc): PlaylistRecord {
    this.owners.set(String(doc._id), String(doc.user));
    return {
      _id: String(doc._id),
      name: doc.name,
      desc: doc.desc ?? '',
      img: doc.img ?? '',
      songIds: doc.songs.map(String),
      user: String(doc.user),
      ...(doc.saavnTracks?.length
        ? { saavnTracks: doc.saavnTracks.map(({ at, saavnId, name, artist, img, src }) => ({ at, saavnId, name, artist, img, src })) }
        : {}),
      ...(doc.imported ? { imported: true as const } : {}),
    };
  }

  /** Adds playlists to their owner's list (creates, bulk inserts, and the migration of older data). */
  async listPlaylists(userId: string, ids: readonly mongoose.Types.ObjectId[]): Promise<void> {
    this.forget(userId);
    await this.lists.addToList(userId, ids);
    this.forget(userId);
  }

  private async unlist(userId: string, ids: readonly string[]): Promise<void> {
    this.forget(userId);
    await this.lists.removeFromList(userId, ids);
    this.forget(userId);
  }

  async insertPlaylist(userId: string, input: PlaylistInput, { imported = false } = {}): Promise<PlaylistRecord> {
    const Playlist = this.model();
    const doc = await this.inserts.write(new Playlist({ ...input, user: userId, songs: [], ...(imported ? { imported } : {}) }));
    await this.lists.addToList(userId, [doc._id]);
    const record = this.toRecord(doc.toObject() as unknown as PlaylistDoc);
    this.patchListed(userId, record._id, record, 'first');
    return record;
  }

  /** Bulk insert (the seed, the bench, tests); lists each playlist for its user. Ids in input order. */
  async insertPlaylists(playlists: readonly NewPlaylist[]): Promise<string[]> {
    if (playlists.length === 0) return [];
    // Not lean: the string ids must be cast to ObjectIds like any other write's.
    const docs = await this.model().insertMany(playlists.map(({ songIds, ...rest }) => ({ ...rest, songs: songIds ?? [] })));
    const byUser = new Map<string, mongoose.Types.ObjectId[]>();
    for (const doc of docs) {
      const user = String(doc.user);
      byUser.set(user, [...(byUser.get(user) ?? []), doc._id]);
    }
    await Promise.all([...byUser].map(([userId, ids]) => this.listPlaylists(userId, ids)));
    return docs.map((doc) => String(doc._id));
  }

  async findPlaylist(id: string): Promise<PlaylistRecord | null> {
    const doc = await this.model().findById(id).lean<PlaylistDoc>();
    return doc ? this.toRecord(doc) : null;
  }

  /** The user's playlists, newest first. */
  playlistsOf(userId: string): Promise<PlaylistRecord[]> {
    return this.listed.get(listKey(userId), () => this.readPlaylistsOf(userId));
  }

  /**
   * The playlists with these ids, in this order; missing ones left out. One find per ID_LIST_MAX
   * ids: the embedded engine looks such a list up on its `_id` index (db/ferretdbPatches.ts,
   * ID_LIST_PATCH), so a listener's first read costs their playlists, not the collection.
   */
  private async readByIds(ids: readonly string[]): Promise<PlaylistDoc[]> {
    const chunks = Array.from({ length: Math.ceil(ids.length / ID_LIST_MAX) }, (_, i) => ids.slice(i * ID_LIST_MAX, (i + 1) * ID_LIST_MAX));
    const found = (await Promise.all(chunks.map((chunk) => this.model().find({ _id: { $in: chunk } }).lean<PlaylistDoc[]>()))).flat();
    const byId = new Map(found.map((doc) => [String(doc._id), doc]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  private async readPlaylistsOf(userId: string): Promise<PlaylistRecord[]> {
    const ids = await this.lists.listedIds(userId);
    const docs = (await this.readByIds(ids)).filter((doc) => String(doc.user) === listKey(userId));
    if (docs.length < ids.length) {
      const live = new Set(docs.map((doc) => String(doc._id)));
      await this.unlist(userId, ids.filter((id) => !live.has(id)));
    }
    const time = (doc: PlaylistDoc) => (doc.createdAt ? new Date(doc.createdAt).getTime() : 0);
    // Listed in creation order: reversed, a stable sort keeps the later of equal timestamps first.
    return docs.reverse().sort((a, b) => time(b) - time(a)).map((doc) => this.toRecord(doc));
  }

  /** Sets name, and desc and img when given. Null when the playlist is gone. */
  async updatePlaylistFields(id: string, input: PlaylistInput): Promise<PlaylistRecord | null> {
    const set: Partial<PlaylistInput> = { name: input.name };
    if (input.desc !== undefined) set.desc = input.desc;
    if (input.img !== undefined) set.img = input.img;
    return this.replaceWith(id, { $set: set }, { runValidators: true });
  }

  /** One update by `_id` under the playlist's lock; the owner's kept list gets the result. */
  private replaceWith(id: string, update: mongoose.UpdateQuery<unknown>, options: { runValidators?: boolean } = {}): Promise<PlaylistRecord | null> {
    return serialised(this.lock(id), async () => {
      const doc = await this.model().findByIdAndUpdate(id, update, { new: true, ...options }).lean<PlaylistDoc>();
      const record = doc ? this.toRecord(doc) : null;
      if (record) this.patchListed(record.user, record._id, record);
      return record;
    });
  }

  private async applySongChanges(id: string, changes: SongChange[]): Promise<(PlaylistRecord | null)[]> {
    const outcomes: (PlaylistRecord | null)[] = [];
    for (let at = 0; at < changes.length; ) {
      const { op } = changes[at]!;
      let end = at + 1;
      while (end < changes.length && changes[end]!.op === op) end += 1;
      const run = changes.slice(at, end);
      at = end;
      const songs = run.map(({ songId }) => new mongoose.Types.ObjectId(songId));
      const update = op === '$addToSet' ? { $addToSet: { songs: { $each: songs } } } : { $pullAll: { songs } };
      const before = await this.model().findByIdAndUpdate(id, update, { new: false }).lean<PlaylistDoc>();
      if (!before) {
        outcomes.push(...run.map(() => null));
        continue;
      }
      const record = this.toRecord(before);
      let songIds = record.songIds;
      for (const { songId } of run) {
        const song = songId.toLowerCase();
        if (op === '$pullAll') songIds = songIds.filter((other) => other !== song);
        else if (!songIds.includes(song)) songIds = [...songIds, song];
        outcomes.push({ ...record, songIds });
      }
      this.patchListed(record.user, record._id, outcomes.at(-1)!);
    }
    return outcomes;
  }

  /** Appends a song unless it is there already. Null when the playlist is gone. */
  addSongToPlaylist(id: string, songId: string): Promise<PlaylistRecord | null> {
    return this.songChanges.write(id.toLowerCase(), { op: '$addToSet', songId });
  }

  removeSongFromPlaylist(id: string, songId: string): Promise<PlaylistRecord | null> {
    return this.songChanges.write(id.toLowerCase(), { op: '$pullAll', songId });
  }

  /**
   * Moves one song to place `to` among the songs (past the end: last), checking the playlist with
   * `check` first (its owner). One read and one write by `_id` whatever the playlist's size. On the
   * embedded engine the playlist's lock keeps adds and removes out between the two; on MongoDB, where
   * `serialised` does not wait, the write is a compare-and-set on the songs as read, so a change that
   * lands between them makes it read again rather than be lost.
   * JioSaavn entries keep their places among all entries.
   */
  async moveSongInPlaylist(id: string, songId: string, to: number, check: (record: PlaylistRecord) => void): Promise<MoveOutcome> {
    const song = songId.toLowerCase();
    return serialised(this.lock(id), async () => {
      for (;;) {
        const before = await this.model().findById(id).lean<PlaylistDoc>();
        if (!before) return { kind: 'gone' };
        const record = this.toRecord(before);
        check(record);
        const from = record.songIds.indexOf(song);
        if (from < 0) return { kind: 'notThere', record };
        const rest = record.songIds.filter((_, i) => i !== from);
        const songIds = [...rest.slice(0, to), song, ...rest.slice(to)];
        if (songIds.every((other, i) => other === record.songIds[i])) return { kind: 'moved', record };
        const doc = await this.model()
          .findOneAndUpdate(
            engineTraits().atomicUpdates ? { _id: id, songs: before.songs } : { _id: id },
            { $set: { songs: songIds.map((other) => new mongoose.Types.ObjectId(other)) } },
            { new: true },
          )
          .lean<PlaylistDoc>();
        if (!doc) continue;
        const moved = this.toRecord(doc);
        this.patchListed(moved.user, moved._id, moved);
        return { kind: 'moved', record: moved };
      }
    });
  }

  /** Replaces the song list (duplicates dropped, first kept). Null when the playlist is gone. */
  replacePlaylistSongs(id: string, songIds: readonly string[]): Promise<PlaylistRecord | null> {
    return this.replaceWith(id, { $set: { songs: uniqueSongs(songIds) } });
  }

  /**
   * Sets the songs (duplicates dropped) and the JioSaavn tracks together, as an import decides them,
   * and the description when given (its count of matched tracks), in the one write.
   */
  replacePlaylistEntries(id: string, songIds: readonly string[], saavnTracks: readonly PlaylistSaavnTrack[], desc?: string): Promise<PlaylistRecord | null> {
    const set = { songs: uniqueSongs(songIds), ...(saavnTracks.length > 0 ? { saavnTracks } : {}), ...(desc !== undefined ? { desc } : {}) };
    return this.replaceWith(id, saavnTracks.length > 0 ? { $set: set } : { $set: set, $unset: { saavnTracks: 1 } });
  }

  async deletePlaylistById(id: string, userId: string): Promise<boolean> {
    const { deletedCount } = await this.model().deleteOne({ _id: id, user: userId });
    if (deletedCount === 0) return false;
    this.owners.delete(id.toLowerCase());
    await this.lists.removeFromList(userId, [id]);
    this.patchListed(userId, id.toLowerCase(), null);
    return true;
  }

  /** Cascade of a user delete. */
  async deletePlaylistsOf(userId: string): Promise<void> {
    this.forget(userId);
    const ids = await this.lists.listedIds(userId);
    for (const id of ids) this.owners.delete(id);
    await Promise.all(ids.map((id) => this.model().deleteOne({ _id: id })));
    await this.lists.deleteList(userId);
    // Playlists a crash left unlisted.
    await this.model().deleteMany({ user: userId });
    this.forget(userId);
  }

  /** Cascade of a song delete. */
  async removeSongFromAllPlaylists(songId: string): Promise<void> {
    const song = new mongoose.Types.ObjectId(songId);
    const holders = await this.model().find({ songs: song }).select('_id user').lean();
    await Promise.all(
      holders.map(async ({ _id, user }) => {
        this.forget(String(user));
        await serialised(this.lock(String(_id)), () => this.model().updateOne({ _id }, { $pull: { songs: song } }));
        this.forget(String(user));
      }),
    );
  }

  /** Marks playlists imported (a migration, before anything reads): every kept list goes. */
  async markImported(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { modifiedCount } = await this.model().updateMany({ _id: { $in: [...ids] } }, { $set: { imported: true } });
    this.forgetAllPlaylists();
    return modifiedCount;
  }

  countPlaylists(): Promise<number> {
    return this.model().countDocuments();
  }

  /**
   * Migration: lists every playlist that no user list holds (data from builds before the lists
   * existed). Returns how many it listed.
   */
  async listUnlistedPlaylists(): Promise<number> {
    const [playlists, listed] = await Promise.all([
      this.model().find().select('_id user').sort({ createdAt: 1, _id: 1 }).lean(),
      this.lists.everyListedId(),
    ]);
    const missing = new Map<string, mongoose.Types.ObjectId[]>();
    for (const { _id, user } of playlists) {
      if (listed.has(String(_id))) continue;
      const key = String(user);
      missing.set(key, [...(missing.get(key) ?? []), _id]);
    }
    await Promise.all([...missing].map(([userId, ids]) => this.listPlaylists(userId, ids)));
    return [...missing.values()].reduce((n, ids) => n + ids.length, 0);
  }

  /** Empties every playlist and every listener's list (seed --reset). */
  async deleteAllPlaylists(): Promise<void> {
    this.forgetAllPlaylists();
    await Promise.all([this.model().deleteMany({}), this.lists.deleteAllLists()]);
    this.forgetAllPlaylists();
  }

  /** Drops every kept list and owner, here and (through the stamp) in every process: all playlists went (the seed's reset). */
  forgetAllPlaylists(): void {
    this.owners.clear();
    this.listed.changed();
  }
}

const uniqueSongs = (songIds: readonly string[]) =>
  [...new Set(songIds.map((songId) => songId.toLowerCase()))].map((songId) => new mongoose.Types.ObjectId(songId));
