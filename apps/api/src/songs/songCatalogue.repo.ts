import { Schema } from 'mongoose';
import type { Song } from '@samaa/shared';
import { defineModel, type AppData } from '../db/appData.js';
import { engineTraits, serialised } from '../db/engine.js';
import { SONG_FIELDS, SONG_MODEL, toSong } from './song.model.js';
import type { CatalogueStore } from './catalogue.js';
import type { StoredSongs } from './songTableBuilder.js';

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

/** Songs per batch of the whole read. */
const READ_BATCH = 5000;

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

    /**
     * Every song, a batch at a time, with its creation time (a whole-collection scan on the
     * embedded engine). MongoDB reads them newest first on its index; the embedded engine would
     * sort the whole collection in its own memory (gigabytes at a million songs), so there they
     * come unsorted and the reader orders them (songTableBuilder.ts).
     */
    async *streamWholeCatalogue(): AsyncGenerator<StoredSongs> {
      let query = data.model(SONG_MODEL).find().select(`${SONG_FIELDS} createdAt`).lean();
      if (engineTraits().name === 'mongodb') query = query.sort(NEWEST_FIRST);
      let songs: Song[] = [];
      let created: number[] = [];
      for await (const doc of query.cursor({ batchSize: READ_BATCH })) {
        songs.push(toSong(doc));
        created.push((doc.createdAt as Date | undefined)?.getTime() ?? 0);
        if (songs.length === READ_BATCH) {
          yield { songs, created };
          songs = [];
          created = [];
        }
      }
      if (songs.length > 0) yield { songs, created };
    },
  };
}
