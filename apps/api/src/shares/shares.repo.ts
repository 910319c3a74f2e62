import type { ShareKind } from '@samaa/shared';
import { serialised } from '../db/engine.js';
import { ShareModel, UserSharesModel } from './share.model.js';

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
const listLock = (userId: string) => `user-shares:${listKey(userId)}`;

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

export async function findShare(id: string): Promise<ShareRecord | null> {
  const doc = await ShareModel.findById(id).lean<ShareDoc>();
  return doc ? toRecord(doc) : null;
}

/** The listener's share ids, oldest first. */
export async function shareIdsOf(userId: string): Promise<string[]> {
  const doc = await UserSharesModel.findById(listKey(userId)).lean<{ ids?: string[] }>();
  return doc?.ids ?? [];
}

/**
 * The listener's shares, oldest first: one read of their list, then one read by `_id` each (an
 * `$in` filter is not answered from the index on the embedded engine).
 */
export async function sharesOf(userId: string): Promise<ShareRecord[]> {
  const ids = await shareIdsOf(userId);
  const found = await Promise.all(ids.map((id) => findShare(id)));
  return found.filter((share): share is ShareRecord => share !== null && share.user === listKey(userId));
}

export async function insertShare(share: NewShare): Promise<ShareRecord> {
  const { id, ...rest } = share;
  await ShareModel.create({ _id: id, ...rest, user: listKey(share.user) });
  await serialised(listLock(share.user), () =>
    UserSharesModel.updateOne({ _id: listKey(share.user) }, { $addToSet: { ids: id } }, { upsert: true }),
  );
  return (await findShare(id))!;
}

export async function updateShareFields(id: string, changes: ShareChanges): Promise<ShareRecord | null> {
  if (Object.keys(changes).length > 0) {
    const res = await ShareModel.updateOne({ _id: id }, { $set: changes });
    if (res.matchedCount === 0) return null;
  }
  return findShare(id);
}

/** Unlists, then deletes; false when there was no such share. */
export async function deleteShareById(id: string, userId: string): Promise<boolean> {
  await serialised(listLock(userId), () => UserSharesModel.updateOne({ _id: listKey(userId) }, { $pull: { ids: id } }));
  const res = await ShareModel.deleteOne({ _id: id });
  return res.deletedCount > 0;
}

/** One visit more, by `_id`. */
export async function countVisit(id: string, at: Date): Promise<void> {
  await ShareModel.updateOne({ _id: id }, { $inc: { visits: 1 }, $set: { lastVisitedAt: at } });
}

/** Every share of the listener, and their list (the cascade of a user delete). */
export async function deleteSharesOf(userId: string): Promise<void> {
  await serialised(listLock(userId), async () => {
    const ids = await shareIdsOf(userId);
    await Promise.all(ids.map((id) => ShareModel.deleteOne({ _id: id })));
    await UserSharesModel.deleteOne({ _id: listKey(userId) });
  });
}
