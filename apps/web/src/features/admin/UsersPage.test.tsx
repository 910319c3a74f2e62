import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LABELS, MESSAGES, STORAGE_KEYS, type UserRecord } from '@samaa/shared';
import UsersPage from './UsersPage';
import { mockApi, TEST_USER, type ApiMock } from '../../test/apiMock';

let mock: ApiMock | undefined;
afterEach(() => mock?.restore());

const ADMIN: UserRecord = {
  ...TEST_USER,
  _id: 'a1',
  name: 'Admin',
  email: 'admin@example.com',
  isAdmin: true,
};
const LISTENER: UserRecord = {
  ...TEST_USER,
  _id: 'u1',
  gender: 'non-binary',
  verified: false,
  createdAt: '2025-03-05T12:00:00.000Z',
};

function signInAdmin() {
  localStorage.setItem(STORAGE_KEYS.adminAuthToken, 'adm');
  localStorage.setItem(STORAGE_KEYS.isAdminLoggedIn, 'true');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
}

describe('Users table', () => {
  it('shows loading, then the rows with Yes/No and a readable date', async () => {
    signInAdmin();
    mock = mockApi({ 'GET /users': [200, { data: [ADMIN, LISTENER] }] });
    render(<UsersPage />);
    expect(screen.getByRole('heading', { name: LABELS.users })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Gender', 'Verified', 'Created At', 'Actions']);
    const row = within(table).getByText('asha@example.com').closest('tr')!;
    expect(within(row).getByText('No')).toBeInTheDocument();
    expect(within(row).getByText('5 Mar 2025')).toBeInTheDocument();
    expect(within(row).getByText('Non-binary')).toBeInTheDocument();
    expect(mock.callsTo('GET /users')[0]?.headers.get('x-auth-token')).toBe('adm');
    // The signed-in admin cannot delete their own account from here.
    expect(screen.getByRole('button', { name: 'Delete Admin' })).toBeDisabled();
  });

  it('shows the empty state', async () => {
    mock = mockApi({ 'GET /users': [200, { data: [] }] });
    render(<UsersPage />);
    expect(await screen.findByText(MESSAGES.noUsers)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows Failed to fetch users. when the list fails', async () => {
    mock = mockApi({ 'GET /users': [500, { message: 'Internal server error' }] });
    render(<UsersPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.usersLoadFailed);
  });

  it('deletes only after confirmation, then reloads the list', async () => {
    let users = [LISTENER];
    mock = mockApi({
      'GET /users': () => [200, { data: users }],
      'DELETE /users/u1': () => {
        users = [];
        return [200, { message: 'User deleted' }];
      },
    });
    render(<UsersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Asha' }));
    expect(mock.callsTo('DELETE /users/u1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete Asha' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete Asha' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MESSAGES.noUsers)).toBeInTheDocument();
    expect(mock.callsTo('DELETE /users/u1')).toHaveLength(1);
    expect(mock.callsTo('GET /users')).toHaveLength(2);
  });

  it('says Failed to delete user. Please try again. when the delete fails', async () => {
    mock = mockApi({
      'GET /users': [200, { data: [LISTENER] }],
      'DELETE /users/u1': [500, { message: 'boom' }],
    });
    render(<UsersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Asha' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.deleteUserFailed);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Asha' })).toBeEnabled());
  });
});
