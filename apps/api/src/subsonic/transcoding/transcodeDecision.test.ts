import { describe, expect, it } from 'vitest';
import type { SourceInfo } from '../../transcode/profiles.js';
import { parseClientInfo, type ClientInfo } from './clientInfo.js';
import { transcodeDecision } from './transcodeDecision.js';

const mp3At = (kbps: number): SourceInfo => ({ codec: 'mp3', container: 'mp3', bitrate: kbps * 1000, channels: 2, sampleRate: 44100, lossless: false });
const flac: SourceInfo = { codec: 'flac', container: 'flac', bitrate: 900_000, channels: 2, sampleRate: 44100, bitDepth: 16, lossless: true };

describe('transcodeDecision: the OpenSubsonic transcoding extension', () => {
  const client = (info: object) => parseClientInfo({ name: 'x', platform: 'y', ...info }) as ClientInfo;

  it('direct-plays when a profile takes container, codec, channels and bit rate', () => {
    const mp3Client = client({ directPlayProfiles: [{ containers: ['mp3'], audioCodecs: ['mp3'], protocols: ['http'], maxAudioChannels: 2 }] });
    expect(transcodeDecision(mp3At(320), mp3Client, true)).toMatchObject({ canDirectPlay: true, transcodeReason: [] });
    const anything = client({ directPlayProfiles: [{ containers: [], audioCodecs: [], protocols: [] }] });
    expect(transcodeDecision(flac, anything, true).canDirectPlay).toBe(true);
  });

  it('gives one reason per direct play profile, and the first transcoding profile Samaa can make', () => {
    const info = client({
      maxAudioBitrate: 320_000,
      directPlayProfiles: [
        { containers: ['mp3'], audioCodecs: ['mp3'], protocols: ['http'] },
        { containers: ['flac'], audioCodecs: ['flac'], protocols: ['hls'] },
        { containers: ['flac'], audioCodecs: ['flac'], protocols: ['http'], maxAudioChannels: 1 },
      ],
      transcodingProfiles: [{ container: 'flac', audioCodec: 'flac', protocol: 'http' }, { container: 'mp3', audioCodec: 'mp3', protocol: 'http', maxAudioChannels: 1 }],
      codecProfiles: [{ type: 'AudioCodec', name: 'mp3', limitations: [{ name: 'audioBitrate', comparison: 'LessThanEqual', values: ['192000'], required: true }] }],
    });
    const decision = transcodeDecision(flac, info, true);
    expect(decision).toMatchObject({
      canDirectPlay: false,
      canTranscode: true,
      transcodeReason: ['ContainerNotSupported', 'ProtocolNotSupported', 'AudioChannelsNotSupported'],
      profile: { format: 'mp3', kbps: 192, channels: 1 },
      transcodeStream: { container: 'mp3', codec: 'mp3', audioBitrate: 192_000, audioChannels: 1 },
    });
  });

  it('cannot transcode without ffmpeg or without a profile it makes', () => {
    const info = client({ transcodingProfiles: [{ container: 'mp3', audioCodec: 'mp3', protocol: 'http' }] });
    expect(transcodeDecision(flac, info, false)).toMatchObject({ canTranscode: false, transcodeReason: ['NoDirectPlayProfile'] });
    const hlsOnly = client({ transcodingProfiles: [{ container: 'mp4', audioCodec: 'aac', protocol: 'hls' }] });
    expect(transcodeDecision(flac, hlsOnly, true).canTranscode).toBe(false);
  });

  it('holds a required codec limitation against direct play', () => {
    const info = client({
      directPlayProfiles: [{ containers: ['mp3'], audioCodecs: ['mp3'], protocols: ['http'] }],
      codecProfiles: [{ type: 'AudioCodec', name: 'mp3', limitations: [{ name: 'audioSamplerate', comparison: 'Equals', values: ['48000'], required: true }] }],
    });
    expect(transcodeDecision(mp3At(128), info, true)).toMatchObject({ canDirectPlay: false, transcodeReason: ['AudioSamplerateNotSupported'] });
  });

  it('refuses a malformed ClientInfo with a message', () => {
    expect(parseClientInfo({ directPlayProfiles: 'all' })).toEqual(expect.stringContaining('directPlayProfiles'));
    expect(parseClientInfo({ maxAudioBitrate: -1 })).toEqual(expect.stringContaining('maxAudioBitrate'));
  });
});
