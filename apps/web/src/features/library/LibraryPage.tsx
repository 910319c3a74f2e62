import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AxiosError } from 'axios';
import { IMPORT_LABELS, LABELS, MESSAGES, SHARE_MESSAGES, userPlaylistsError, type Playlist } from '@samaa/shared';
import { useListenerToken } from '../../session/useListenerToken';
import { playlistsChanged, useDeletePlaylist, useOwnPlaylists } from '../playlists';
import { errorMessage } from '../../api/client';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { PlaylistCard } from '../playlists';
import { PlaylistForm, type PlaylistFormMode } from '../playlists';
import { ownPlaylistCard } from './playlistCards';
import { SpotifyPlaylists, useSpotifyImport } from './SpotifyPlaylists';
import { ImportPlaylistPanel, SaavnOptIn, downloadExport, reviewPath, useImportSpotify } from '../playlistImport';
import { useShareDialog, useSharesEnabled } from '../shares';
import './LibraryPage.css';

type View = { kind: 'samma' } | { kind: 'spotify' } | { kind: 'import' } | { kind: 'form'; mode: PlaylistFormMode };

function userPlaylistsFailure(error: unknown): string {
  if (error instanceof AxiosError) return userPlaylistsError(errorMessage(error, error.message));
  return MESSAGES.userPlaylistsFailed;
}

/** `/library`: own playlists, the Spotify import and the create/edit forms. */
export default function LibraryPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Back from Spotify's authorize page (?code=... or ?error=...): show the Spotify playlists.
  const returningFromSpotify = /[?&](code|error)=/.test(location.search);
  const [view, setView] = useState<View>({ kind: returningFromSpotify ? 'spotify' : 'samma' });
  const spotify = useSpotifyImport(returningFromSpotify);
  const signedIn = useListenerToken();
  const playlists = useOwnPlaylists({ revalidate: true });
  const importSpotify = useImportSpotify();
  const [spotifyViaSaavn, setSpotifyViaSaavn] = useState(false);
  const deletion = useDeletePlaylist();
  const share = useShareDialog();
  const sharesOn = useSharesEnabled();

  useEffect(() => {
    if (playlists.error) console.error(MESSAGES.userPlaylistsFailed, playlists.error);
  }, [playlists.error]);

  const own: ListState<Playlist> = !signedIn
    ? { status: 'error', message: MESSAGES.userPlaylistsFailed }
    : playlists.error
      ? { status: 'error', message: userPlaylistsFailure(playlists.error) }
      : Array.isArray(playlists.data)
        ? { status: 'ready', items: playlists.data }
        : playlists.isSuccess
          ? { status: 'error', message: MESSAGES.userPlaylistsFailed }
          : { status: 'loading' };

  function showOwn() {
    spotify.clearNotice();
    setView({ kind: 'samma' });
    void playlistsChanged();
  }

  async function showSpotify() {
    if (await spotify.requestPlaylists()) setView({ kind: 'spotify' });
  }

  return (
    <div className="library">
      <header className="library__header">
        <h1>{LABELS.library}</h1>
        <div className="library__buttons" role="group" aria-label="Library sources">
          <button
            type="button"
            className={view.kind === 'samma' ? 'btn' : 'btn btn--ghost'}
            aria-pressed={view.kind === 'samma'}
            onClick={showOwn}
          >
            {LABELS.sammaPlaylist}
          </button>
          <button
            type="button"
            className={view.kind === 'spotify' ? 'btn' : 'btn btn--ghost'}
            aria-pressed={view.kind === 'spotify'}
            onClick={showSpotify}
          >
            {LABELS.fetchSpotify}
          </button>
          <button
            type="button"
            className={
              view.kind === 'form' && view.mode.kind === 'create' ? 'btn' : 'btn btn--ghost'
            }
            onClick={() => {
              spotify.clearNotice();
              setView({ kind: 'form', mode: { kind: 'create' } });
            }}
          >
            {LABELS.createPlaylist}
          </button>
          <button
            type="button"
            className={view.kind === 'import' ? 'btn' : 'btn btn--ghost'}
            aria-pressed={view.kind === 'import'}
            onClick={() => {
              spotify.clearNotice();
              setView({ kind: 'import' });
            }}
          >
            {IMPORT_LABELS.importPlaylist}
          </button>
        </div>
      </header>

      {spotify.notice && (
        <p className="alert alert--info library__notice" role="status">
          {spotify.notice}
        </p>
      )}

      {view.kind === 'form' && (
        <PlaylistForm
          key={view.mode.kind === 'edit' ? view.mode.id : 'create'}
          mode={view.mode}
          onClose={showOwn}
        />
      )}

      {view.kind === 'import' && <ImportPlaylistPanel />}

      {view.kind === 'spotify' && (
        <>
          {importSpotify.isError && (
            <p className="alert alert--error" role="alert">
              {errorMessage(importSpotify.error, MESSAGES.spotifyPlaylistsFailed)}
            </p>
          )}
          <SaavnOptIn checked={spotifyViaSaavn} onChange={setSpotifyViaSaavn} />
          <SpotifyPlaylists
            state={spotify.state}
            onPlay={(id) => navigate('/player', { state: spotify.playerState(id) })}
            onImport={(card) =>
              importSpotify.mutate(
                { id: card.id, name: card.name, saavn: spotifyViaSaavn },
                { onSuccess: (answer) => navigate(reviewPath(answer.playlist._id)) },
              )
            }
          />
        </>
      )}

      {view.kind === 'samma' && (
        <section aria-label="Your playlists">
          <AsyncList state={own} empty={MESSAGES.noPlaylists}>
            {(playlists) => (
              <div className="grid">
                {playlists.map((playlist) => (
                  <PlaylistCard
                    key={playlist._id}
                    card={ownPlaylistCard(playlist)}
                    to={`/playlists/${playlist._id}`}
                    onPlay={() =>
                      navigate('/player', { state: { source: 'samma', id: playlist._id } })
                    }
                    menu={[
                      {
                        label: LABELS.deletePlaylist,
                        danger: true,
                        onSelect: () => deletion.mutate(playlist._id),
                      },
                      {
                        label: LABELS.updatePlaylist,
                        onSelect: () =>
                          setView({ kind: 'form', mode: { kind: 'edit', id: playlist._id } }),
                      },
                      {
                        label: IMPORT_LABELS.exportM3u8,
                        onSelect: () => void downloadExport(playlist._id, 'm3u8', playlist.name).catch(console.error),
                      },
                      {
                        label: IMPORT_LABELS.exportCsv,
                        onSelect: () => void downloadExport(playlist._id, 'csv', playlist.name).catch(console.error),
                      },
                      ...(playlist.imported
                        ? [{ label: IMPORT_LABELS.review, onSelect: () => navigate(reviewPath(playlist._id)) }]
                        : []),
                      ...(sharesOn
                        ? [{ label: SHARE_MESSAGES.sharePlaylist, onSelect: () => share.open({ kind: 'playlist', id: playlist._id, name: playlist.name }) }]
                        : []),
                    ]}
                  />
                ))}
              </div>
            )}
          </AsyncList>
        </section>
      )}
      {share.dialog}
    </div>
  );
}
