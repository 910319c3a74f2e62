import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/**
 * One document per API key, `_id` = SHA-256 of the key: checking a key is a primary-key read.
 * Keys are 256 random bits, so a fast hash is enough (bcrypt guards guessable passwords).
 */
const apiKeySchema = new Schema(
  {
    _id: { type: String, required: true },
    /** Public handle for listing and revoking; not derived from the key. */
    keyId: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    name: { type: String, required: true, maxlength: 50 },
    /** The key itself, sealed (keySeal.ts), for Subsonic token sign-in; absent on keys made before. */
    sealed: { type: String },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
apiKeySchema.index({ user: 1 });

export const API_KEY_MODEL = defineModel('ApiKey', apiKeySchema, 'api_keys');
