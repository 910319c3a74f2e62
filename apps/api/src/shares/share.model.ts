import { Schema } from 'mongoose';
import { defineModel } from '../db/appData.js';
import { SHARE_KINDS } from '@samaa/shared';

/**
 * One document per share link, `_id` = the link's id (128 random bits): a visit is a primary-key
 * read, and a visit's count a `$inc` by `_id`. `target` is the shared song's, album's or
 * playlist's id; `name` its name when shared, shown if it goes.
 */
const shareSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: String, required: true },
    kind: { type: String, enum: SHARE_KINDS, required: true },
    target: { type: String, required: true },
    name: { type: String, default: '' },
    description: { type: String, default: '' },
    expiresAt: { type: Date, default: null },
    downloadable: { type: Boolean, default: false },
    visits: { type: Number, default: 0 },
    lastVisitedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

export const SHARE_MODEL = defineModel('Share', shareSchema, 'shares');

/**
 * One document per listener, `_id` = their user id: the ids of their share links, so listing a
 * listener's shares never filters the shares collection (only `_id` is indexed on the embedded
 * engine).
 */
const userSharesSchema = new Schema(
  {
    _id: { type: String, required: true },
    ids: { type: [String], default: [] },
  },
  { versionKey: false },
);

export const USER_SHARES_MODEL = defineModel('UserShares', userSharesSchema, 'user_shares');
