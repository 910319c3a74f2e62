import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { SHARE_MESSAGES, type ShareInfo } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { sharesChanged, updateShare } from './api';
import { dayOfExpiry, expiryFromDay } from './expiry';
import { ShareFields, type ShareFieldValues } from './ShareFields';
import { Modal } from './ShareDialog';

/** Changes a share's description, expiry and downloads. */
export function EditShareDialog({ share, onClose }: { share: ShareInfo; onClose(): void }) {
  const [values, setValues] = useState<ShareFieldValues>({
    description: share.description,
    // An expiry already passed is left as it is unless the sharer picks a new day.
    day: share.expired ? '' : dayOfExpiry(share.expiresAt),
    downloadable: share.downloadable,
  });
  const save = useMutation(
    {
      mutationFn: () => {
        const day = dayOfExpiry(share.expiresAt);
        const expiryChanged = values.day !== (share.expired ? '' : day);
        return updateShare(share.id, {
          description: values.description.trim(),
          downloadable: values.downloadable,
          ...(expiryChanged ? { expiresAt: expiryFromDay(values.day) } : {}),
        });
      },
      onSuccess: async () => {
        await sharesChanged();
        onClose();
      },
    },
    queryClient,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <Modal title={`${SHARE_MESSAGES.edit}: ${share.name}`} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <ShareFields values={values} onChange={setValues} />
        {save.isError && (
          <p className="alert alert--error" role="alert">
            {errorMessage(save.error, SHARE_MESSAGES.failed)}
          </p>
        )}
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? SHARE_MESSAGES.saving : SHARE_MESSAGES.save}
        </button>
      </form>
    </Modal>
  );
}
