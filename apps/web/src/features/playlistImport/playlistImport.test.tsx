import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_LABELS, IMPORT_MESSAGES, type PlaylistImportResult } from '@samaa/shared';
import { mockApi, signInListener, type ApiMock } from '../../test/apiMock';
import { queryClient } from '../../api/queryClient';
import ImportReviewPage from './ImportReviewPage';
import { ImportPlaylistPanel } from './ImportPlaylistPanel';

const song = (id: string, name: string, artist: string) => ({ _id: id, name, artist, img: '', song: `/media/audio/${id}.mp3` });

const review: PlaylistImportResult = {
  playlist: { _id: 'p1', name: 'Road Trip', desc: '', img: '', user: 'u1', songs: [song('s1', 'Under Pressure', 'Queen')] },
  rows: [
    { index: 0, input: { title: 'Under Pressure', artists: ['Queen', 'David Bowie'] }, status: 'matched', match: { songId: 's1', score: 0.97, by: 'text' }, candidates: [] },
    {
      index: 1,
      input: { title: 'November Rain (Remix)', artists: ["Guns N' Roses"] },
      status: 'uncertain',
      candidates: [
        { songId: 's2', name: 'November Rain', artist: 'Guns N Roses', score: 0.99, by: 'text' },
        { songId: 's3', name: 'November Rain (Live)', artist: 'Guns N Roses', score: 0.99, by: 'text' },
      ],
    },
    { index: 2, input: { title: 'Nowhere', artists: ['Nobody'] }, status: 'missing', candidates: [] },
  ],
  counts: { total: 3, matched: 1, uncertain: 1, missing: 1, dropped: 0 },
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/library/import/:id" element={<ImportReviewPage />} />
        <Route path="/library" element={<><ImportPlaylistPanel /><Where /></>} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

let mock: ApiMock;
beforeEach(() => {
  signInListener();
  queryClient.clear();
  mock = mockApi({ 'GET /playlists/p1/import': () => [200, review] });
});
afterEach(() => mock.restore());

describe('import review page', () => {
  it('shows the counts, the matched row with its score and source, and the choices of the uncertain row', async () => {
    renderAt('/library/import/p1');
    expect(await screen.findByRole('heading', { name: IMPORT_LABELS.reviewTitle('Road Trip') })).toBeInTheDocument();
    // Rows to review are shown first; all rows on demand.
    expect(screen.queryByText(/Under Pressure — Queen/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /All rows/ }));
    expect(screen.getByText(/Under Pressure — Queen/)).toBeInTheDocument();
    expect(screen.getByText('(title and artist, 97%)')).toBeInTheDocument();
    const uncertain = screen.getByRole('listitem', { name: /Row 2:/ });
    expect(within(uncertain).getAllByRole('button', { name: IMPORT_LABELS.pick })).toHaveLength(2);
  });

  it('picks a candidate with PUT /import-rows/{index} and shows the answer', async () => {
    const resolved: PlaylistImportResult = {
      ...review,
      rows: review.rows.map((r) => (r.index === 1 ? { ...r, status: 'matched', match: { songId: 's2', score: 1, by: 'manual' } } : r)),
      counts: { ...review.counts, matched: 2, uncertain: 0 },
    };
    mock.on({ 'PUT /playlists/p1/import-rows/1': () => [200, resolved] });
    renderAt('/library/import/p1');
    const uncertain = await screen.findByRole('listitem', { name: /Row 2:/ });
    await userEvent.click(within(uncertain).getAllByRole('button', { name: IMPORT_LABELS.pick })[0]!);
    await waitFor(() => expect(mock.callsTo('PUT /playlists/p1/import-rows/1')).toHaveLength(1));
    expect(mock.callsTo('PUT /playlists/p1/import-rows/1')[0]!.body).toEqual({ action: 'pick', songId: 's2' });
    expect(await screen.findByText(`${IMPORT_LABELS.uncertain} 0`)).toBeInTheDocument();
  });

  it('drops a missing row', async () => {
    mock.on({ 'PUT /playlists/p1/import-rows/2': () => [200, review] });
    renderAt('/library/import/p1');
    const missing = await screen.findByRole('listitem', { name: /Row 3:/ });
    await userEvent.click(within(missing).getByRole('button', { name: IMPORT_LABELS.drop }));
    await waitFor(() => expect(mock.callsTo('PUT /playlists/p1/import-rows/2')[0]?.body).toEqual({ action: 'drop' }));
  });

  it('shows the server message when the playlist was not imported', async () => {
    mock.on({ 'GET /playlists/p1/import': () => [404, { message: IMPORT_MESSAGES.noImport }] });
    renderAt('/library/import/p1');
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.noImport);
  });
});

describe('Import playlist panel', () => {
  it('uploads the file and opens the review page', async () => {
    mock.on({ 'POST /playlists/import': () => [201, review] });
    renderAt('/library');
    const file = new File(['Track Name,Artist Name(s)\nHello,Adele\n'], 'list.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText(IMPORT_LABELS.chooseFile), file);
    await userEvent.click(screen.getByRole('button', { name: IMPORT_LABELS.startImport }));
    expect(await screen.findByRole('heading', { name: IMPORT_LABELS.reviewTitle('Road Trip') })).toBeInTheDocument();
    const sent = mock.callsTo('POST /playlists/import')[0]!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    // "Also look on JioSaavn" is unticked unless the listener ticks it.
    expect(sent.get('saavn')).toBe('false');
  });

  it('sends the JioSaavn opt-in when ticked', async () => {
    mock.on({ 'POST /playlists/import': () => [201, review] });
    renderAt('/library');
    const box = screen.getByRole('checkbox', { name: IMPORT_LABELS.alsoSaavn });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await userEvent.upload(screen.getByLabelText(IMPORT_LABELS.chooseFile), new File(['Track Name,Artist Name(s)\nHello,Adele\n'], 'list.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: IMPORT_LABELS.startImport }));
    await waitFor(() => expect((mock.callsTo('POST /playlists/import')[0]!.body as FormData).get('saavn')).toBe('true'));
  });

  it("shows the server's 400 for a file that is none of the formats", async () => {
    mock.on({ 'POST /playlists/import': () => [400, { message: IMPORT_MESSAGES.unknownFormat }] });
    renderAt('/library');
    await userEvent.upload(screen.getByLabelText(IMPORT_LABELS.chooseFile), new File(['hi'], 'notes.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: IMPORT_LABELS.startImport }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.unknownFormat);
  });

  it('asks for a file before sending anything', async () => {
    renderAt('/library');
    await userEvent.click(screen.getByRole('button', { name: IMPORT_LABELS.startImport }));
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.noFile);
    expect(mock.calls).toHaveLength(0);
  });
});
