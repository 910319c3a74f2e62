import { describe, expect, it } from 'vitest';
import { id3v2Tag } from './demo/id3.js';
import { coverArtPng } from './demo/coverArt.js';
import { mimeForExtension, sniffFormat } from './formats.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffFormat (magic bytes, not names)', () => {
  it.each([
    ['mp3 frame sync', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['mp3 with ID3', id3v2Tag({ title: 'x' }), 'audio/mpeg'],
    ['aac ADTS', bytes([0xff, 0xf1, 0x50, 0x80]), 'audio/aac'],
    ['m4a', bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]), 'audio/mp4'],
    ['ogg vorbis', bytes('OggS', new Array(24).fill(0), [1], 'vorbis'), 'audio/ogg'],
    ['wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['flac', bytes('fLaC', [0, 0, 0, 0x22]), 'audio/flac'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['png', coverArtPng({ from: [0, 0, 0], to: [9, 9, 9], accent: [5, 5, 5], motif: 'waves' }), 'image/png'],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('%s', (_label, head, mime) => {
    expect(sniffFormat(head)?.mime).toBe(mime);
  });

  it('tells opus from other ogg streams', () => {
    expect(sniffFormat(bytes('OggS', new Array(24).fill(0), 'OpusHead'))?.ext).toBe('.opus');
  });

  it('tells ID3-tagged AAC from MP3 by the bytes after the tag', () => {
    expect(sniffFormat(id3v2Tag({ title: 'x' }), Buffer.from([0xff, 0xf1]))?.mime).toBe('audio/aac');
  });

  it.each([
    ['text', bytes('hello, this is not audio')],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['pdf', bytes('%PDF-1.7')],
    ['avif', bytes([0, 0, 0, 0x1c], 'ftypavif')],
    ['riff avi', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['reserved mpeg version', bytes([0xff, 0xeb, 0x90, 0x64])],
    ['empty', Buffer.alloc(0)],
  ])('rejects %s', (_label, head) => {
    expect(sniffFormat(head)).toBeUndefined();
  });

  it('maps stored extensions to content types', () => {
    expect(mimeForExtension('.MP3')).toBe('audio/mpeg');
    expect(mimeForExtension('.jpeg')).toBe('image/jpeg');
    expect(mimeForExtension('.opus')).toBe('audio/ogg');
    expect(mimeForExtension('.svg')).toBeUndefined();
  });
});
