import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS, MESSAGES, STORAGE_KEYS } from '@samaa/shared';
import AdminLoginPage from './AdminLoginPage';
import UserLoginPage from './UserLoginPage';
import { setNotice } from '../../session/session';
import { deferred, mockApi, TEST_USER, type ApiMock, type MockReply } from '../../test/apiMock';

let mock: ApiMock | undefined;
afterEach(() => mock?.restore());

const ADMIN = { ...TEST_USER, _id: 'a1', name: 'Admin', isAdmin: true };

function renderAt(path: '/userlogin' | '/adminlogin') {
  const onLoggedIn = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/userlogin" element={<UserLoginPage onLoggedIn={onLoggedIn} />} />
        <Route path="/adminlogin" element={<AdminLoginPage onLoggedIn={onLoggedIn} />} />
        <Route path="/home" element={<p>listener home</p>} />
        <Route path="/adminhome" element={<p>admin home</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { onLoggedIn };
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe.each([
  ['/userlogin', 'POST /login'],
  ['/adminlogin', 'POST /login/'],
] as const)('%s', (path, route) => {
  it.each([
    ['', ''],
    ['a@b.co', ''],
    ['', 'secret'],
  ])('says Email and password are required for %j/%j without a call', async (email, password) => {
    mock = mockApi();
    renderAt(path);
    await submit(email, password);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginFieldsRequired);
    expect(mock.calls).toHaveLength(0);
  });

  it('reads Logging in... with the button disabled while the call runs', async () => {
    const reply = deferred<MockReply>();
    mock = mockApi({ [route]: () => reply.promise });
    renderAt(path);
    await submit('a@b.co', 'Secret1!');
    expect(screen.getByRole('button', { name: LABELS.loggingIn })).toBeDisabled();
    expect(mock.callsTo(route)[0]?.body).toEqual({ email: 'a@b.co', password: 'Secret1!' });
    reply.resolve([400, { message: 'Invalid email or password' }]);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("shows the server's message on failure", async () => {
    mock = mockApi({ [route]: [403, { message: 'Please verify your email address.' }] });
    renderAt(path);
    await submit('a@b.co', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please verify your email address.');
    expect(localStorage.length).toBe(0);
  });

  it('shows a one-time notice (expired session)', () => {
    setNotice('Your session has expired. Please log in again.');
    renderAt(path);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your session has expired. Please log in again.',
    );
  });
});

describe('user login', () => {
  it('falls back to the generic message when the server sends none', async () => {
    mock = mockApi({ 'POST /login': [500, {}] });
    renderAt('/userlogin');
    await submit('a@b.co', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
  });

  it('stores the token, user and flag, calls onLoggedIn and goes to /home', async () => {
    mock = mockApi({ 'POST /login': [200, { authToken: 'tok', message: 'ok', data: TEST_USER }] });
    const { onLoggedIn } = renderAt('/userlogin');
    await submit('asha@example.com', 'Secret1!');
    expect(await screen.findByText('listener home')).toBeInTheDocument();
    expect(onLoggedIn).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.userAuthToken)).toBe('tok');
    expect(localStorage.getItem(STORAGE_KEYS.isUserLoggedIn)).toBe('true');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(TEST_USER);
    expect(localStorage.getItem(STORAGE_KEYS.adminAuthToken)).toBeNull();
  });
});

describe('admin login', () => {
  it('falls back to Invalid email or password when the server sends no message', async () => {
    mock = mockApi({ 'POST /login/': [500, {}] });
    renderAt('/adminlogin');
    await submit('a@b.co', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.adminLoginFailed);
  });

  it('refuses a listener account and stores nothing', async () => {
    mock = mockApi({ 'POST /login/': [200, { authToken: 'tok', message: 'ok', data: TEST_USER }] });
    const { onLoggedIn } = renderAt('/adminlogin');
    await submit('asha@example.com', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notAdmin);
    expect(localStorage.length).toBe(0);
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('stores the admin token, user and flag, calls onLoggedIn and goes to /adminhome', async () => {
    mock = mockApi({ 'POST /login/': [200, { authToken: 'adm', message: 'ok', data: ADMIN }] });
    const { onLoggedIn } = renderAt('/adminlogin');
    await submit('admin@example.com', 'Secret1!');
    expect(await screen.findByText('admin home')).toBeInTheDocument();
    expect(onLoggedIn).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.adminAuthToken)).toBe('adm');
    expect(localStorage.getItem(STORAGE_KEYS.isAdminLoggedIn)).toBe('true');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(ADMIN);
    expect(localStorage.getItem(STORAGE_KEYS.userAuthToken)).toBeNull();
  });
});
