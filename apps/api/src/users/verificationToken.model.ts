import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/**
 * One row per verification link that went out. Only the SHA-256 of the token is stored, so a
 * database dump does not hold usable links. Rows expire by comparing `expiresAt` with the clock
 * (no TTL index: the embedded engine has no TTL monitor); used rows are deleted when consumed and
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

export const VERIFICATION_TOKEN_MODEL = defineModel('VerificationToken', verificationTokenSchema);
