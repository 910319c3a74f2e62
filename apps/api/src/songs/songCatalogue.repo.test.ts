import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import type { Song } from '@samaa/shared';
import { AppData } from '../db/appData.js';
import { useTestDatabase } from '../test/db.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { generateSongs } from './generateSongs.js';
import { SONG_FIELDS, SONG_MODEL, toSong } from './song.model.js';
import { catalogueStore } from './songCatalogue.repo.js';
import { plainSong } from './songTable.js';
import { songTableFromBatches } from './songTableBuilder.js';

/*
 * The whole read of the catalogue: newest first by creation, then by id, as the sorted query
 * gives it, though on the embedded engine it streams the songs unsorted (the engine sorts a whole
 * collection in its own memory) and orders them itself.
 */

useTestDatabase();
countEngineCalls();

describe('the whole catalogue read', () => {
  it('gives the songs newest first, ties by id, as the sorted query does', async () => {
    const data = new AppData(mongoose.connection);
    const songs = data.model(SONG_MODEL);
    const base = Date.parse('2026-01-01T00:00:00Z');
    // Back-dated and tied creation times, inserted out of order (as the seed's bulk insert does).
    const docs = generateSongs(12_000, 4).map((song, i) => ({ ...song, createdAt: new Date(base + ((i * 7_919) % 3_000) * 1000), updatedAt: new Date(base) }));
    await songs.insertMany(docs, { timestamps: false } as never);
    const expected = (await songs.find().select(SONG_FIELDS).sort({ createdAt: -1, _id: -1 }).lean()).map(toSong);
    let read: Song[] = [];
    const counts = await engineCallsDuring(async () => {
      // Small parts, so the order is made across several of them.
      read = (await songTableFromBatches(catalogueStore(data).streamWholeCatalogue(), { partRows: 5_000 })).songs().map(plainSong);
    });
    expect(read).toEqual(expected);
    // Every song read once: one query, its batches fetched as it goes.
    expect(counts.records.songs).toBe(12_000);
  }, 120_000);
});
