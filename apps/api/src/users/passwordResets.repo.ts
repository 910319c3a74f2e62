import { PasswordResetModel } from './passwordReset.model.js';

export async function insertPasswordReset(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
  await PasswordResetModel.create({ _id: tokenHash, user: userId, expiresAt });
}

/** Takes the link with this token hash, once: the user it was for and its expiry, or null. */
export async function consumePasswordReset(tokenHash: string): Promise<{ userId: string; expiresAt: Date } | null> {
  const row = await PasswordResetModel.findById(tokenHash).lean();
  if (!row) return null;
  const { deletedCount } = await PasswordResetModel.deleteOne({ _id: tokenHash });
  return deletedCount > 0 ? { userId: String(row.user), expiresAt: new Date(row.expiresAt) } : null;
}

export async function deletePasswordResetsOf(userId: string): Promise<void> {
  await PasswordResetModel.deleteMany({ user: userId });
}
