import { serialised } from '../../db/engine.js';
import { BookmarksModel, RadioStationModel } from './listening.model.js';

export interface StoredBookmark {
  song: string;
  position: number;
  comment?: string;
  created: Date;
  changed: Date;
}

export interface RadioStation {
  id: string;
  name: string;
  streamUrl: string;
  homePageUrl?: string;
}

const clean = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;

export async function bookmarksOf(userId: string): Promise<StoredBookmark[]> {
  const doc = await BookmarksModel.findById(userId).lean();
  return (doc?.items ?? []).map((item) => clean({ ...item, comment: item.comment ?? undefined }));
}

/** Changes the user's bookmark list under its lock; `change` returns the new list. */
export async function changeBookmarksOf(userId: string, change: (items: StoredBookmark[]) => StoredBookmark[]): Promise<void> {
  await serialised(`bookmarks:${userId}`, async () => {
    const items = change(await bookmarksOf(userId));
    if (items.length === 0) await BookmarksModel.deleteOne({ _id: userId });
    else await BookmarksModel.replaceOne({ _id: userId }, { _id: userId, items }, { upsert: true });
  });
}

/** Cascade of a user delete. */
export async function deleteBookmarksOf(userId: string): Promise<void> {
  await BookmarksModel.deleteOne({ _id: userId });
}

const toStation = (doc: { _id: unknown; name: string; streamUrl: string; homePageUrl?: string | null }): RadioStation =>
  clean({ id: String(doc._id), name: doc.name, streamUrl: doc.streamUrl, homePageUrl: doc.homePageUrl ?? undefined });

/** The stations an admin keeps: a short list, read whole. */
export async function radioStations(): Promise<RadioStation[]> {
  const docs = await RadioStationModel.find().sort({ _id: 1 }).lean();
  return docs.map(toStation);
}

export async function countRadioStations(): Promise<number> {
  return RadioStationModel.countDocuments();
}

export async function insertRadioStation(station: Omit<RadioStation, 'id'>): Promise<RadioStation> {
  const doc = await RadioStationModel.create(clean(station));
  return toStation(doc.toObject());
}

/** Whole-document replace by id; false when there is none such. */
export async function replaceRadioStation(station: RadioStation): Promise<boolean> {
  const { id, ...fields } = station;
  const { matchedCount } = await RadioStationModel.replaceOne({ _id: id }, clean(fields));
  return matchedCount === 1;
}

export async function deleteRadioStation(id: string): Promise<boolean> {
  const { deletedCount } = await RadioStationModel.deleteOne({ _id: id });
  return deletedCount === 1;
}
