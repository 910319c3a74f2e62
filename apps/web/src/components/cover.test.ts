import { describe, expect, it } from 'vitest';
import { API_ORIGIN } from '../api/client';
import { coverSources } from './cover';

describe('coverSources', () => {
  it('asks the server for the listed sizes at 1× and 2×', () => {
    expect(coverSources('/media/images/1700000000000a.png', 48)).toEqual({
      src: `${API_ORIGIN}/media/images/1700000000000a.png?size=64`,
      srcSet: `${API_ORIGIN}/media/images/1700000000000a.png?size=64 1x, ${API_ORIGIN}/media/images/1700000000000a.png?size=128 2x`,
    });
  });

  it('keeps a signed link whole and adds the size after it', () => {
    const signed = '/media/images/a.png?exp=1&by=u&sig=s';
    expect(coverSources(signed, 200).src).toBe(`${API_ORIGIN}${signed}&size=300`);
  });

  it('uses one URL when both densities snap to the largest size', () => {
    expect(coverSources('/media/images/a.png', 640)).toEqual({ src: `${API_ORIGIN}/media/images/a.png?size=600` });
  });

  it('leaves other hosts, audio and data URLs alone', () => {
    for (const url of ['https://c.saavncdn.com/a-150x150.jpg', 'data:image/svg+xml,x', '/media/library/a/b.mp3']) {
      expect(coverSources(url, 40)).toEqual({ src: url.startsWith('/') ? `${API_ORIGIN}${url}` : url });
    }
    expect(coverSources('', 40)).toEqual({ src: '' });
  });
});
