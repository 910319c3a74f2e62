import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, type ApiKeyInfo } from '@samaa/shared';
import { mockApi, TEST_USER, type ApiMock } from '../../test/apiMock';
import { renderWithRouter } from '../../test/renderWithRouter';
import { saveUserSession } from '../../session/session';
import AppsPage from './AppsPage';

let mock: ApiMock | undefined;
afterEach(() => {
  mock?.restore();
  localStorage.clear();
});

const PHONE: ApiKeyInfo = { id: 'k1', name: 'Phone', createdAt: '2026-11-20T10:00:00.000Z', tokenSignIn: true };

describe('AppsPage', () => {
  it('shows the server URL, the username and the keys, without their secrets', async () => {
    saveUserSession('token', TEST_USER);
    const OLD = { ...PHONE, id: 'k0', name: 'Old tablet', tokenSignIn: false };
    mock = mockApi({ 'GET /account/api-keys': [200, { data: [PHONE, OLD] }] });
    renderWithRouter(<AppsPage />);
    expect(screen.getByRole('heading', { name: 'Apps' })).toBeInTheDocument();
    expect(screen.getByText(window.location.origin)).toBeInTheDocument();
    expect(screen.getByText(TEST_USER.email)).toBeInTheDocument();
    expect(screen.getByText(API_KEY_MESSAGES.passwordHint)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    expect(within(list).getByText('Phone')).toBeInTheDocument();
    // Only the key made before keys doubled as passwords says it needs replacing.
    expect(within(list).getAllByText(API_KEY_MESSAGES.apiKeyOnly)).toHaveLength(1);
  });

  it('creates a key, shows it once, and revokes it', async () => {
    saveUserSession('token', TEST_USER);
    mock = mockApi({
      'GET /account/api-keys': [200, { data: [] }],
      'POST /account/api-keys': (req) => [201, { data: { key: 'samaa_secret', info: { ...PHONE, name: (req.body as { name: string }).name } } }],
      'DELETE /account/api-keys/k1': [200, { message: API_KEY_MESSAGES.revoked }],
    });
    renderWithRouter(<AppsPage />);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the key a name');
    expect(mock.callsTo('POST /account/api-keys')).toHaveLength(0);

    await user.type(screen.getByLabelText('Key name'), 'Car');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('samaa_secret');
    expect(screen.getByRole('status')).toHaveTextContent(API_KEY_MESSAGES.created);
    expect(mock.callsTo('POST /account/api-keys')[0]!.body).toEqual({ name: 'Car' });

    await user.click(screen.getByRole('button', { name: 'Revoke Car' }));
    await waitFor(() => expect(screen.getByText('No API keys yet.')).toBeInTheDocument());
    expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument();
  });

  it('says so when the keys cannot be loaded', async () => {
    mock = mockApi({ 'GET /account/api-keys': [503, { message: 'Service temporarily unavailable. Please try again shortly.' }] });
    renderWithRouter(<AppsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service temporarily unavailable');
  });
});
