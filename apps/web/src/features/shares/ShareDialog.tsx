import { useState, type ReactNode } from 'react';
import { DialogFrame } from '../../components/DialogFrame';
import { useMutation } from '@tanstack/react-query';
import { SHARE_MESSAGES, shareDialogTitle, type ShareInfo, type ShareKind } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { CopyButton } from '../apps';
import { createShare, sharesChanged } from './api';
import { expiryFromDay } from './expiry';
import { ShareForm, type ShareFieldValues } from './ShareFields';
import './shares.css';

/** What a share action shares. */
export interface ShareTarget {
  kind: ShareKind;
  /** A song's or playlist's id; for an album, the id of one of its songs. */
  id: string;
  name: string;
}

/** A centred modal (components/DialogFrame.tsx): focus stays inside, Escape or Close dismisses it and focus goes back. */
export function Modal({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  return (
    <DialogFrame title={title} onClose={onClose} className="share-modal" closeLabel={SHARE_MESSAGES.close}>
      {children}
    </DialogFrame>
  );
}

/** The link, selectable, with a Copy button. */
export function ShareLink({ url }: { url: string }) {
  return (
    <div className="share-link">
      <input className="input" readOnly value={url} aria-label={SHARE_MESSAGES.linkLabel} onFocus={(e) => e.target.select()} />
      <CopyButton text={url} label={SHARE_MESSAGES.copyLink} />
    </div>
  );
}

/** Makes a share link: description, expiry and downloads, then the link to copy. */
export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose(): void }) {
  const [values, setValues] = useState<ShareFieldValues>({ description: '', day: '', downloadable: false });
  const creation = useMutation(
    {
      mutationFn: () =>
        createShare({
          kind: target.kind,
          id: target.id,
          description: values.description.trim(),
          expiresAt: expiryFromDay(values.day),
          downloadable: values.downloadable,
        }),
      onSuccess: () => void sharesChanged(),
    },
    queryClient,
  );
  const created: ShareInfo | undefined = creation.data;

  return (
    <Modal title={shareDialogTitle(target.name)} onClose={onClose}>
      {created ? (
        <div className="share-created">
          <p className="alert alert--success" role="status">
            {SHARE_MESSAGES.created}
          </p>
          <ShareLink url={created.url} />
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {SHARE_MESSAGES.close}
          </button>
        </div>
      ) : (
        <ShareForm
          values={values}
          onChange={setValues}
          saving={creation}
          onSave={() => creation.mutate()}
          label={SHARE_MESSAGES.create}
          pendingLabel={SHARE_MESSAGES.creating}
        />
      )}
    </Modal>
  );
}
