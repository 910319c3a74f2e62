import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LABELS, STORAGE_KEYS } from '@samaa/shared';
import { App } from './App';
import { browserLocation, currentArea } from './session/session';
import { mockApi, signInListener, TEST_USER, type ApiMock } from './test/apiMock';

let mock: ApiMock | undefined;
afterEach(() => mock?.restore());

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

describe('root gate', () => {
  it('shows the signed-out shell without a session', async () => {
    renderAt('/');
    expect(currentArea()).toBe('signedOut');
    // The shell's sidebar (the landing page, loaded after it, has an Admin Login link too).
    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByRole('link', { name: 'Admin Login' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('shows the listener area with the user flag and token', async () => {
    localStorage.setItem(STORAGE_KEYS.isUserLoggedIn, 'true');
    localStorage.setItem(STORAGE_KEYS.userAuthToken, 't');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ _id: '1', name: 'Asha' }));
    renderAt('/library');
    expect(currentArea()).toBe('listener');
    expect(await screen.findByRole('link', { name: 'Liked Songs' })).toBeInTheDocument();
  });

  it('prefers the admin area when both admin flag and token are present', async () => {
    localStorage.setItem(STORAGE_KEYS.isUserLoggedIn, 'true');
    localStorage.setItem(STORAGE_KEYS.userAuthToken, 't');
    localStorage.setItem(STORAGE_KEYS.isAdminLoggedIn, 'true');
    localStorage.setItem(STORAGE_KEYS.adminAuthToken, 'a');
    renderAt('/');
    expect(currentArea()).toBe('admin');
    expect(await screen.findByText('Hello! ADMIN')).toBeInTheDocument();
    expect(screen.getByText('ADMIN SPACE')).toBeInTheDocument();
  });

  it('needs the token as well as the flag', () => {
    localStorage.setItem(STORAGE_KEYS.isAdminLoggedIn, 'true');
    expect(currentArea()).toBe('signedOut');
  });

  it('shows the error image for an unknown path in the signed-out shell', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByTestId('error-image')).toHaveAttribute('alt', 'Page not found');
  });

  it('opens the admin area right after an admin logs in', async () => {
    mock = mockApi({
      'POST /login/': [
        200,
        { authToken: 'adm', message: 'ok', data: { ...TEST_USER, isAdmin: true } },
      ],
    });
    renderAt('/adminlogin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: LABELS.welcomeAdmin })).toBeInTheDocument();
    expect(screen.getByText(LABELS.adminSpace)).toBeInTheDocument();
    expect(currentArea()).toBe('admin');
  });

  it('opens the listener area right after a listener logs in', async () => {
    mock = mockApi({
      'POST /login': [200, { authToken: 'tok', message: 'ok', data: TEST_USER }],
      'GET /songs': [200, { data: [] }],
      'GET /songs/like/ids': [200, { data: [] }],
      'GET /playlists/user-playlists': [200, { data: [] }],
    });
    renderAt('/userlogin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('link', { name: 'Liked Songs' })).toBeInTheDocument();
    expect(currentArea()).toBe('listener');
  });
});

describe('media cookie', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeAll(() => {
    assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  });
  afterAll(() => assign.mockRestore());

  it('is asked for once before a restored session shows, and cleared by Logout', async () => {
    signInListener();
    mock = mockApi({
      'POST /account/media-session': [204, ''],
      'POST /logout': [204, ''],
      'GET /songs': [200, { data: [] }],
      'GET /songs/like/ids': [200, { data: [] }],
      'GET /playlists/user-playlists': [200, { data: [] }],
    });
    renderAt('/library');
    const logout = await screen.findByRole('button', { name: 'Logout' });
    const sessionCall = mock.callsTo('POST /account/media-session');
    expect(sessionCall).toHaveLength(1);
    expect(sessionCall[0]!.headers.get('x-auth-token')).toBe('user-token');
    // Nothing else was asked before the cookie was there.
    expect(mock.calls[0]!.url).toBe('/account/media-session');
    // A reload in this tab with the same token does not ask again.
    expect(sessionStorage.getItem('samaa.mediaCookieFor')).toBe('user-token');
    await userEvent.setup().click(logout);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/userlogin'));
    expect(mock.callsTo('POST /logout')).toHaveLength(1);
    expect(currentArea()).toBe('signedOut');
  });

  it('is not asked for again right after a sign-in, which set it', async () => {
    mock = mockApi({
      'POST /login/': [200, { authToken: 'adm', message: 'ok', data: { ...TEST_USER, isAdmin: true } }],
    });
    renderAt('/adminlogin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: LABELS.welcomeAdmin })).toBeInTheDocument();
    expect(mock.callsTo('POST /account/media-session')).toHaveLength(0);
  });
});
