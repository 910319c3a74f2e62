import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { SHARE_MESSAGES, type ShareInfo } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { sharesChanged, updateShare } from './api';
import { dayOfExpiry, expiryFromDay } from './expiry';
import { ShareForm, type ShareFieldValues } from './ShareFields';
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

  return (
    <Modal title={`${SHARE_MESSAGES.edit}: ${share.name}`} onClose={onClose}>
      <ShareForm
        values={values}
        onChange={setValues}
        saving={save}
        onSave={() => save.mutate()}
        label={SHARE_MESSAGES.save}
        pendingLabel={SHARE_MESSAGES.saving}
      />
    </Modal>
  );
}
