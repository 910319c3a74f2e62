import { serialised } from '../db/engine.js';
import type { AppData } from '../db/appData.js';
import { VERIFICATION_TOKEN_MODEL } from './verificationToken.model.js';

const tokenModel = (data: AppData) => data.model(VERIFICATION_TOKEN_MODEL);

export async function insertVerificationToken(data: AppData, userId: string, tokenHash: string, expiresAt: Date): Promise<string> {
  const row = await tokenModel(data).create({ user: userId, tokenHash, expiresAt });
  return String(row._id);
}

export async function deleteVerificationToken(data: AppData, id: string): Promise<void> {
  await tokenModel(data).deleteOne({ _id: id });
}

/** Takes the user's token with this hash, once: concurrent consumers get it at most once. Its expiry, or null. */
export async function consumeVerificationToken(data: AppData, userId: string, tokenHash: string): Promise<Date | null> {
  return serialised(`${data.name}:verification:${userId.toLowerCase()}`, async () => {
    const row = await tokenModel(data).findOne({ user: userId, tokenHash }).select('_id expiresAt').lean();
    if (!row) return null;
    const { deletedCount } = await tokenModel(data).deleteOne({ _id: row._id });
    return deletedCount > 0 ? new Date(row.expiresAt) : null;
  });
}

export async function deleteVerificationTokensOf(data: AppData, userId: string): Promise<void> {
  await tokenModel(data).deleteMany({ user: userId });
}

/** Deletes expired tokens; returns how many. */
export async function deleteExpiredVerificationTokens(data: AppData, now: Date): Promise<number> {
  const { deletedCount } = await tokenModel(data).deleteMany({ expiresAt: { $lte: now } });
  return deletedCount;
}
