import { serialised } from '../../db/engine.js';
import type { AppData } from '../../db/appData.js';
import { BOOKMARKS_MODEL, RADIO_STATION_MODEL } from './listening.model.js';

const bookmarksModel = (data: AppData) => data.model(BOOKMARKS_MODEL);
const stationModel = (data: AppData) => data.model(RADIO_STATION_MODEL);

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

export async function bookmarksOf(data: AppData, userId: string): Promise<StoredBookmark[]> {
  const doc = await bookmarksModel(data).findById(userId).lean();
  return (doc?.items ?? []).map((item) => clean({ ...item, comment: item.comment ?? undefined }));
}

/** Changes the user's bookmark list under its lock; `change` returns the new list. */
export async function changeBookmarksOf(data: AppData, userId: string, change: (items: StoredBookmark[]) => StoredBookmark[]): Promise<void> {
  await serialised(`${data.name}:bookmarks:${userId}`, async () => {
    const items = change(await bookmarksOf(data, userId));
    if (items.length === 0) await bookmarksModel(data).deleteOne({ _id: userId });
    else await bookmarksModel(data).replaceOne({ _id: userId }, { _id: userId, items }, { upsert: true });
  });
}

/** Cascade of a user delete. */
export async function deleteBookmarksOf(data: AppData, userId: string): Promise<void> {
  await bookmarksModel(data).deleteOne({ _id: userId });
}

const toStation = (doc: { _id: unknown; name: string; streamUrl: string; homePageUrl?: string | null }): RadioStation =>
  clean({ id: String(doc._id), name: doc.name, streamUrl: doc.streamUrl, homePageUrl: doc.homePageUrl ?? undefined });

/** The stations an admin keeps: a short list, read whole. */
export async function radioStations(data: AppData): Promise<RadioStation[]> {
  const docs = await stationModel(data).find().sort({ _id: 1 }).lean();
  return docs.map(toStation);
}

export async function countRadioStations(data: AppData): Promise<number> {
  return stationModel(data).countDocuments();
}

export async function insertRadioStation(data: AppData, station: Omit<RadioStation, 'id'>): Promise<RadioStation> {
  const doc = await stationModel(data).create(clean(station));
  return toStation(doc.toObject());
}

/** Whole-document replace by id; false when there is none such. */
export async function replaceRadioStation(data: AppData, station: RadioStation): Promise<boolean> {
  const { id, ...fields } = station;
  const { matchedCount } = await stationModel(data).replaceOne({ _id: id }, clean(fields));
  return matchedCount === 1;
}

export async function deleteRadioStation(data: AppData, id: string): Promise<boolean> {
  const { deletedCount } = await stationModel(data).deleteOne({ _id: id });
  return deletedCount === 1;
}
