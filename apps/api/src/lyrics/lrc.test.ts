import { describe, expect, it } from 'vitest';
import { decodeLyricsBytes, NotLyricsError, parseLyrics, parseLyricsBytes } from './lrc.js';

describe('LRC parser', () => {
  it('reads [mm:ss.xx] and [mm:ss:xx] stamps, 2- and 3-digit fractions', () => {
    const { synced, lines } = parseLyrics('[00:01.50]one\n[00:02:25]two\n[00:03.125]three\n[01:00]four\n[00:04.5]five');
    expect(synced).toBe(true);
    expect(lines).toEqual([
      { start: 1500, text: 'one' },
      { start: 2250, text: 'two' },
      { start: 3125, text: 'three' },
      { start: 4500, text: 'five' },
      { start: 60_000, text: 'four' },
    ]);
  });

  it('sorts out-of-order stamps and repeats a line with several stamps', () => {
    const { lines } = parseLyrics('[00:10.00]chorus\n[00:05.00]verse\n[00:20.00][00:01.00]hook\n[00:10.00]same time, later in the file');
    expect(lines.map((l) => [l.start, l.text])).toEqual([
      [1000, 'hook'],
      [5000, 'verse'],
      [10_000, 'chorus'],
      [10_000, 'same time, later in the file'],
      [20_000, 'hook'],
    ]);
  });

  it('applies [offset:] (positive shows lines sooner) and reads [ar:]/[ti:] headers', () => {
    const parsed = parseLyrics('[ar:Samaa Band]\n[ti:Test Song]\n[offset:+500]\n[00:02.00]a\n[00:00.20]b');
    expect(parsed).toMatchObject({ artist: 'Samaa Band', title: 'Test Song' });
    expect(parsed.lines).toEqual([
      { start: 0, text: 'b' },
      { start: 1500, text: 'a' },
    ]);
    expect(parseLyrics('[offset:-250]\n[00:01.00]late').lines[0]!.start).toBe(1250);
  });

  it('takes a BOM, CRLF and empty lines', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[00:01.00]first\r\n\r\n[00:02.00]\r\n[00:03.00]third\r\n')]);
    expect(parseLyricsBytes(bytes).lines).toEqual([
      { start: 1000, text: 'first' },
      { start: 2000, text: '' },
      { start: 3000, text: 'third' },
    ]);
  });

  it('keeps enhanced word stamps as cues', () => {
    const { lines } = parseLyrics('[00:01.00]<00:01.00>Hello <00:01.50>bright <00:02.00>world');
    expect(lines).toEqual([
      {
        start: 1000,
        text: 'Hello bright world',
        cues: [
          { start: 1000, text: 'Hello ' },
          { start: 1500, text: 'bright ' },
          { start: 2000, text: 'world' },
        ],
      },
    ]);
  });

  it('reads plain text as unsynced lines, stanza breaks kept once', () => {
    const parsed = parseLyrics('\n\nLine one\nLine two\n\n\n\nLine three\n\n');
    expect(parsed).toEqual({ synced: false, lines: [{ text: 'Line one' }, { text: 'Line two' }, { text: '' }, { text: 'Line three' }] });
  });

  it('decodes UTF-16 with a BOM (both orders) and Latin-1', () => {
    const text = '[00:01.00]Café olé';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeLyricsBytes(le)).toBe(text);
    expect(decodeLyricsBytes(be)).toBe(text);
    expect(decodeLyricsBytes(Buffer.from(text, 'latin1'))).toBe(text);
    expect(parseLyricsBytes(Buffer.from(text, 'latin1')).lines[0]!.text).toBe('Café olé');
  });

  it('says why a file is not lyrics', () => {
    expect(() => parseLyricsBytes(Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x01]))).toThrow(NotLyricsError);
    expect(() => parseLyricsBytes(Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00]))).toThrow('binary data, not text');
    expect(() => parseLyrics('[ar:Nobody]\n\n')).toThrow('no lines');
    expect(() => parseLyrics('[00:01.00]\n[00:02.00]')).toThrow('time stamps without any words');
    expect(() => parseLyricsBytes(Buffer.alloc(300 * 1024, 0x41))).toThrow(/larger than/);
    expect(() => parseLyrics('x'.repeat(3000))).toThrow(/longer than/);
  });
});
