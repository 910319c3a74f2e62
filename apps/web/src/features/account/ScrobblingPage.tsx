import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { SCROBBLE_MESSAGES, type ScrobbleConnection } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { connectListenBrainz, disconnectService, lastfmConnectUrl, setScrobbling, useScrobbling } from './scrobblingApi';
import './scrobbling.css';

const LOAD_FAILED = 'Your scrobbling connections could not be loaded. Please try again.';
const CHANGE_FAILED = 'That did not work. Please try again.';

function Connected({ link, service }: { link: ScrobbleConnection; service: string }) {
  return (
    <>
      <p>
        Connected as <strong>{link.userName}</strong>.
        {link.pending > 0 && ` ${link.pending === 1 ? '1 listen is' : `${link.pending} listens are`} waiting to be sent.`}
      </p>
      {link.needsReconnect && (
        <p className="alert alert--error" role="alert">
          {service}: {SCROBBLE_MESSAGES.needsReconnect}
        </p>
      )}
    </>
  );
}

/**
 * `/account/scrobbling`: connect ListenBrainz (a pasted user token) and Last.fm (its web sign-in,
 * which comes back here with `?lastfm=connected` or `failed`).
 */
export default function ScrobblingPage({ goTo = (url: string) => window.location.assign(url) }: { goTo?: (url: string) => void }) {
  const id = useId();
  const [search] = useSearchParams();
  const status = useScrobbling();
  const data = status.data;
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState(() =>
    search.get('lastfm') === 'connected' ? SCROBBLE_MESSAGES.lastfmConnected : '',
  );
  const returnedFailed = search.get('lastfm') === 'failed';

  const onError = (err: unknown) => {
    setNotice('');
    setProblem(errorMessage(err, CHANGE_FAILED));
  };
  const connectLb = useMutation(
    {
      mutationFn: connectListenBrainz,
      onSuccess: (next) => {
        setScrobbling(next);
        setToken('');
        setNotice(SCROBBLE_MESSAGES.listenBrainzConnected);
      },
      onError,
    },
    queryClient,
  );
  const disconnect = useMutation(
    {
      mutationFn: disconnectService,
      onSuccess: (next, service) => {
        setScrobbling(next);
        setNotice(service === 'listenbrainz' ? SCROBBLE_MESSAGES.listenBrainzDisconnected : SCROBBLE_MESSAGES.lastfmDisconnected);
      },
      onError,
    },
    queryClient,
  );
  const connectFm = useMutation({ mutationFn: lastfmConnectUrl, onSuccess: (url) => goTo(url), onError }, queryClient);

  function onConnectLb(event: FormEvent) {
    event.preventDefault();
    if (connectLb.isPending) return;
    setProblem('');
    setNotice('');
    if (!token.trim()) {
      setProblem('Paste your ListenBrainz user token first.');
      return;
    }
    connectLb.mutate(token.trim());
  }

  const busy = connectLb.isPending || disconnect.isPending || connectFm.isPending;

  return (
    <section className="scrobbling" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{SCROBBLE_MESSAGES.title}</h1>
      <p className="scrobbling__intro">{SCROBBLE_MESSAGES.intro}</p>
      {problem && (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      )}
      {returnedFailed && !problem && (
        <p className="alert alert--error" role="alert">
          {SCROBBLE_MESSAGES.lastfmFailed}
        </p>
      )}
      {notice && (
        <p className="alert alert--success" role="status">
          {notice}
        </p>
      )}
      {status.error ? (
        <p className="alert alert--error" role="alert">
          {errorMessage(status.error, LOAD_FAILED)}
        </p>
      ) : !data ? (
        <p aria-live="polite">Loading...</p>
      ) : (
        <>
          <div className="card scrobbling__service" aria-labelledby={`${id}-lb`} role="region">
            <h2 id={`${id}-lb`}>ListenBrainz</h2>
            {data.listenbrainz ? (
              <>
                <Connected link={data.listenbrainz} service="ListenBrainz" />
                <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => disconnect.mutate('listenbrainz')}>
                  Disconnect ListenBrainz
                </button>
              </>
            ) : (
              <form className="scrobbling__form" onSubmit={onConnectLb} noValidate>
                <div className="field">
                  <label htmlFor={`${id}-token`}>ListenBrainz user token</label>
                  <input
                    id={`${id}-token`}
                    type="password"
                    autoComplete="off"
                    value={token}
                    maxLength={200}
                    aria-describedby={`${id}-token-help`}
                    onChange={(e) => setToken(e.target.value)}
                  />
                  <p id={`${id}-token-help`} className="scrobbling__help">
                    Find it on your{' '}
                    <a href="https://listenbrainz.org/settings/" target="_blank" rel="noreferrer">
                      ListenBrainz settings page
                    </a>
                    .
                  </p>
                </div>
                <button type="submit" className="btn" disabled={busy}>
                  {connectLb.isPending ? 'Connecting...' : 'Connect ListenBrainz'}
                </button>
              </form>
            )}
          </div>

          <div className="card scrobbling__service" aria-labelledby={`${id}-fm`} role="region">
            <h2 id={`${id}-fm`}>Last.fm</h2>
            {!data.lastfmConfigured ? (
              <p className="scrobbling__help">{SCROBBLE_MESSAGES.lastfmNotConfigured}</p>
            ) : data.lastfm ? (
              <>
                <Connected link={data.lastfm} service="Last.fm" />
                <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => disconnect.mutate('lastfm')}>
                  Disconnect Last.fm
                </button>
              </>
            ) : (
              <>
                <p className="scrobbling__help">You will sign in on Last.fm and allow Samaa to scrobble, then come back here.</p>
                <button type="button" className="btn" disabled={busy} onClick={() => connectFm.mutate()}>
                  {connectFm.isPending ? 'Opening Last.fm...' : 'Connect Last.fm'}
                </button>
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
