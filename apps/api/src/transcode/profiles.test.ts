import { describe, expect, it } from 'vitest';
import { decide, parseProfileParams, profileParams, type SourceInfo } from './profiles.js';

const mp3At = (kbps: number): SourceInfo => ({ codec: 'mp3', container: 'mp3', bitrate: kbps * 1000, channels: 2, sampleRate: 44100, lossless: false });
const flac: SourceInfo = { codec: 'flac', container: 'flac', bitrate: 900_000, channels: 2, sampleRate: 44100, bitDepth: 16, lossless: true };

describe('decide: what stream sends', () => {
  it('never transcodes what already fits: raw, nothing asked, its own format within the maximum', () => {
    expect(decide(mp3At(320), { format: 'raw', maxKbps: 96 })).toBe('original');
    expect(decide(mp3At(320), { maxKbps: 0 })).toBe('original');
    expect(decide(mp3At(128), { format: 'mp3', maxKbps: 128 })).toBe('original');
    expect(decide(mp3At(128), { maxKbps: 192 })).toBe('original');
    expect(decide(mp3At(128), { format: 'mp3', maxKbps: 0 })).toBe('original');
    expect(decide(mp3At(128), { format: 'flac', maxKbps: 0 })).toBe('original'); // a format Samaa does not make: no preference
  });

  it('encodes to the format asked for, at the maximum rounded down to a step', () => {
    expect(decide(mp3At(320), { format: 'opus', maxKbps: 96 })).toEqual({ format: 'opus', kbps: 96 });
    expect(decide(mp3At(320), { format: 'opus', maxKbps: 100 })).toEqual({ format: 'opus', kbps: 96 });
    expect(decide(mp3At(320), { format: 'opus', maxKbps: 0 })).toEqual({ format: 'opus', kbps: 128 });
    expect(decide(mp3At(320), { maxKbps: 128 })).toEqual({ format: 'mp3', kbps: 128 });
    expect(decide(flac, { maxKbps: 256 })).toEqual({ format: 'mp3', kbps: 256 });
    expect(decide(flac, { format: 'aac', maxKbps: 8 })).toEqual({ format: 'aac', kbps: 32 });
  });

  it('does not encode a lossy source above its own rate', () => {
    expect(decide(mp3At(64), { format: 'opus', maxKbps: 320 })).toEqual({ format: 'opus', kbps: 64 });
    expect(decide(mp3At(100), { format: 'aac', maxKbps: 0 })).toEqual({ format: 'aac', kbps: 112 });
  });

  it('encodes an unreadable source whenever a format or a maximum is asked for', () => {
    expect(decide({ container: 'mp3', lossless: false }, { maxKbps: 128 })).toEqual({ format: 'mp3', kbps: 128 });
  });

  it('round-trips transcodeParams and refuses made-up ones', () => {
    expect(parseProfileParams(profileParams({ format: 'opus', kbps: 96, channels: 2 }))).toEqual({ format: 'opus', kbps: 96, channels: 2 });
    expect(parseProfileParams('opus-96-0')).toEqual({ format: 'opus', kbps: 96 });
    for (const bad of ['opus-97-0', 'flv-96-0', 'opus-96', '../../x', 'opus-96-0;rm']) expect(parseProfileParams(bad)).toBeUndefined();
  });
});
