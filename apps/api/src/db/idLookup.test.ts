import mongoose from 'mongoose';
import { describe, expect, inject, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { ID_LIST_MAX } from './ferretdbPatches.js';

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

  it('search the _id index for a list of ids, {_id: {$in}}, and find the same documents', async () => {
    const collection = mongoose.connection.db!.collection<{ _id: string | mongoose.Types.ObjectId; n: number }>('id_lists');
    const objectIds = Array.from({ length: 5 }, () => new mongoose.Types.ObjectId());
    await collection.insertMany([...objectIds.map((_id, n) => ({ _id, n })), { _id: 'b:1', n: 5 }]);
    const plan = async (filter: object) => {
      const explained = (await mongoose.connection.db!.command({ explain: { find: 'id_lists', filter } })) as { queryPlanner: { Plan: string[] } };
      return explained.queryPlanner.Plan.join('\n');
    };
    const some = { _id: { $in: [objectIds[3]!, 'b:1', objectIds[0]!, new mongoose.Types.ObjectId()] } };
    expect(await plan(some)).toMatch(/SEARCH .* USING INDEX/);
    expect((await collection.find(some).toArray()).map(({ n }) => n).sort()).toEqual([0, 3, 5]);
    // With more than `_id`, the rest of the filter still applies to what the index found.
    expect(await collection.find({ ...some, n: 3 }).toArray()).toEqual([{ _id: objectIds[3], n: 3 }]);
    // Past the patch's list size, or with another operator, the whole table is read: same answers.
    const long = { _id: { $in: [...Array.from({ length: ID_LIST_MAX }, () => new mongoose.Types.ObjectId()), objectIds[1]!] } };
    expect(await plan(long)).not.toMatch(/USING INDEX/);
    expect((await collection.find(long).toArray()).map(({ n }) => n)).toEqual([1]);
    expect((await collection.find({ _id: { $in: [objectIds[2]!], $ne: objectIds[2]! } }).toArray()).length).toBe(0);
  });
});
