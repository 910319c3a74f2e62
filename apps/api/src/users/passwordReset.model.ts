import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';

/**
 * One row per password-reset link that went out: `_id` is the SHA-256 of the link's token, so a
 * link is found and consumed by primary key, once. Expired rows are refused by their date.
 */
const passwordResetSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
passwordResetSchema.index({ user: 1 });

export const PASSWORD_RESET_MODEL = defineModel('PasswordReset', passwordResetSchema, 'password_resets');
