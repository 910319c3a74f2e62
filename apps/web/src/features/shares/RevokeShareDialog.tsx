import { useMutation } from '@tanstack/react-query';
import { SHARE_MESSAGES, type ShareInfo } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { revokeShare, sharesChanged } from './api';
import { Modal } from './ShareDialog';

/** Asks before revoking: a revoked link cannot be brought back. */
export function RevokeShareDialog({ share, onClose }: { share: ShareInfo; onClose(): void }) {
  const revoke = useMutation(
    {
      mutationFn: () => revokeShare(share.id),
      onSuccess: async () => {
        await sharesChanged();
        onClose();
      },
    },
    queryClient,
  );
  return (
    <Modal title={`${SHARE_MESSAGES.revoke}: ${share.name}`} onClose={onClose}>
      <div className="shares-revoke">
        <p>{SHARE_MESSAGES.revokeConfirm}</p>
        {revoke.isError && (
          <p className="alert alert--error" role="alert">
            {errorMessage(revoke.error, SHARE_MESSAGES.failed)}
          </p>
        )}
        <div className="shares-revoke__buttons">
          <button type="button" className="btn btn--danger" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            {SHARE_MESSAGES.revoke}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {SHARE_MESSAGES.cancel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
