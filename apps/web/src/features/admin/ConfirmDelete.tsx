import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { queryClient } from '../../api/queryClient';

/** A Delete button with a confirmation step: Delete → "Delete?" Confirm / Cancel. */
export function ConfirmDelete({
  itemName,
  onConfirm,
  disabled = false,
}: {
  itemName: string;
  onConfirm(): Promise<void>;
  disabled?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useMutation({ mutationFn: onConfirm, onSettled: () => setConfirming(false) }, queryClient);
  const busy = deletion.isPending;
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (returnFocus.current) deleteRef.current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      <button
        ref={deleteRef}
        type="button"
        className="btn btn--danger btn--small"
        aria-label={`Delete ${itemName}`}
        disabled={disabled}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
    );
  }

  return (
    <span className="confirm-delete" role="group" aria-label={`Confirm deleting ${itemName}`}>
      <span className="confirm-delete__question">Delete?</span>
      <button
        ref={confirmRef}
        type="button"
        className="btn btn--danger btn--small"
        disabled={busy}
        onClick={() => deletion.mutate()}
      >
        {busy ? 'Deleting...' : 'Confirm'}
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={busy}
        onClick={() => {
          returnFocus.current = true;
          setConfirming(false);
        }}
      >
        Cancel
      </button>
    </span>
  );
}
