import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { LIKE_KEYS } from './likeQueries';
import { LIKE_FAILED, LikeButton } from './LikeButton';
import { deferred, mockApi, signInListener, type ApiMock, type MockReply } from '../../test/apiMock';

let mock: ApiMock;
afterEach(() => mock?.restore());

const likedAlready = (ids: string[]) => queryClient.setQueryData(LIKE_KEYS.ids, new Set(ids));

describe('LikeButton', () => {
  it('flips at once, and the server answer settles it', async () => {
    signInListener();
    likedAlready([]);
    const reply = deferred<MockReply>();
    mock = mockApi({ 'PUT /songs/like/s1': () => reply.promise });
    render(<LikeButton songId="s1" songName="Dawn" />);
    const heart = screen.getByRole('button', { name: 'Like Dawn' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAttribute('aria-busy', 'true');
    reply.resolve([200, { message: 'Liked', liked: true }]);
    await waitFor(() => expect(heart).toHaveAttribute('aria-busy', 'false'));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(mock.callsTo('PUT /songs/like/s1')[0]?.headers.get('x-auth-token')).toBe('user-token');

    mock.on({ 'PUT /songs/like/s1': [200, { message: 'Unliked', liked: false }] });
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });

  it('flips back with a message when the call fails', async () => {
    signInListener();
    likedAlready(['s1']);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = mockApi({ 'PUT /songs/like/s1': [500, { message: 'Internal server error' }] });
    render(<LikeButton songId="s1" songName="Dawn" />);
    const heart = screen.getByRole('button', { name: 'Like Dawn' });
    await userEvent.click(heart);
    expect(await screen.findByRole('alert')).toHaveTextContent(LIKE_FAILED);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    logged.mockRestore();
  });

  it('shares one state between every heart of the same song', async () => {
    signInListener();
    likedAlready([]);
    mock = mockApi({ 'PUT /songs/like/s1': [200, { liked: true }] });
    render(
      <>
        <LikeButton songId="s1" songName="Dawn" />
        <LikeButton songId="s1" songName="Dawn again" />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Like Dawn' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like Dawn again' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('logs "User not authenticated" and sends nothing without a stored token', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock = mockApi({ 'PUT /songs/like/s1': [200, { liked: true }] });
    render(<LikeButton songId="s1" songName="Dawn" />);
    await userEvent.click(screen.getByRole('button', { name: 'Like Dawn' }));
    expect(logged).toHaveBeenCalledWith(MESSAGES.userNotAuthenticated);
    expect(mock.calls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Like Dawn' })).toHaveAttribute('aria-pressed', 'false');
    logged.mockRestore();
  });
});
