import { Schema } from 'mongoose';
import type { Song } from '@samaa/shared';
import { defineModel, type AppData } from '../db/appData.js';
import { engineTraits, serialised } from '../db/engine.js';
import { SONG_FIELDS, SONG_MODEL, toSong } from './song.model.js';
import type { CatalogueStore } from './catalogue.js';

/*
 * The catalogue's data access: the version every process checks before trusting its in-memory
 * catalogue (catalogue.ts), and the whole-catalogue read it falls back on. Only a lookup by
 * `_id` is indexed on the embedded engine, so reading the version costs one primary-key lookup
 * where a full sorted scan of 10,000 songs costs most of a second.
 */

const versionSchema = new Schema({ _id: String, version: { type: Number, default: 0 } }, { versionKey: false });
export const CATALOGUE_VERSION_MODEL = defineModel('CatalogueVersion', versionSchema, 'catalogue_versions');
const SONGS = 'songs';
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** Songs per batch of the embedded engine's unsorted whole read. */
const READ_BATCH = 5000;

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A version tagged with the database name (a wiped counter reads as "none"). */
export const catalogueVersionTag = (data: AppData, version: number | string | undefined) => `${data.name}:${version ?? 'none'}`;


/** The catalogue's store on an app's data. */
export function catalogueStore(data: AppData): CatalogueStore {
  const versions = () => data.model(CATALOGUE_VERSION_MODEL);
  return {
    /**
     * Moves the version every process on the database checks; resolves to the new tag and the one
     * just before it (undefined if the engine answered no document).
     */
    async bumpCatalogueVersion() {
      const doc = await serialised(`${data.name}:catalogue-version`, () =>
        versions().findOneAndUpdate({ _id: SONGS }, { $inc: { version: 1 } }, { upsert: true, new: true }).lean(),
      );
      const moved = doc?.version;
      return moved === undefined ? undefined : { version: catalogueVersionTag(data, moved), previous: catalogueVersionTag(data, moved - 1) };
    },

    /** The current version's tag. */
    async readCatalogueVersion() {
      const doc = await versions().findById(SONGS).lean();
      return catalogueVersionTag(data, doc?.version);
    },

    /** Every song, newest first (a whole-collection scan on the embedded engine). */
    async readWholeCatalogue(): Promise<Song[]> {
      const songs = data.model(SONG_MODEL);
      if (engineTraits().name === 'mongodb') return (await songs.find().select(SONG_FIELDS).sort(NEWEST_FIRST).lean()).map(toSong);
      // The embedded engine sorts a whole collection in its own memory (gigabytes at a million
      // songs): the songs are streamed unsorted, a batch at a time, and ordered here.
      const read: Song[] = [];
      const created: number[] = [];
      for await (const doc of songs.find().select(`${SONG_FIELDS} createdAt`).lean().cursor({ batchSize: READ_BATCH })) {
        read.push(toSong(doc));
        created.push((doc.createdAt as Date | undefined)?.getTime() ?? 0);
      }
      const order = Uint32Array.from(read.keys()).sort((a, b) => created[b]! - created[a]! || compareIds(read[b]!._id, read[a]!._id));
      return Array.from(order, (at) => read[at]!);
    },
  };
}
