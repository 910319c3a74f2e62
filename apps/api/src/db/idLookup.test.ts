import mongoose from 'mongoose';
import { describe, expect, inject, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';

useTestDatabase();

/*
 * The embedded engine must find a document by `_id` through its unique index, not by scanning
 * the collection (ferretdbPatches.ts, ID_LOOKUP_PATCH): every read, update and delete by primary key
 * depends on it.
 */
describe.runIf(inject('dbEngine').startsWith('FerretDB'))('lookups by _id on the embedded engine', () => {
  it('search the _id index for string and ObjectId keys', async () => {
    const collection = mongoose.connection.db!.collection<{ _id: string | mongoose.Types.ObjectId; x?: number }>('id_lookups');
    const objectId = new mongoose.Types.ObjectId();
    await collection.insertMany([{ _id: 'a:1' }, { _id: objectId }]);
    for (const _id of ['a:1', objectId] as const) {
      const explained = (await mongoose.connection.db!.command({ explain: { find: 'id_lookups', filter: { _id } } })) as {
        queryPlanner: { Plan: string[] };
      };
      expect(explained.queryPlanner.Plan.join('\n')).toMatch(/SEARCH .* USING INDEX/);
      expect(await collection.findOne({ _id })).toEqual({ _id });
    }
    await collection.updateOne({ _id: 'a:1' }, { $set: { x: 1 } });
    // With more than `_id` in the filter (an owner check, a compare-and-set): the index, then the rest.
    const compound = (await mongoose.connection.db!.command({ explain: { find: 'id_lookups', filter: { _id: 'a:1', x: 1 } } })) as {
      queryPlanner: { Plan: string[] };
    };
    expect(compound.queryPlanner.Plan.join('\n')).toMatch(/SEARCH .* USING INDEX/);
    expect(await collection.findOne({ _id: 'a:1', x: 2 })).toBeNull();
    expect((await collection.updateOne({ _id: 'a:1', x: 2 }, { $set: { x: 3 } })).matchedCount).toBe(0);
    expect(await collection.findOne({ _id: 'a:1' })).toEqual({ _id: 'a:1', x: 1 });
    expect((await collection.deleteOne({ _id: objectId })).deletedCount).toBe(1);
    expect(await collection.countDocuments()).toBe(1);
  });
});
