import { isDuplicateKey } from '../db/dataErrors.js';
import type { AppData } from '../db/appData.js';
import { LIKE_MODEL, likeId } from './like.model.js';

/** Migration: likes stored with an ObjectId `_id` by earlier builds get their primary key. */
export async function rekeyLegacyLikes(data: AppData): Promise<number> {
  const LikeModel = data.model(LIKE_MODEL);
  const legacy = await LikeModel.collection.find({ _id: { $type: 'objectId' } }).toArray();
  if (legacy.length === 0) return 0;
  // Their unique user+song index would refuse the re-keyed copy while the old row exists.
  await LikeModel.collection.dropIndex('user_1_song_1').catch(() => undefined);
  for (const { _id, ...like } of legacy) {
    const rekeyed = { ...like, _id: likeId(String(like.user), String(like.song)) };
    await LikeModel.collection.insertOne(rekeyed as never).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
    await LikeModel.collection.deleteOne({ _id });
  }
  return legacy.length;
}
