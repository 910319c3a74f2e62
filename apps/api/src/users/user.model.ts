import mongoose, { Schema, type InferSchemaType, type HydratedDocument } from 'mongoose';
import { defineModel } from '../db/appData.js';
import { GENDERS, type UserRecord } from '@samaa/shared';

const userSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true, lowercase: true, unique: true },
    /** bcrypt hash; never selected unless asked for. */
    password: { type: String, required: true, select: false },
    gender: { type: String, enum: GENDERS, required: true },
    verified: { type: Boolean, default: false },
    isAdmin: { type: Boolean, default: false },
    /** When the last verification mail went out (resends are limited to one per 10 minutes). */
    verificationSentAt: { type: Date, default: null },
    /** Moves when the password changes; tokens carrying an older one stop working. */
    tokenVersion: { type: Number, default: 0 },
  },
  { timestamps: true },
);
userSchema.index({ createdAt: -1 });

export type UserDoc = InferSchemaType<typeof userSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export type HydratedUser = HydratedDocument<UserDoc>;

export const USER_MODEL = defineModel('User', userSchema);

/** The user record the API sends: exactly these fields (types.ts `UserRecord`), never the hash. */
export function toUserRecord(user: Pick<UserDoc, '_id' | 'name' | 'email' | 'gender' | 'verified' | 'isAdmin' | 'createdAt'>): UserRecord {
  return {
    _id: String(user._id),
    name: user.name,
    email: user.email,
    gender: user.gender as UserRecord['gender'],
    verified: Boolean(user.verified),
    createdAt: new Date(user.createdAt).toISOString(),
    isAdmin: Boolean(user.isAdmin),
  };
}
