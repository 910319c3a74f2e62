import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArtistCard } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { mockApi, signInListener, type ApiMock } from '../../test/apiMock';
import { stubViewport } from '../../test/viewport';
import { albumCard, albumDetail, renderBrowse } from './browseTestKit';
import { songLinks } from './songLinks';

let mock: ApiMock;
const here = () => screen.getByTestId('location').textContent;
const playing = () => screen.getByTestId('track').textContent;

beforeEach(() => {
  stubViewport();
  signInListener();
  queryClient.clear();
});
afterEach(() => {
  mock.restore();
  vi.restoreAllMocks();
});

const one = albumCard(1);
const two = albumCard(2, { year: undefined });

describe('/albums', () => {
  it('reads the sort and filters from the URL, shows the covers, and keeps a new sort in the URL', async () => {
    mock = mockApi({
      'GET /browse/albums': [200, { data: [one, two], total: 2 }],
      'GET /browse/genres': [200, { data: [{ name: 'Jazz', songCount: 3, albumCount: 1 }], total: 1 }],
    });
    renderBrowse('/albums?sort=year&genre=Jazz&from=1990&to=2010');
    const tile = await screen.findByRole('article', { name: 'Album 1' });
    expect(mock.callsTo('GET /browse/albums')[0]!.params).toMatchObject({ sort: 'year', genre: 'Jazz', fromYear: 1990, toYear: 2010, page: 1 });
    expect(within(tile).getByRole('img', { name: 'Cover of Album 1' })).toHaveAttribute('src', `${window.location.origin}/media/images/a1.png?size=300`);
    expect(within(tile).getByRole('link', { name: /Album 1/ })).toHaveAttribute('href', `/albums/${one.id}`);
    expect(within(tile).getByRole('link', { name: 'Artist 1' })).toHaveAttribute('href', `/artists/${one.artistId}`);
    expect(screen.getByText('2 albums')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'mostPlayed' } });
    await waitFor(() => expect(here()).toBe('/albums?sort=mostPlayed&genre=Jazz&from=1990&to=2010'));
    await waitFor(() => expect(mock.callsTo('GET /browse/albums').at(-1)!.params).toMatchObject({ sort: 'mostPlayed' }));
    fireEvent.change(screen.getByLabelText('To year'), { target: { value: '' } });
    await waitFor(() => expect(here()).toBe('/albums?sort=mostPlayed&genre=Jazz&from=1990'));
  });

  it('is one Tab stop whose arrow keys move between tiles, and Enter opens the album', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => albumCard(i + 1));
    mock = mockApi({
      'GET /browse/albums': [200, { data: seven, total: 7 }],
      'GET /browse/genres': [200, { data: [], total: 0 }],
      [`GET /browse/albums/${seven[5]!.id}`]: [200, albumDetail(seven[5]!)],
      'GET /playlists/user-playlists': [200, { data: [] }],
      'GET /songs/like/ids': [200, { data: [] }],
    });
    const user = userEvent.setup();
    renderBrowse('/albums');
    const grid = await screen.findByRole('list', { name: 'Albums' });
    await within(grid).findByRole('article', { name: 'Album 7' });
    const albumLink = (n: number) => within(screen.getByRole('article', { name: `Album ${n}` })).getByRole('link', { name: new RegExp(`^Cover of Album ${n}`) });
    // Only the first tile's links are in the Tab order.
    const tabbable = within(grid).getAllByRole('link').filter((link) => link.tabIndex === 0);
    expect(tabbable.map((link) => link.textContent)).toEqual(['Album 1', 'Artist 1']);

    albumLink(1).focus();
    await user.keyboard('{ArrowRight}');
    expect(albumLink(2)).toHaveFocus();
    const columns = Number(/repeat\((\d+)/.exec(grid.querySelector<HTMLElement>('.card-grid__row')!.style.gridTemplateColumns)![1]);
    expect(columns).toBeGreaterThan(1);
    await user.keyboard('{ArrowDown}');
    expect(albumLink(2 + columns)).toHaveFocus();
    await user.keyboard('{End}');
    expect(albumLink(7)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(albumLink(1)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(albumLink(3)).toHaveFocus();
    // The focused tile is now the Tab stop, the first no longer.
    expect(albumLink(3).tabIndex).toBe(0);
    expect(albumLink(1).tabIndex).toBe(-1);
    // From the artist's link too.
    await user.tab();
    expect(within(screen.getByRole('article', { name: 'Album 3' })).getByRole('link', { name: 'Artist 3' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(albumLink(6)).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(here()).toBe(`/albums/${seven[5]!.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Album 6' })).toBeInTheDocument();
  });

  it('sizes the grid from the first page and reads only the pages in view, never the whole list', async () => {
    const all = Array.from({ length: 2000 }, (_, i) => albumCard(i + 1));
    mock = mockApi({
      'GET /browse/albums': ({ params }) => {
        const page = Number(params.page);
        const limit = Number(params.limit);
        return [200, { data: all.slice((page - 1) * limit, page * limit), total: all.length }];
      },
      'GET /browse/genres': [200, { data: [], total: 0 }],
    });
    renderBrowse('/albums');
    const grid = await screen.findByRole('list', { name: 'Albums' });
    expect(await screen.findByText('2,000 albums')).toBeInTheDocument();
    await within(grid).findByRole('article', { name: 'Album 1' });
    expect(within(grid).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '2000');
    // A few rows are drawn, not 2,000 tiles; and one page was read.
    expect(within(grid).getAllByRole('listitem').length).toBeLessThan(60);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mock.callsTo('GET /browse/albums').map((call) => call.params.page)).toEqual([1]);
  });

  it('says when nothing matches, and shows the server’s message when a read fails', async () => {
    mock = mockApi({ 'GET /browse/albums': [200, { data: [], total: 0 }], 'GET /browse/genres': [200, { data: [], total: 0 }] });
    const { unmount } = renderBrowse('/albums');
    expect(await screen.findByText('No albums match.')).toBeInTheDocument();
    unmount();
    queryClient.clear();
    mock.on({ 'GET /browse/albums': [400, { message: 'From year should not be after to year' }] });
    renderBrowse('/albums?from=2020&to=1990');
    expect(await screen.findByRole('alert')).toHaveTextContent('From year should not be after to year');
  });
});

describe('/albums/:id', () => {
  const detail = albumDetail(one);

  it('shows the album, and plays a song or the whole album in place', async () => {
    mock = mockApi({ [`GET /browse/albums/${one.id}`]: [200, detail], 'GET /playlists/user-playlists': [200, { data: [] }], 'GET /songs/like/ids': [200, { data: [] }] });
    renderBrowse(`/albums/${one.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Album 1' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Album 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Artist 1' })[0]).toHaveAttribute('href', `/artists/${one.artistId}`);
    expect(screen.getByRole('link', { name: 'Jazz' })).toHaveAttribute('href', '/genres/Jazz');
    expect(screen.getByText('2001 · 3 songs · 10 min')).toBeInTheDocument();
    const songs = screen.getByRole('list', { name: 'Album 1: Songs' });
    expect(within(songs).getAllByRole('listitem').map((row) => within(row).getByText(/^Track/).textContent)).toEqual(['Track 1', 'Track 2', 'Track 3']);
    // Each row links to its album and artist.
    expect(within(songs).getAllByRole('link', { name: 'Album 1' })[0]).toHaveAttribute('href', `/albums/${one.id}`);

    fireEvent.click(within(songs).getByRole('button', { name: 'Play Track 2' }));
    await waitFor(() => expect(playing()).toBe('Track 2'));
    expect(here()).toBe(`/albums/${one.id}`);

    fireEvent.click(screen.getByRole('button', { name: 'Play Album 1' }));
    await waitFor(() => expect(playing()).toBe('Track 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle Album 1' }));
    await waitFor(() => expect(screen.getByTestId('queue').textContent!.split(',').sort()).toEqual(['Track 1', 'Track 2', 'Track 3']));
    expect(here()).toBe(`/albums/${one.id}`);
    expect(screen.getByRole('button', { name: 'Add Album 1 to a playlist' })).toBeInTheDocument();
  });

  it('says when the album does not exist', async () => {
    mock = mockApi({ 'GET /browse/albums/al-00000000000000000009': [404, { message: 'Album not found' }] });
    renderBrowse('/albums/al-00000000000000000009');
    expect(await screen.findByRole('alert')).toHaveTextContent('Album not found');
  });
});

