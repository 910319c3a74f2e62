import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, type CatalogueSearchAnswer } from '@samaa/shared';
import { SearchPanel, TYPING_PAUSE_MS } from './SearchPanel';
import { deferred, mockApi, signInListener, type ApiMock, type MockReply } from '../../test/apiMock';
import { dawn, dusk } from '../../test/songs';

const hits: CatalogueSearchAnswer = {
  albums: [{ id: 'al-1', name: 'Early Hours', artist: 'Ira', year: 2021, songCount: 2 }],
  artists: [{ id: 'ar-1', name: 'Ira', albumCount: 1 }],
};
const none: CatalogueSearchAnswer = { albums: [], artists: [] };

function renderPanel() {
  render(
    <MemoryRouter>
      <SearchPanel onPlaySong={() => {}} onPlayPlaylist={() => {}} playlists={[]} />
    </MemoryRouter>,
  );
  return screen.getByRole('searchbox', { name: 'Search songs' });
}

const searched = (mock: ApiMock) => mock.callsTo('GET /search').map((call) => call.params.search);

let mock: ApiMock;
afterEach(() => mock?.restore());

describe('SearchPanel: search as you type', () => {
  it('searches once typing pauses, for the words typed so far only, grouped into songs, albums and artists', async () => {
    signInListener();
    mock = mockApi({ 'GET /search': [200, { songs: [dawn], playlists: [] }], 'GET /search/catalogue': [200, hits] });
    const box = renderPanel();
    await userEvent.type(box, 'daw');
    expect(searched(mock)).toEqual([]);
    const songs = await screen.findByRole('region', { name: 'Matching songs' });
    expect(within(songs).getByText('Dawn')).toBeInTheDocument();
    expect(searched(mock)).toEqual(['daw']);
    expect(mock.callsTo('GET /search/catalogue').map((call) => call.params.search)).toEqual(['daw']);
    const album = within(screen.getByRole('region', { name: 'Matching albums' })).getByRole('link', { name: /Early Hours/ });
    expect(album).toHaveAttribute('href', '/albums/al-1');
    expect(within(screen.getByRole('region', { name: 'Matching artists' })).getByRole('link', { name: /Ira/ })).toHaveAttribute('href', '/artists/ar-1');
  });

  it('never shows an answer to words no longer typed, and aborts its request', async () => {
    signInListener();
    const slow = deferred<MockReply>();
    mock = mockApi({
      'GET /search': (request) => (request.params.search === 'da' ? slow.promise : [200, { songs: [dusk], playlists: [] }]),
      'GET /search/catalogue': [200, none],
    });
    const box = renderPanel();
    await userEvent.type(box, 'da');
    await waitFor(() => expect(searched(mock)).toEqual(['da']));
    await userEvent.type(box, 'wn');
    await waitFor(() => expect(searched(mock)).toEqual(['da', 'dawn']));
    await screen.findByText('Dusk');
    expect(mock.callsTo('GET /search')[0]!.signal?.aborted).toBe(true);
    slow.resolve([200, { songs: [dawn], playlists: [] }]);
    await new Promise((resolve) => setTimeout(resolve, TYPING_PAUSE_MS));
    expect(screen.queryByText('Dawn')).not.toBeInTheDocument();
    expect(screen.getByText('Dusk')).toBeInTheDocument();
  });

  it('searches at once on Enter, without a second request when the pause catches up', async () => {
    signInListener();
    mock = mockApi({ 'GET /search': [200, { songs: [], playlists: [] }], 'GET /search/catalogue': [200, none] });
    const box = renderPanel();
    await userEvent.type(box, 'zzz{Enter}');
    expect(searched(mock)).toEqual(['zzz']);
    expect(await screen.findByText(MESSAGES.noResults)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, TYPING_PAUSE_MS * 2));
    expect(searched(mock)).toEqual(['zzz']);
  });

  it('clears the results when the box is emptied', async () => {
    signInListener();
    mock = mockApi({ 'GET /search': [200, { songs: [dawn], playlists: [] }], 'GET /search/catalogue': [200, hits] });
    const box = renderPanel();
    await userEvent.type(box, 'dawn{Enter}');
    await screen.findByRole('region', { name: 'Matching songs' });
    await userEvent.clear(box);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Matching songs' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Matching albums' })).not.toBeInTheDocument();
  });
});
