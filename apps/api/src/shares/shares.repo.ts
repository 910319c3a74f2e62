import type { ShareKind } from '@samaa/shared';
import { serialised } from '../db/engine.js';
import type { AppData } from '../db/appData.js';
import { SHARE_MODEL, USER_SHARES_MODEL } from './share.model.js';

const shareModel = (data: AppData) => data.model(SHARE_MODEL);
const userSharesModel = (data: AppData) => data.model(USER_SHARES_MODEL);

/*
 * Share links and, beside them, one list per listener of their share ids. Every read is by `_id`.
 * A create inserts the share, then lists it; a revoke unlists it, then deletes it: a crash between
 * the two leaves at most an unlisted share nobody can manage (a listed id whose share is gone is
 * skipped). Each list's changes run one at a time in this process (`serialised`); `$addToSet` and
 * `$pull` keep them whole when other processes write the same list.
 */

export interface ShareRecord {
  id: string;
  user: string;
  kind: ShareKind;
  target: string;
  name: string;
  description: string;
  expiresAt: Date | null;
  downloadable: boolean;
  visits: number;
  lastVisitedAt: Date | null;
  createdAt: Date;
}

interface ShareDoc {
  _id: string;
  user: string;
  kind: ShareKind;
  target: string;
  name?: string | null;
  description?: string | null;
  expiresAt?: Date | null;
  downloadable?: boolean | null;
  visits?: number | null;
  lastVisitedAt?: Date | null;
  createdAt?: Date | null;
}

export type NewShare = Pick<ShareRecord, 'id' | 'user' | 'kind' | 'target' | 'name' | 'description' | 'expiresAt' | 'downloadable'>;
export type ShareChanges = Partial<Pick<ShareRecord, 'description' | 'expiresAt' | 'downloadable'>>;

const listKey = (userId: string) => userId.toLowerCase();
const listLock = (data: AppData, userId: string) => `${data.name}:user-shares:${listKey(userId)}`;

function toRecord(doc: ShareDoc): ShareRecord {
  return {
    id: doc._id,
    user: doc.user,
    kind: doc.kind,
    target: doc.target,
    name: doc.name ?? '',
    description: doc.description ?? '',
    expiresAt: doc.expiresAt ?? null,
    downloadable: doc.downloadable === true,
    visits: doc.visits ?? 0,
    lastVisitedAt: doc.lastVisitedAt ?? null,
    createdAt: doc.createdAt ?? new Date(0),
  };
}

export async function findShare(data: AppData, id: string): Promise<ShareRecord | null> {
  const doc = await shareModel(data).findById(id).lean<ShareDoc>();
  return doc ? toRecord(doc) : null;
}

/** The listener's share ids, oldest first. */
export async function shareIdsOf(data: AppData, userId: string): Promise<string[]> {
  const doc = await userSharesModel(data).findById(listKey(userId)).lean<{ ids?: string[] }>();
  return doc?.ids ?? [];
}

/**
 * The listener's shares, oldest first: one read of their list, then one read by `_id` each (an
 * `$in` filter is not answered from the index on the embedded engine).
 */
export async function sharesOf(data: AppData, userId: string): Promise<ShareRecord[]> {
  const ids = await shareIdsOf(data, userId);
  const found = await Promise.all(ids.map((id) => findShare(data, id)));
  return found.filter((share): share is ShareRecord => share !== null && share.user === listKey(userId));
}

export async function insertShare(data: AppData, share: NewShare): Promise<ShareRecord> {
  const { id, ...rest } = share;
  await shareModel(data).create({ _id: id, ...rest, user: listKey(share.user) });
  await serialised(listLock(data, share.user), () => userSharesModel(data).updateOne({ _id: listKey(share.user) }, { $addToSet: { ids: id } }, { upsert: true }));
  return (await findShare(data, id))!;
}

export async function updateShareFields(data: AppData, id: string, changes: ShareChanges): Promise<ShareRecord | null> {
  if (Object.keys(changes).length > 0) {
    const res = await shareModel(data).updateOne({ _id: id }, { $set: changes });
    if (res.matchedCount === 0) return null;
  }
  return findShare(data, id);
}

/** Unlists, then deletes; false when there was no such share. */
export async function deleteShareById(data: AppData, id: string, userId: string): Promise<boolean> {
  await serialised(listLock(data, userId), () => userSharesModel(data).updateOne({ _id: listKey(userId) }, { $pull: { ids: id } }));
  const res = await shareModel(data).deleteOne({ _id: id });
  return res.deletedCount > 0;
}

/** One visit more, by `_id`. */
export async function countVisit(data: AppData, id: string, at: Date): Promise<void> {
  await shareModel(data).updateOne({ _id: id }, { $inc: { visits: 1 }, $set: { lastVisitedAt: at } });
}

/** Every share of the listener, and their list (the cascade of a user delete). */
export async function deleteSharesOf(data: AppData, userId: string): Promise<void> {
  await serialised(listLock(data, userId), async () => {
    const ids = await shareIdsOf(data, userId);
    await Promise.all(ids.map((id) => shareModel(data).deleteOne({ _id: id })));
    await userSharesModel(data).deleteOne({ _id: listKey(userId) });
  });
}
