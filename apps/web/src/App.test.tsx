import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@samaa/shared';
import { App } from './App';
import { currentArea } from './session/session';

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
    expect(await screen.findByRole('link', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
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
});
