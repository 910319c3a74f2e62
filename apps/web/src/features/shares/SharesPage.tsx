import { useState } from 'react';
import { KIND_LABELS, SHARE_MESSAGES, shareVisits, type ShareInfo } from '@samaa/shared';
import { AsyncList, type ListState } from '../../components/AsyncList';
import { errorMessage } from '../../api/client';
import { CopyButton } from '../apps';
import { useShares } from './api';
import { EditShareDialog } from './EditShareDialog';
import { formatExpiry } from './expiry';
import { RevokeShareDialog } from './RevokeShareDialog';
import './shares.css';

type Open = { kind: 'edit' | 'revoke'; share: ShareInfo } | null;

/** /shares: the listener's share links, with their visits and expiry; edit and revoke. */
export default function SharesPage() {
  const shares = useShares();
  const [open, setOpen] = useState<Open>(null);
  const state: ListState<ShareInfo> = shares.isPending
    ? { status: 'loading' }
    : shares.isError
      ? { status: 'error', message: errorMessage(shares.error, SHARE_MESSAGES.loadFailed) }
      : { status: 'ready', items: shares.data };

  return (
    <div>
      <h1>{SHARE_MESSAGES.title}</h1>
      <AsyncList state={state} empty={SHARE_MESSAGES.none}>
        {(items) => (
          <table className="table shares-table">
            <thead>
              <tr>
                <th scope="col">{SHARE_MESSAGES.columns.name}</th>
                <th scope="col">{SHARE_MESSAGES.columns.kind}</th>
                <th scope="col">{SHARE_MESSAGES.columns.link}</th>
                <th scope="col">{SHARE_MESSAGES.columns.visits}</th>
                <th scope="col">{SHARE_MESSAGES.columns.expires}</th>
                <th scope="col">
                  <span className="visually-hidden">{SHARE_MESSAGES.columns.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((share) => (
                <tr key={share.id} data-testid="share-row">
                  <td>
                    {share.name}
                    {share.description && <div className="shares-table__muted">{share.description}</div>}
                  </td>
                  <td>{KIND_LABELS[share.kind]}</td>
                  <td className="shares-table__link">
                    <a href={share.url} target="_blank" rel="noreferrer">
                      {share.url}
                    </a>
                  </td>
                  <td>{shareVisits(share.visits)}</td>
                  <td>{share.expired ? SHARE_MESSAGES.expired : formatExpiry(share.expiresAt, SHARE_MESSAGES.never)}</td>
                  <td>
                    <div className="shares-table__actions">
                      <CopyButton text={share.url} label={`${SHARE_MESSAGES.copyLink}: ${share.name}`} />
                      <button
                        type="button"
                        className="btn btn--ghost btn--small"
                        aria-label={`${SHARE_MESSAGES.edit}: ${share.name}`}
                        onClick={() => setOpen({ kind: 'edit', share })}
                      >
                        {SHARE_MESSAGES.edit}
                      </button>
                      <button
                        type="button"
                        className="btn btn--danger btn--small"
                        aria-label={`${SHARE_MESSAGES.revoke}: ${share.name}`}
                        onClick={() => setOpen({ kind: 'revoke', share })}
                      >
                        {SHARE_MESSAGES.revoke}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AsyncList>
      {open?.kind === 'edit' && <EditShareDialog share={open.share} onClose={() => setOpen(null)} />}
      {open?.kind === 'revoke' && <RevokeShareDialog share={open.share} onClose={() => setOpen(null)} />}
    </div>
  );
}
