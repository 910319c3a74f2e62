import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, PLAYLIST_PAGE, friendlyFieldErrors, playlistSchema } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { getStoredUser, hasUserToken } from '../../session/session';
import { addSongToPlaylist, createPlaylist } from './api';

/**
 * "New playlist…" inside the add-to-playlist menu: a name, then the playlist is made and the song
 * added to it. Offered whether or not the listener has playlists already.
 */
export function NewPlaylistInline({ songId, onAdded }: { songId: string; onAdded(name: string): void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const create = useMutation(
    {
      mutationFn: async (playlistName: string) => {
        if (!hasUserToken()) throw new Error(MESSAGES.userNotAuthenticated);
        const playlist = await createPlaylist({ name: playlistName, desc: '', img: '', user: getStoredUser()?._id ?? '' });
        await addSongToPlaylist(playlist._id, songId);
        return playlist.name;
      },
      onSuccess: (created) => onAdded(created),
      onError: (error) => {
        console.error('New playlist failed', error);
        setProblem(errorMessage(error, MESSAGES.formFailed));
      },
    },
    queryClient,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = friendlyFieldErrors(playlistSchema, { name }).name?.[0];
    setProblem(wrong ?? null);
    if (!wrong) create.mutate(name.trim());
  }

  if (!open) {
    return (
      <button type="button" className="add-pl__new" onClick={() => setOpen(true)}>
        {PLAYLIST_PAGE.newPlaylist}
      </button>
    );
  }
  return (
    <form className="add-pl__new-form" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={inputId}>
        {PLAYLIST_PAGE.newPlaylistName}
      </label>
      <input
        id={inputId}
        className="input add-pl__new-input"
        value={name}
        maxLength={50}
        placeholder={PLAYLIST_PAGE.newPlaylistName}
        autoComplete="off"
        // Opened on purpose by the listener: the name is what they type next.
        autoFocus
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      {problem && (
        <span className="add-pl__status add-pl__status--error" role="alert">
          {problem}
        </span>
      )}
      <button type="submit" className="btn btn--small" disabled={create.isPending}>
        {PLAYLIST_PAGE.createAndAdd}
      </button>
    </form>
  );
}
