import crypto from 'node:crypto';
import mongoose, { Schema } from 'mongoose';

/** How long a verification link stays valid. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Random bytes in a verification token (sent as hex, so 64 characters). */
export const VERIFICATION_TOKEN_BYTES = 32;

/**
 * One row per verification link that went out. Only the SHA-256 of the token is stored, so a
 * database dump does not hold usable links. Rows expire by comparing `expiresAt` with the clock
 * (no TTL index: FerretDB does not run TTL monitors); used rows are deleted when consumed and
 * expired ones are swept opportunistically.
 */
const verificationTokenSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
verificationTokenSchema.index({ tokenHash: 1 }, { unique: true });
verificationTokenSchema.index({ user: 1 });
verificationTokenSchema.index({ expiresAt: 1 });

export const VerificationTokenModel = mongoose.model('VerificationToken', verificationTokenSchema);

export function hashVerificationToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newVerificationToken(): string {
  return crypto.randomBytes(VERIFICATION_TOKEN_BYTES).toString('hex');
}

/** The shape of a token as it appears in a link we sent. */
export const VERIFICATION_TOKEN_PATTERN = new RegExp(`^[0-9a-f]{${VERIFICATION_TOKEN_BYTES * 2}}$`);
