import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import mongoose from 'mongoose';
import { isDuplicateKey } from '../db/dataErrors.js';
import { serialised } from '../db/engine.js';
import { KeyedGroupCommit } from '../db/groupCommit.js';
import { UserPlaylistsModel } from './userPlaylists.model.js';

/*
 * Each listener's list of playlist ids (user_playlists). The ids are one packed binary value, not
 * an array: the embedded engine decodes and re-encodes an array element by element on every read
 * and update, so a list update cost more the more playlists its owner had (docs/performance.md).
 *
 * A change is a compare-and-set on `rev`: it writes the new ids and a new revision only where the
 * revision is still the one it read. So it is one update by `_id`, with no read when this process
 * knows the list, and it loses no change when other processes write the same list (MongoDB):
 * a refused write reads the list again and retries. Within this process, changes of one list
 * that arrive together are written together, one round at a time (`serialised`).
 */

const ID_BYTES = 12;
const MAX_ATTEMPTS = 20;

interface StoredList {
  _id: string;
  ids?: Buffer | mongoose.mongo.Binary | null;
  rev?: string | null;
  playlists?: mongoose.Types.ObjectId[];
}

interface KnownList {
  ids: string[];
  /** Null when there is no document, or one an earlier build wrote. */
  rev: string | null;
}

/** A list as kept in memory: packed, so the cache's size is bounded in bytes. */
interface KeptList {
  packed: Buffer;
  rev: string | null;
}

const key = (userId: string) => userId.toLowerCase();
const lock = (userId: string) => `user-playlists:${key(userId)}`;

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

/** The lists as this process last read or wrote them; a stale one only costs a refused write. */
const known = new LRUCache<string, KeptList>({ max: 10_000, maxSize: 8 * 1024 * 1024, sizeCalculation: (list) => list.packed.length + 64 });
const keep = (userId: string, list: KnownList) => known.set(key(userId), { packed: pack(list.ids), rev: list.rev });
function kept(userId: string): KnownList | undefined {
  const list = known.get(key(userId));
  return list && { ids: unpack(list.packed), rev: list.rev };
}

function fromStored(doc: StoredList | null): KnownList {
  if (!doc) return { ids: [], rev: null };
  if (doc.ids) return { ids: unpack(doc.ids), rev: doc.rev ?? null };
  return { ids: (doc.playlists ?? []).map(String), rev: null };
}

async function read(userId: string): Promise<KnownList> {
  const list = fromStored(await UserPlaylistsModel.findById(key(userId)).lean<StoredList>());
  keep(userId, list);
  return list;
}

/** The user's playlist ids in creation order, read now. */
export async function listedIds(userId: string): Promise<string[]> {
  return (await read(userId)).ids;
}

/** Writes `next` where the list is still at `from`'s revision; false when it is not. */
async function compareAndSet(userId: string, from: KnownList, next: string[]): Promise<boolean> {
  const rev = randomBytes(8).toString('hex');
  try {
    // `rev: null` matches a list an earlier build wrote, and upserts a missing one. A known
    // revision never upserts: a list deleted meanwhile stays deleted.
    const res = await UserPlaylistsModel.updateOne(
      { _id: key(userId), rev: from.rev },
      { $set: { ids: pack(next), rev }, $unset: { playlists: 1 } },
      { upsert: from.rev === null },
    );
    if (res.matchedCount === 0 && res.upsertedCount === 0) return false;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
  keep(userId, { ids: next, rev });
  return true;
}

type Edit = (ids: string[]) => string[];

/**
 * Changes of one list that arrive while one is being stored go together (db/groupCommit.ts):
 * their edits are applied in arrival order to the list as known and written with one
 * compare-and-set, so n concurrent creates by one listener cost one list write a round, not n.
 */
const changes = new KeyedGroupCommit<Edit, void>((userId, edits) =>
  serialised(lock(userId), async () => {
    let list = kept(userId) ?? (await read(userId));
    for (let attempt = 1; ; attempt++) {
      const next = edits.reduce((ids, edit) => edit(ids), list.ids);
      if (next === list.ids || (await compareAndSet(userId, list, next))) return edits.map(() => undefined);
      if (attempt === MAX_ATTEMPTS) throw new Error(`the playlist list of ${userId} kept changing`);
      list = await read(userId);
    }
  }),
);

const change = (userId: string, edit: Edit): Promise<void> => changes.write(key(userId), edit);

/** Appends playlists to their owner's list, each once. */
export function addToList(userId: string, ids: readonly (string | mongoose.Types.ObjectId)[]): Promise<void> {
  return change(userId, (current) => {
    const have = new Set(current);
    const added = [...new Set(ids.map((id) => String(id).toLowerCase()))].filter((id) => !have.has(id));
    return added.length === 0 ? current : [...current, ...added];
  });
}

/** Takes playlists off their owner's list. */
export function removeFromList(userId: string, ids: readonly (string | mongoose.Types.ObjectId)[]): Promise<void> {
  const gone = new Set(ids.map((id) => String(id).toLowerCase()));
  return change(userId, (current) => (current.some((id) => gone.has(id)) ? current.filter((id) => !gone.has(id)) : current));
}

/** Deletes the user's list (the cascade of a user delete). */
export async function deleteList(userId: string): Promise<void> {
  await serialised(lock(userId), async () => {
    known.delete(key(userId));
    await UserPlaylistsModel.deleteOne({ _id: key(userId) });
    known.delete(key(userId));
  });
}

/** Every listed playlist id, whoever's (the migration that lists older data). */
export async function everyListedId(): Promise<Set<string>> {
  const lists = await UserPlaylistsModel.find().lean<StoredList[]>();
  return new Set(lists.flatMap((doc) => fromStored(doc).ids));
}

/** Deletes every list (the seed's reset). */
export async function deleteAllLists(): Promise<void> {
  known.clear();
  await UserPlaylistsModel.deleteMany({});
  known.clear();
}