describe('/artists', () => {
  const artists: ArtistCard[] = Array.from({ length: 450 }, (_, i) => ({ id: `ar-${i}`, name: `${i < 200 ? 'A' : 'M'}rtist ${i}`, albumCount: 1, songCount: 2 }));
  const letters = [{ letter: 'A', offset: 0 }, { letter: 'M', offset: 200 }];

  it('lists the index with counts and jumps to a letter by reading only its page', async () => {
    mock = mockApi({
      'GET /browse/artists': ({ params }) => {
        const page = Number(params.page);
        const limit = Number(params.limit);
        return [200, { data: artists.slice((page - 1) * limit, page * limit), total: artists.length, letters }];
      },
    });
    renderBrowse('/artists');
    const list = await screen.findByRole('list', { name: 'Artists' });
    expect(await within(list).findByRole('link', { name: 'Artist 0' })).toHaveAttribute('href', '/artists/ar-0');
    expect(within(list).getAllByText('1 album · 2 songs').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Jump to letter B' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Jump to letter M' }));
    await waitFor(() => expect(mock.callsTo('GET /browse/artists').map((call) => call.params.page)).toContain(3));
    // Pages 1 (for the total and letters) and 3 (the jump): never page 2, nor the whole index.
    expect(new Set(mock.callsTo('GET /browse/artists').map((call) => call.params.page))).toEqual(new Set([1, 3]));
  });
});

