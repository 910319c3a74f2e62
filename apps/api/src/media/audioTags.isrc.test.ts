import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mp3Frames } from '../test/musicFiles.js';
import { id3v2Tag } from './demo/id3.js';
import { readAudioTags } from './audioTags.js';

function mp3With(isrc: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'samaa-isrc-')), 'song.mp3');
  fs.writeFileSync(file, Buffer.concat([id3v2Tag({ title: 'Tagged', artist: 'Someone', isrc }), mp3Frames()]));
  return file;
}

describe('ISRC from the tags', () => {
  it('reads ID3 TSRC, upper case and without dashes', async () => {
    const { tags } = await readAudioTags(mp3With('us-rc1-76-07839'), { exactDuration: false });
    expect(tags.isrc).toBe('USRC17607839');
  });

  it('ignores a TSRC that is not an ISRC', async () => {
    const { tags } = await readAudioTags(mp3With('not an isrc'), { exactDuration: false });
    expect(tags.isrc).toBeUndefined();
  });
});
