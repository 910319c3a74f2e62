import { useState, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { SHARE_MESSAGES, shareDialogTitle, type ShareInfo, type ShareKind } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { CopyButton } from '../apps';
import { createShare, sharesChanged } from './api';
import { expiryFromDay } from './expiry';
import { ShareFields, type ShareFieldValues } from './ShareFields';
import './shares.css';

/** What a share action shares. */
export interface ShareTarget {
  kind: ShareKind;
  /** A song's or playlist's id; for an album, the id of one of its songs. */
  id: string;
  name: string;
}

/** A centred modal (Radix Dialog): focus stays inside, Escape or Close dismisses it and focus goes back. */
export function Modal({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="share-modal__backdrop" />
        <Dialog.Content className="share-modal" aria-describedby={undefined}>
          <header className="share-modal__header">
            <Dialog.Title asChild>
              <h2>{title}</h2>
            </Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-btn" aria-label={SHARE_MESSAGES.close}>
                ✕
              </button>
            </Dialog.Close>
          </header>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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

  function submit(event: FormEvent) {
    event.preventDefault();
    creation.mutate();
  }

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
        <form className="form" onSubmit={submit}>
          <ShareFields values={values} onChange={setValues} />
          {creation.isError && (
            <p className="alert alert--error" role="alert">
              {errorMessage(creation.error, SHARE_MESSAGES.failed)}
            </p>
          )}
          <button type="submit" className="btn" disabled={creation.isPending}>
            {creation.isPending ? SHARE_MESSAGES.creating : SHARE_MESSAGES.create}
          </button>
        </form>
      )}
    </Modal>
  );
}
