import { describe, expect, it } from 'vitest';
import { playlistSchema, searchQuerySchema, songSchema } from './index.js';

const song = { name: 'Song', artist: 'Artist', img: 'https://x.test/a.png', song: '/media/audio/1700000000000track.mp3' };

describe('song schema', () => {
  it('accepts http(s) URLs and media store paths, trimmed', () => {
    const { value, error } = songSchema.validate({ ...song, name: '  Song  ' });
    expect(error).toBeUndefined();
    expect(value.name).toBe('Song');
  });

  it.each(['javascript:alert(1)', 'ftp://x/y.mp3', '/etc/passwd', '/media/audio/../x'])('rejects %s', (bad) => {
    expect(songSchema.validate({ ...song, song: bad }).error?.message).toBe(
      '"Song" must be an http(s) URL or a media store path',
    );
  });

  it('bounds name and artist to 1–100 characters', () => {
    expect(songSchema.validate({ ...song, name: '' }).error).toBeDefined();
    expect(songSchema.validate({ ...song, artist: 'a'.repeat(101) }).error).toBeDefined();
    expect(songSchema.validate({ ...song, artist: 'a'.repeat(100) }).error).toBeUndefined();
  });
});

describe('playlist schema', () => {
  it('requires a name of 1–50 characters and a desc of at most 300', () => {
    expect(playlistSchema.validate({ name: 'a'.repeat(50), desc: 'd'.repeat(300) }).error).toBeUndefined();
    expect(playlistSchema.validate({ name: 'a'.repeat(51) }).error).toBeDefined();
    expect(playlistSchema.validate({ name: 'ok', desc: 'd'.repeat(301) }).error).toBeDefined();
    expect(playlistSchema.validate({ desc: 'x' }).error?.message).toBe('"Name" is required');
  });

  it('allows an empty image', () => {
    expect(playlistSchema.validate({ name: 'ok', img: '' }).error).toBeUndefined();
  });
});

describe('search query', () => {
  it('rejects empty and over-long queries', () => {
    expect(searchQuerySchema.validate('').error?.message).toBe('Search query is required');
    expect(searchQuerySchema.validate('   ').error?.message).toBe('Search query is required');
    expect(searchQuerySchema.validate('q'.repeat(101)).error).toBeDefined();
    expect(searchQuerySchema.validate('q'.repeat(100)).error).toBeUndefined();
  });
});
