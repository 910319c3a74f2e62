import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import mongoose from 'mongoose';
import { isDuplicateKey } from '../db/dataErrors.js';
import { serialised } from '../db/engine.js';
import { KeyedGroupCommit } from '../db/groupCommit.js';
import type { AppData } from '../db/appData.js';
import { USER_PLAYLISTS_MODEL } from './userPlaylists.model.js';

/*
 * Each listener's list of playlist ids (user_playlists). The ids are one packed binary value, not
 * an array: the embedded engine decodes and re-encodes an array element by element on every read
 * and update, so a list update cost more the more playlists its owner had (docs/performance.md).
 *
 * The engine still rewrites a whole document on every update, and its cost grows with the
 * document's bytes. So a long list is kept in two documents: the older ids under the user's id,
 * and the newest (at most RECENT_MAX) under `<user id>:recent`. A create appends to the recent
 * part alone; once that is full it is folded into the older part, one long write every RECENT_MAX
 * creates. A short list stays in one document. Both are read together, one find by `_id`s; an id
 * in both (a fold cut short) counts once and leaves the recent part at its next change.
 *
 * A change of a part is a compare-and-set on its `rev`: it writes the new ids and a new revision
 * only where the revision is still the one it read. So it is one update by `_id`, with no read
 * when this process knows the list, and it loses no change when other processes write the same
 * list (MongoDB): a refused write reads the list again and retries. An add only ever lands in the
 * recent part and a fold only takes from it what the older part holds, so no add is lost; a
 * removal raced by a fold elsewhere may come back, as an id whose playlist is gone, which readers
 * skip and unlist. Within this process, changes of one list that arrive together are written
 * together, one round at a time (`serialised`).
 *
 * One `UserPlaylistLists` per app (playlistStore.ts): what it keeps is that app's.
 */

const ID_BYTES = 12;
const MAX_ATTEMPTS = 20;
/** Most ids in a list's recent part; and the size under which a list is one document. */
export const RECENT_MAX = 256;

interface StoredList {
  _id: string;
  ids?: Buffer | mongoose.mongo.Binary | null;
  rev?: string | null;
  playlists?: mongoose.Types.ObjectId[];
}

/** One document of a list as this app last read or wrote it, packed. */
interface Part {
  packed: Buffer;
  /** Null when there is no document, or one an earlier build wrote. */
  rev: string | null;
}

/** A list: its older part (the user's id) and its recent part. */
interface KeptList {
  older: Part;
  recent: Part;
  /** The recent part holds no id of the older one: true once this app wrote it, false as read. */
  disjoint: boolean;
}

const key = (userId: string) => userId.toLowerCase();
const recentKey = (userId: string) => `${key(userId)}:recent`;
const NO_PART: Part = { packed: Buffer.alloc(0), rev: null };

function bytesOf(value: Buffer | mongoose.mongo.Binary): Uint8Array {
  return value instanceof mongoose.mongo.Binary ? value.buffer.subarray(0, value.position) : value;
}

function unpack(value: Buffer | mongoose.mongo.Binary): string[] {
  const bytes = bytesOf(value);
  const ids: string[] = [];
  for (let at = 0; at + ID_BYTES <= bytes.length; at += ID_BYTES) {
    ids.push(Buffer.from(bytes.buffer, bytes.byteOffset + at, ID_BYTES).toString('hex'));
  }
  return ids;
}

const pack = (ids: readonly string[]) => Buffer.from(ids.join(''), 'hex');

/** Whether the packed ids hold `id` (at an id's boundary), without unpacking them. */
function holds(packed: Buffer, id: Buffer): boolean {
  for (let at = packed.indexOf(id); at >= 0; at = packed.indexOf(id, at + 1)) {
    if (at % ID_BYTES === 0) return true;
  }
  return false;
}

function partOf(doc: StoredList | undefined): Part {
  if (!doc) return NO_PART;
  if (doc.ids) return { packed: Buffer.from(bytesOf(doc.ids)), rev: doc.rev ?? null };
  return { packed: pack((doc.playlists ?? []).map(String)), rev: null };
}

/** One change of a list: ids to append (each once), or ids to take off. */
type Edit = { add: readonly string[] } | { remove: ReadonlySet<string> };

/**
 * A round's edits applied to a list as known: the older part is unpacked only when a removal
 * touches it. `recent` starts without the ids the older part holds (a fold cut short), looked
 * for only in a list as read.
 */
function applyEdits(list: KeptList, edits: readonly Edit[]): { older: Buffer; recent: string[]; olderChanged: boolean; recentChanged: boolean } {
  let older = list.older.packed;
  let olderChanged = false;
  const stored = unpack(list.recent.packed);
  let recent = list.disjoint ? stored : [...new Set(stored)].filter((id) => !holds(older, Buffer.from(id, 'hex')));
  let recentChanged = recent.length !== stored.length;
  for (const edit of edits) {
    if ('add' in edit) {
      for (const id of edit.add) {
        if (recent.includes(id) || holds(older, Buffer.from(id, 'hex'))) continue;
        recent.push(id);
        recentChanged = true;
      }
      continue;
    }
    const { remove } = edit;
    if ([...remove].some((id) => holds(older, Buffer.from(id, 'hex')))) {
      older = pack(unpack(older).filter((id) => !remove.has(id)));
      olderChanged = true;
    }
    if (recent.some((id) => remove.has(id))) {
      recent = recent.filter((id) => !remove.has(id));
      recentChanged = true;
    }
  }
  // A short list is one document; a full recent part goes into the older one.
  if (recent.length > 0 && (older.length / ID_BYTES < RECENT_MAX || recent.length >= RECENT_MAX)) {
    older = Buffer.concat([older, pack(recent)]);
    recent = [];
    olderChanged = true;
    recentChanged = list.recent.packed.length > 0;
  }
  return { older, recent, olderChanged, recentChanged };
}

