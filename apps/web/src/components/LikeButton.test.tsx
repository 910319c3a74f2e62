import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@samaa/shared';
import { LikeButton } from './LikeButton';
import { mockApi, signInListener, type ApiMock } from '../test/apiMock';

function Harness({ initial }: { initial: boolean }) {
  const [liked, setLiked] = useState(initial);
  return <LikeButton songId="s1" songName="Dawn" liked={liked} onChange={setLiked} />;
}

let mock: ApiMock;
afterEach(() => mock?.restore());

describe('LikeButton', () => {
  it('shows the initial state and flips after a successful call', async () => {
    signInListener();
    mock = mockApi({ 'PUT /songs/like/s1': [200, { message: 'Liked', liked: true }] });
    render(<Harness initial={false} />);
    const heart = screen.getByRole('button', { name: 'Like Dawn' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(mock.callsTo('PUT /songs/like/s1')[0]?.headers.get('x-auth-token')).toBe('user-token');

    mock.on({ 'PUT /songs/like/s1': [200, { message: 'Unliked', liked: false }] });
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });

  it('leaves the state unchanged when the call fails', async () => {
    signInListener();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = mockApi({ 'PUT /songs/like/s1': [500, { message: 'Internal server error' }] });
    render(<Harness initial={true} />);
    const heart = screen.getByRole('button', { name: 'Like Dawn' });
    await userEvent.click(heart);
    await waitFor(() => expect(mock.calls).toHaveLength(1));
    await waitFor(() => expect(heart).not.toHaveAttribute('aria-busy', 'true'));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    logged.mockRestore();
  });

  it('logs "User not authenticated" and sends nothing without a stored token', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = mockApi({ 'PUT /songs/like/s1': [200, { liked: true }] });
    render(<Harness initial={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Like Dawn' }));
    expect(logged).toHaveBeenCalledWith(MESSAGES.userNotAuthenticated);
    expect(mock.calls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Like Dawn' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    logged.mockRestore();
  });
});
