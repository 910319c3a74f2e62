import mongoose, { Schema } from 'mongoose';

/**
 * A counter bumped after every write to the songs collection (see the hooks in song.model.ts).
 * Reading it is one tiny lookup, which tells every API process whether its cached song list is
 * still current, without scanning the catalogue.
 */
const versionSchema = new Schema({ _id: String, version: { type: Number, default: 0 } }, { versionKey: false });
const CatalogueVersionModel = mongoose.model('CatalogueVersion', versionSchema, 'catalogue_versions');

const SONGS = 'songs';
const localListeners = new Set<() => void>();

/** Called in this process on every song write, before the shared counter moves. */
export function onSongsWritten(listener: () => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/** Marks the song list as changed, here and for every other process on the same database. */
export async function bumpSongsVersion(): Promise<void> {
  for (const listener of localListeners) listener();
  try {
    await CatalogueVersionModel.updateOne({ _id: SONGS }, { $inc: { version: 1 } }, { upsert: true });
  } catch {
    // The write itself succeeded; this process already dropped its cache, and other processes
    // catch up at the next bump.
  }
}

/** The current version, tagged with the database name (a wiped counter reads as "none"). */
export async function readSongsVersion(): Promise<string> {
  const doc = await CatalogueVersionModel.findById(SONGS).lean();
  return `${mongoose.connection.name}:${doc?.version ?? 'none'}`;
}
