import { escapeRegExp, type UserRecord } from '@samaa/shared';
import type { AppData } from '../db/appData.js';
import { toUserRecord, USER_MODEL } from './user.model.js';

const userModel = (data: AppData) => data.model(USER_MODEL);
import { deleteUserById, type NewUser } from './users.repo.js';

/*
 * Bulk fills and empties for the seed (cli/seed.ts) and the benchmark: no request reaches them,
 * so they stay out of the repository the app's requests go through.
 */

/** Bulk insert; the records in input order. */
export async function insertUsers(data: AppData, users: readonly NewUser[]): Promise<UserRecord[]> {
  if (users.length === 0) return [];
  const docs = await userModel(data).insertMany([...users], { lean: true });
  return docs.map((doc) => toUserRecord(doc as typeof doc & { createdAt: Date }));
}

const atDomain = (domain: string) => ({ email: new RegExp(`@${escapeRegExp(domain)}$`) });

/** How many users have an email at `@domain` (the seed's listeners). */
export function countUsersAtDomain(data: AppData, domain: string): Promise<number> {
  return userModel(data).countDocuments(atDomain(domain));
}

/** Removes the users at `@domain` through the repository (so every process forgets them) and returns their ids, for the cascades. */
export async function deleteUsersAtDomain(data: AppData, domain: string): Promise<string[]> {
  const users = await userModel(data).find(atDomain(domain)).select('_id').lean();
  const ids = users.map((user) => String(user._id));
  await Promise.all(ids.map((id) => deleteUserById(data, id)));
  return ids;
}
