import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { API_KEY_MESSAGES, type ApiKeyInfo, type CreatedApiKey } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { getStoredUser } from '../../session/session';
import { ApiKeyList } from './ApiKeyList';
import { createApiKey, revokeApiKey, setApiKeys, SUBSONIC_SERVER_URL, useApiKeys } from './api';
import { CopyButton } from './CopyButton';
import './apps.css';

const LOAD_FAILED = 'Your API keys could not be loaded. Please try again.';
const CREATE_FAILED = 'The key could not be created. Please try again.';
const REVOKE_FAILED = 'The key could not be revoked. Please try again.';

/** `/apps`: how to connect a Subsonic app, and the listener's API keys for it. */
export default function AppsPage() {
  const id = useId();
  const user = getStoredUser();
  const keysQuery = useApiKeys();
  const keys = keysQuery.data ?? null;
  const loadError = keysQuery.error ? errorMessage(keysQuery.error, LOAD_FAILED) : '';
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [problem, setProblem] = useState('');
  const create = useMutation(
    {
      mutationFn: createApiKey,
      onSuccess: (result) => {
        setCreated(result);
        setApiKeys((current) => [result.info, ...current]);
        setName('');
      },
      onError: (err) => setProblem(errorMessage(err, CREATE_FAILED)),
    },
    queryClient,
  );
  const revoke = useMutation(
    {
      mutationFn: (key: ApiKeyInfo) => revokeApiKey(key.id),
      onSuccess: (_, key) => {
        setApiKeys((current) => current.filter((k) => k.id !== key.id));
        setCreated((shown) => (shown?.info.id === key.id ? null : shown));
      },
      onError: (err) => setProblem(errorMessage(err, REVOKE_FAILED)),
    },
    queryClient,
  );
  const creating = create.isPending;
  const revoking = revoke.isPending ? (revoke.variables?.id ?? null) : null;

  function onCreate(event: FormEvent) {
    event.preventDefault();
    if (creating) return;
    setProblem('');
    if (!name.trim()) {
      setProblem('Give the key a name, e.g. the app or device it is for.');
      return;
    }
    create.mutate(name.trim());
  }

  function onRevoke(key: ApiKeyInfo) {
    setProblem('');
    revoke.mutate(key);
  }

  return (
    <section className="apps" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Apps</h1>
      <p className="apps__intro">
        Listen on your phone or desktop with any Subsonic app, such as Symfonium, DSub, Ultrasonic, Substreamer,
        Tempo, play:Sub, Feishin or Supersonic. Your playlists and liked songs are the same there.
      </p>

      <div className="card apps__connect">
        <h2>Connect an app</h2>
        <dl className="apps__details">
          <dt>Server URL</dt>
          <dd>
            <code>{SUBSONIC_SERVER_URL}</code> <CopyButton text={SUBSONIC_SERVER_URL} label="Copy the server URL" />
          </dd>
          <dt>Username</dt>
          <dd>
            <code>{user?.email}</code>
          </dd>
          <dt>Password</dt>
          <dd>{API_KEY_MESSAGES.passwordHint}</dd>
        </dl>
      </div>

      <div className="card apps__keys-card">
        <h2>API keys</h2>
        <form className="apps__create" onSubmit={onCreate} noValidate>
          <div className="field">
            <label htmlFor={`${id}-name`}>Key name</label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={50}
              placeholder="e.g. Phone"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <button type="submit" className="btn" disabled={creating}>
            {creating ? 'Creating...' : 'Create key'}
          </button>
        </form>
        {problem && (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        )}
        {created && (
          <div className="alert alert--success apps__created" role="status">
            <p>{API_KEY_MESSAGES.created}</p>
            <p className="apps__secret">
              <code data-testid="new-api-key">{created.key}</code>{' '}
              <CopyButton text={created.key} label={`Copy the key ${created.info.name}`} />
            </p>
          </div>
        )}
        {loadError ? (
          <p className="alert alert--error" role="alert">
            {loadError}
          </p>
        ) : keys === null ? (
          <p aria-live="polite">Loading...</p>
        ) : (
          <ApiKeyList keys={keys} revoking={revoking} onRevoke={onRevoke} />
        )}
      </div>
    </section>
  );
}
