import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROBBLE_MESSAGES, type ScrobblingStatus } from '@samaa/shared';
import { mockApi, TEST_USER, type ApiMock } from '../../test/apiMock';
import { renderWithRouter } from '../../test/renderWithRouter';
import { queryClient } from '../../api/queryClient';
import { saveUserSession } from '../../session/session';
import ScrobblingPage from './ScrobblingPage';

let mock: ApiMock | undefined;
afterEach(() => {
  mock?.restore();
  queryClient.clear();
  localStorage.clear();
});

const NONE: ScrobblingStatus = { listenbrainz: null, lastfm: null, lastfmConfigured: true };
const LINK = { userName: 'lb-listener', connectedAt: '2026-11-20T10:00:00.000Z', needsReconnect: false, pending: 0 };

describe('ScrobblingPage', () => {
  it('connects ListenBrainz with a pasted token, shows a refused one, and disconnects', async () => {
    saveUserSession('token', TEST_USER);
    mock = mockApi({
      'GET /account/scrobbling': [200, { data: NONE }],
      'PUT /account/listenbrainz': (req) =>
        (req.body as { token: string }).token === 'good-token'
          ? [200, { data: { ...NONE, listenbrainz: LINK }, message: SCROBBLE_MESSAGES.listenBrainzConnected }]
          : [400, { message: SCROBBLE_MESSAGES.listenBrainzInvalidToken }],
      'DELETE /account/listenbrainz': [200, { data: NONE, message: SCROBBLE_MESSAGES.listenBrainzDisconnected }],
    });
    renderWithRouter(<ScrobblingPage goTo={() => {}} />);
    expect(await screen.findByRole('heading', { name: SCROBBLE_MESSAGES.title })).toBeInTheDocument();
    const user = userEvent.setup();
    const lb = await screen.findByRole('region', { name: 'ListenBrainz' });

    await user.click(within(lb).getByRole('button', { name: 'Connect ListenBrainz' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Paste your ListenBrainz user token first.');
    expect(mock.callsTo('PUT /account/listenbrainz')).toHaveLength(0);

    await user.type(within(lb).getByLabelText('ListenBrainz user token'), 'wrong-token');
    await user.click(within(lb).getByRole('button', { name: 'Connect ListenBrainz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SCROBBLE_MESSAGES.listenBrainzInvalidToken);

    await user.clear(within(lb).getByLabelText('ListenBrainz user token'));
    await user.type(within(lb).getByLabelText('ListenBrainz user token'), 'good-token');
    await user.click(within(lb).getByRole('button', { name: 'Connect ListenBrainz' }));
    expect(await within(lb).findByText('lb-listener')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SCROBBLE_MESSAGES.listenBrainzConnected);
    expect(screen.queryByText('good-token')).not.toBeInTheDocument();

    await user.click(within(lb).getByRole('button', { name: 'Disconnect ListenBrainz' }));
    expect(await within(lb).findByLabelText('ListenBrainz user token')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SCROBBLE_MESSAGES.listenBrainzDisconnected);
  });

  it('sends the browser to Last.fm, says when it came back connected, shows a connection needing renewal, and disconnects', async () => {
    saveUserSession('token', TEST_USER);
    mock = mockApi({
      'GET /account/scrobbling': [200, { data: NONE }],
      'GET /account/lastfm/connect': [200, { url: 'https://www.last.fm/api/auth/?api_key=k&cb=x' }],
    });
    const goTo = vi.fn();
    const { unmount } = renderWithRouter(<ScrobblingPage goTo={goTo} />);
    const user = userEvent.setup();
    const fm = await screen.findByRole('region', { name: 'Last.fm' });
    await user.click(within(fm).getByRole('button', { name: 'Connect Last.fm' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://www.last.fm/api/auth/?api_key=k&cb=x'));
    unmount();
    queryClient.clear();

    mock.on({
      'GET /account/scrobbling': [200, { data: { ...NONE, lastfm: { ...LINK, userName: 'fm-listener', needsReconnect: true, pending: 2 } } }],
      'DELETE /account/lastfm': [200, { data: NONE, message: SCROBBLE_MESSAGES.lastfmDisconnected }],
    });
    renderWithRouter(<ScrobblingPage goTo={goTo} />, '/account/scrobbling?lastfm=connected');
    expect(screen.getByRole('status')).toHaveTextContent(SCROBBLE_MESSAGES.lastfmConnected);
    const back = await screen.findByRole('region', { name: 'Last.fm' });
    expect(await within(back).findByText('fm-listener')).toBeInTheDocument();
    expect(within(back).getByText(/2 listens are waiting/)).toBeInTheDocument();
    expect(within(back).getByRole('alert')).toHaveTextContent(SCROBBLE_MESSAGES.needsReconnect);
    await user.click(within(back).getByRole('button', { name: 'Disconnect Last.fm' }));
    expect(await within(back).findByRole('button', { name: 'Connect Last.fm' })).toBeInTheDocument();
  });

  it('says when Last.fm is not configured, when the sign-in failed, and when nothing could be loaded', async () => {
    mock = mockApi({ 'GET /account/scrobbling': [200, { data: { ...NONE, lastfmConfigured: false } }] });
    const { unmount } = renderWithRouter(<ScrobblingPage />, '/account/scrobbling?lastfm=failed');
    expect(await screen.findByText(SCROBBLE_MESSAGES.lastfmNotConfigured)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Last.fm' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(SCROBBLE_MESSAGES.lastfmFailed);
    unmount();
    queryClient.clear();
    mock.on({ 'GET /account/scrobbling': [503, { message: 'Service temporarily unavailable. Please try again shortly.' }] });
    renderWithRouter(<ScrobblingPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service temporarily unavailable');
  });
});
