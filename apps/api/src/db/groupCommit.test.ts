import mongoose, { Schema } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/db.js';
import { countEngineCalls, engineCallsDuring } from '../test/engineCalls.js';
import { isDuplicateKey } from './dataErrors.js';
import { GroupCommit, groupInserts, KeyedGroupCommit } from './groupCommit.js';

useTestDatabase();
countEngineCalls();

const NoteModel = mongoose.model(
  'GroupCommitNote',
  new Schema({ _id: String, text: { type: String, required: true, maxlength: 10 } }, { timestamps: true }),
  'group_commit_notes',
);
type Note = InstanceType<typeof NoteModel>;

describe('group commit', () => {
  it('writes what arrives during a write as one command, and answers each write after its command', async () => {
    const batches: number[][] = [];
    const group = new GroupCommit<number, number>(async (inputs) => {
      batches.push(inputs);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return inputs.map((n) => n * 2);
    });
    expect(await Promise.all([1, 2, 3, 4].map((n) => group.write(n)))).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(await group.write(5)).toBe(10);
  });

  it('fails only the write whose outcome is an error, and every write of a command that throws', async () => {
    let fail = false;
    const group = new GroupCommit<number, number>(async (inputs) => {
      if (fail) throw new Error('engine down');
      return inputs.map((n) => (n < 0 ? new Error(`bad ${n}`) : n));
    });
    const settled = await Promise.allSettled([1, -2, 3].map((n) => group.write(n)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    fail = true;
    await expect(group.write(4)).rejects.toThrow('engine down');
    fail = false;
    expect(await group.write(5)).toBe(5);
  });

  it('inserts concurrent documents on the engine with fewer commands, each answered alone', async () => {
    const inserts = groupInserts<Note>(NoteModel);
    await NoteModel.create({ _id: 'taken', text: 'first' });
    const notes = Array.from({ length: 30 }, (_, i) => ({ _id: `n${i}`, text: `note ${i}` }));
    const inputs = [...notes, { _id: 'taken', text: 'again' }, { _id: 'long', text: 'far too long a text' }, { _id: 'n3', text: 'twice' }];
    let settled: PromiseSettledResult<Note>[] = [];
    const { calls } = await engineCallsDuring(async () => {
      settled = await Promise.allSettled(inputs.map((input) => inserts.write(new NoteModel(input))));
    });
    expect(calls['group_commit_notes.insertMany']).toBeLessThan(inputs.length / 2);
    expect(settled.slice(0, 30).every((s) => s.status === 'fulfilled')).toBe(true);
    const [taken, long, twice] = settled.slice(30).map((s) => (s.status === 'rejected' ? s.reason : undefined));
    expect(isDuplicateKey(taken)).toBe(true);
    expect(long).toBeInstanceOf(mongoose.Error.ValidationError);
    expect(isDuplicateKey(twice)).toBe(true);
    const stored = await NoteModel.find().sort({ _id: 1 }).lean();
    expect(stored.map((note) => note._id).sort()).toEqual([...notes.map((note) => note._id), 'taken'].sort());
    expect(stored.find((note) => note._id === 'n3')?.text).toBe('note 3');
    expect(stored.every((note) => note.createdAt instanceof Date)).toBe(true);
  });
});

describe('group commit per document', () => {
  it('batches writes to one key, keeps keys apart, answers each in order, and forgets idle keys', async () => {
    const rounds: [string, number[]][] = [];
    const commit = new KeyedGroupCommit<number, string>(async (key, inputs) => {
      rounds.push([key, inputs]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return inputs.map((n) => `${key}:${n}`);
    });
    const answers = await Promise.all([
      ...[1, 2, 3, 4].map((n) => commit.write('a', n)),
      ...[5, 6].map((n) => commit.write('b', n)),
    ]);
    expect(answers).toEqual(['a:1', 'a:2', 'a:3', 'a:4', 'b:5', 'b:6']);
    expect(rounds).toEqual([
      ['a', [1]],
      ['b', [5]],
      ['a', [2, 3, 4]],
      ['b', [6]],
    ]);
    expect(commit.size).toBe(0);
  });
});