describe('/genres and /genres/:name', () => {
  it('lists the genres with counts, and a genre’s albums and songs a page at a time', async () => {
    const album = albumCard(3);
    const songs = albumDetail(album, 3).songs;
    mock = mockApi({
      'GET /browse/genres': [200, { data: [{ name: 'Jazz', songCount: 3, albumCount: 1 }], total: 1 }],
      'GET /browse/genres/Jazz/albums': [200, { data: [album], total: 1 }],
      'GET /browse/genres/Jazz/songs': ({ params }) => [200, { data: Number(params.page) === 1 ? songs.slice(0, 2) : songs.slice(2), total: 3 }],
      'GET /playlists/user-playlists': [200, { data: [] }],
      'GET /songs/like/ids': [200, { data: [] }],
    });
    const { unmount } = renderBrowse('/genres');
    expect(await screen.findByRole('link', { name: /Jazz/ })).toHaveAttribute('href', '/genres/Jazz');
    expect(screen.getByText('1 album · 3 songs')).toBeInTheDocument();
    unmount();
    renderBrowse('/genres/Jazz');
    expect(await screen.findByRole('article', { name: 'Album 3' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Jazz: Songs' })).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show more songs' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Jazz: Songs' })).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Show more songs' })).toBeNull();
  });
});

describe('song links', () => {
  it('link a placed song straight to its pages, and any other song through where the server files it', async () => {
    const song = albumDetail(one).songs[0]!;
    expect(songLinks(song)).toEqual({ album: `/albums/${one.id}`, artist: `/artists/${one.artistId}` });
    expect(songLinks({ _id: 'abc', name: 'x', artist: 'y', img: '', song: '' })).toEqual({ album: '/songs/abc/album', artist: '/songs/abc/artist' });
    mock = mockApi({
      'GET /browse/songs/abc/place': [200, { songId: 'abc', albumId: one.id, artistId: one.artistId }],
      [`GET /browse/albums/${one.id}`]: [200, albumDetail(one)],
      'GET /playlists/user-playlists': [200, { data: [] }],
      'GET /songs/like/ids': [200, { data: [] }],
    });
    renderBrowse('/songs/abc/album');
    await waitFor(() => expect(here()).toBe(`/albums/${one.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Album 1' })).toBeInTheDocument();
  });
});
