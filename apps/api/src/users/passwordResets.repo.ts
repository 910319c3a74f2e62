import type { AppData } from '../db/appData.js';
import { PASSWORD_RESET_MODEL } from './passwordReset.model.js';

const resetModel = (data: AppData) => data.model(PASSWORD_RESET_MODEL);

export async function insertPasswordReset(data: AppData, tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
  await resetModel(data).create({ _id: tokenHash, user: userId, expiresAt });
}

/** Takes the link with this token hash, once: the user it was for and its expiry, or null. */
export async function consumePasswordReset(data: AppData, tokenHash: string): Promise<{ userId: string; expiresAt: Date } | null> {
  const row = await resetModel(data).findById(tokenHash).lean();
  if (!row) return null;
  const { deletedCount } = await resetModel(data).deleteOne({ _id: tokenHash });
  return deletedCount > 0 ? { userId: String(row.user), expiresAt: new Date(row.expiresAt) } : null;
}

export async function deletePasswordResetsOf(data: AppData, userId: string): Promise<void> {
  await resetModel(data).deleteMany({ user: userId });
}
