import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { gzipSync, gunzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { withTurns } from '../test/eventLoopTurns.js';
import { encodePersistedList, persistedBodyInFile, sendPersistedBody, type PersistedBody } from './persistedBody.js';

const jsonOf = async (body: PersistedBody) => gunzipSync(await buffer(body.gzip())).toString();

/*
 * A large list's body is made a slice at a time, compressed on the thread pool: the JSON is the
 * text JSON.stringify gives, and the event loop turns between slices.
 */

describe('a persisted list body', () => {
  it('is the JSON JSON.stringify gives, made over many turns of the event loop', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ _id: `id-${i}`, name: `Song "${i}"`, n: i / 7 }));
    const { value: body, turns } = await withTurns(() => encodePersistedList('songs-v1', 'data', items));
    const json = JSON.stringify({ data: items });
    expect(await jsonOf(body)).toBe(json);
    expect(body.jsonLength).toBe(Buffer.byteLength(json));
    expect(body.etag).toBe(`W/"songs-v1-${Buffer.byteLength(json)}"`);
    // A turn at least per slice of 2,000 items: no request waits for the whole list.
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it('writes an empty list as the whole encode does', async () => {
    expect(await jsonOf(await encodePersistedList('t', 'data', []))).toBe('{"data":[]}');
  });

  it('kept in a file, is read from it as it is sent, even once the file is replaced', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-body-'));
    const file = path.join(dir, 'kept');
    const json = JSON.stringify({ data: Array.from({ length: 5000 }, (_, i) => ({ name: `Song ${i}` })) });
    const gzip = gzipSync(json);
    fs.writeFileSync(file, Buffer.concat([Buffer.from('head\n'), gzip, Buffer.from('tail')]));
    const body = persistedBodyInFile('songs-v2', fs.openSync(file, 'r'), 5, gzip.length, Buffer.byteLength(json));
    // A newer file takes its place, as the catalogue's next write does.
    fs.writeFileSync(`${file}.tmp`, 'another version');
    fs.renameSync(`${file}.tmp`, file);
    const app = express().get('/list', (req, res) => sendPersistedBody(req, res, body));

    const zipped = await request(app).get('/list').set('Accept-Encoding', 'gzip');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-length']).toBe(String(gzip.length));
    expect(JSON.stringify(zipped.body)).toBe(json);
    const plain = await request(app).get('/list').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(json)));
    expect(plain.text).toBe(json);
    const head = await request(app).head('/list').set('Accept-Encoding', 'gzip');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(gzip.length));
    const again = await request(app).get('/list').set('If-None-Match', body.etag);
    expect(again.status).toBe(304);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
