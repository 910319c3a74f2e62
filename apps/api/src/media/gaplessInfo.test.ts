import { describe, expect, it } from 'vitest';
import { id3v2Tag } from './demo/id3.js';
import { parseITunSmpb, parseLameHeader } from './gaplessInfo.js';

/** The first frame of a LAME-encoded MPEG-1 stereo MP3: an Info header with its LAME extension. */
function infoFrame(delay: number, padding: number, flags = 0x0f): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  let at = 4 + 32;
  frame.write('Info', at, 'latin1');
  frame.writeUInt32BE(flags, at + 4);
  at += 8 + (flags & 1 ? 4 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  frame.write('LAME3.100', at, 'latin1');
  frame.set([delay >> 4, ((delay & 0x0f) << 4) | (padding >> 8), padding & 0xff], at + 21);
  return frame;
}

describe('gapless info', () => {
  it('reads the encoder delay and padding of a LAME header, after an ID3 tag too', () => {
    expect(parseLameHeader(infoFrame(576, 1234))).toEqual({ encoderDelay: 576, encoderPadding: 1234 });
    const tagged = Buffer.concat([id3v2Tag({ title: 'x' }), infoFrame(1105, 7, 0x03)]);
    expect(parseLameHeader(tagged)).toEqual({ encoderDelay: 1105, encoderPadding: 7 });
  });

  it('gives nothing for a frame without an Info header', () => {
    const plain = infoFrame(576, 10);
    plain.write('Nope', 36, 'latin1');
    expect(parseLameHeader(plain)).toBeUndefined();
    expect(parseLameHeader(Buffer.from('not audio at all'))).toBeUndefined();
  });

  it('reads iTunSMPB', () => {
    expect(parseITunSmpb(' 00000000 00000840 000001CA 0000000000A8B6A6 00000000 00000000')).toEqual({
      encoderDelay: 0x840,
      encoderPadding: 0x1ca,
    });
    expect(parseITunSmpb('garbage')).toBeUndefined();
  });
});