export class UserPlaylistLists {
  /** The lists as this app last read or wrote them; a stale one only costs a refused write. */
  private readonly known = new LRUCache<string, KeptList>({
    max: 10_000,
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (list) => list.older.packed.length + list.recent.packed.length + 128,
  });

  /**
   * Changes of one list that arrive while one is being stored go together (db/groupCommit.ts):
   * their edits are applied in arrival order to the list as known and written with one
   * compare-and-set (two on a fold or a removal from a long list), so n concurrent creates by
   * one listener cost one write of the recent part a round, not n writes of the whole list.
   */
  private readonly changes = new KeyedGroupCommit<Edit, void>((userId, edits) =>
    serialised(this.lock(userId), async () => {
      let list = this.known.get(key(userId)) ?? (await this.read(userId));
      for (let attempt = 1; ; attempt++) {
        if (await this.write(userId, list, edits)) return edits.map(() => undefined);
        if (attempt === MAX_ATTEMPTS) throw new Error(`the playlist list of ${userId} kept changing`);
        list = await this.read(userId);
      }
    }),
  );

  constructor(private readonly data: AppData) {}

  private get model() {
    return this.data.model(USER_PLAYLISTS_MODEL);
  }

  private lock(userId: string): string {
    return `${this.data.name}:user-playlists:${key(userId)}`;
  }

  /** Both parts, one find by `_id`s. */
  private async read(userId: string): Promise<KeptList> {
    const docs = await this.model.find({ _id: { $in: [key(userId), recentKey(userId)] } }).lean<StoredList[]>();
    const older = partOf(docs.find((doc) => doc._id === key(userId)));
    const list = { older, recent: partOf(docs.find((doc) => doc._id === recentKey(userId))), disjoint: false };
    this.known.set(key(userId), list);
    return list;
  }

  /** The user's playlist ids in creation order, read now. */
  async listedIds(userId: string): Promise<string[]> {
    const { older, recent } = await this.read(userId);
    return [...new Set([...unpack(older.packed), ...unpack(recent.packed)])];
  }

  /** Stores a round's edits: the older part first, so a fold cut short leaves ids in both, not in neither. False when a part had moved. */
  private async write(userId: string, list: KeptList, edits: readonly Edit[]): Promise<boolean> {
    const next = applyEdits(list, edits);
    let { older, recent } = list;
    if (next.olderChanged) {
      const written = await this.compareAndSet(key(userId), older, next.older);
      if (!written) return false;
      older = written;
      this.known.set(key(userId), { older, recent, disjoint: false });
    }
    if (next.recentChanged) {
      const written = await this.compareAndSet(recentKey(userId), recent, pack(next.recent));
      if (!written) return false;
      recent = written;
    }
    this.known.set(key(userId), { older, recent, disjoint: true });
    return true;
  }

  /** Writes `next` to the part where it is still at `from`'s revision; null when it is not. */
  private async compareAndSet(id: string, from: Part, next: Buffer): Promise<Part | null> {
    const rev = randomBytes(8).toString('hex');
    try {
      // `rev: null` matches a list an earlier build wrote, and upserts a missing one. A known
      // revision never upserts: a list deleted meanwhile stays deleted.
      const res = await this.model.updateOne({ _id: id, rev: from.rev }, { $set: { ids: next, rev }, $unset: { playlists: 1 } }, { upsert: from.rev === null });
      if (res.matchedCount === 0 && res.upsertedCount === 0) return null;
    } catch (err) {
      if (isDuplicateKey(err)) return null;
      throw err;
    }
    return { packed: next, rev };
  }

  private change(userId: string, edit: Edit): Promise<void> {
    return this.changes.write(key(userId), edit);
  }

  /** Appends playlists to their owner's list, each once. */
  addToList(userId: string, ids: readonly (string | mongoose.Types.ObjectId)[]): Promise<void> {
    return this.change(userId, { add: ids.map((id) => String(id).toLowerCase()) });
  }

  /** Takes playlists off their owner's list. */
  removeFromList(userId: string, ids: readonly (string | mongoose.Types.ObjectId)[]): Promise<void> {
    return this.change(userId, { remove: new Set(ids.map((id) => String(id).toLowerCase())) });
  }

  /** Deletes the user's list (the cascade of a user delete). */
  async deleteList(userId: string): Promise<void> {
    await serialised(this.lock(userId), async () => {
      this.known.delete(key(userId));
      await Promise.all([this.model.deleteOne({ _id: key(userId) }), this.model.deleteOne({ _id: recentKey(userId) })]);
      this.known.delete(key(userId));
    });
  }

  /** Every listed playlist id, whoever's (the migration that lists older data). */
  async everyListedId(): Promise<Set<string>> {
    const lists = await this.model.find().lean<StoredList[]>();
    return new Set(lists.flatMap((doc) => unpack(partOf(doc).packed)));
  }

  /** Deletes every list (the seed's reset). */
  async deleteAllLists(): Promise<void> {
    this.known.clear();
    await this.model.deleteMany({});
    this.known.clear();
  }
}
