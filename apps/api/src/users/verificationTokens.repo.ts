import { serialised } from '../db/engine.js';
import { VerificationTokenModel } from './verificationToken.model.js';

export async function insertVerificationToken(userId: string, tokenHash: string, expiresAt: Date): Promise<string> {
  const row = await VerificationTokenModel.create({ user: userId, tokenHash, expiresAt });
  return String(row._id);
}

export async function deleteVerificationToken(id: string): Promise<void> {
  await VerificationTokenModel.deleteOne({ _id: id });
}

/** Takes the user's token with this hash, once: concurrent consumers get it at most once. Its expiry, or null. */
export async function consumeVerificationToken(userId: string, tokenHash: string): Promise<Date | null> {
  return serialised(`verification:${userId.toLowerCase()}`, async () => {
    const row = await VerificationTokenModel.findOne({ user: userId, tokenHash }).select('_id expiresAt').lean();
    if (!row) return null;
    const { deletedCount } = await VerificationTokenModel.deleteOne({ _id: row._id });
    return deletedCount > 0 ? new Date(row.expiresAt) : null;
  });
}

export async function deleteVerificationTokensOf(userId: string): Promise<void> {
  await VerificationTokenModel.deleteMany({ user: userId });
}

/** Deletes expired tokens; returns how many. */
export async function deleteExpiredVerificationTokens(now: Date): Promise<number> {
  const { deletedCount } = await VerificationTokenModel.deleteMany({ expiresAt: { $lte: now } });
  return deletedCount;
}
