import { API_KEY_MESSAGES, type ApiKeyInfo } from '@samaa/shared';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function ApiKeyList({
  keys,
  revoking,
  onRevoke,
}: {
  keys: ApiKeyInfo[];
  revoking: string | null;
  onRevoke(key: ApiKeyInfo): void;
}) {
  if (keys.length === 0) return <p className="apps__empty">No API keys yet.</p>;
  return (
    <ul className="apps__keys" aria-label="Your API keys">
      {keys.map((key) => (
        <li key={key.id} className="apps__key">
          <span className="apps__key-name">{key.name}</span>
          <span className="apps__key-date">Created {dateFormat.format(new Date(key.createdAt))}</span>
          {!key.tokenSignIn && <span className="apps__key-note">{API_KEY_MESSAGES.apiKeyOnly}</span>}
          <button
            type="button"
            className="btn btn--danger btn--small"
            disabled={revoking === key.id}
            onClick={() => onRevoke(key)}
            aria-label={`Revoke ${key.name}`}
          >
            {revoking === key.id ? 'Revoking...' : 'Revoke'}
          </button>
        </li>
      ))}
    </ul>
  );
}
