import { useId, type FormEvent } from 'react';
import { SHARE_MESSAGES } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { today } from './expiry';

export interface ShareFieldValues {
  description: string;
  /** yyyy-mm-dd, or '' for no expiry. */
  day: string;
  downloadable: boolean;
}

/** Description, expiry date and downloads: the fields of a new share and of an edit. */
export function ShareFields({ values, onChange }: { values: ShareFieldValues; onChange(values: ShareFieldValues): void }) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-description`}>{SHARE_MESSAGES.descriptionLabel}</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          maxLength={300}
          value={values.description}
          onChange={(e) => onChange({ ...values, description: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-expiry`}>{SHARE_MESSAGES.expiryLabel}</label>
        <input
          id={`${id}-expiry`}
          type="date"
          min={today()}
          value={values.day}
          onChange={(e) => onChange({ ...values, day: e.target.value })}
        />
      </div>
      <label className="share-fields__check">
        <input
          type="checkbox"
          checked={values.downloadable}
          onChange={(e) => onChange({ ...values, downloadable: e.target.checked })}
        />
        {SHARE_MESSAGES.downloadsLabel}
      </label>
    </>
  );
}

/**
 * The fields, the save's error and its button: the form of a new share and of an edit. `saving`
 * is the mutation that saves them.
 */
export function ShareForm({
  values,
  onChange,
  saving,
  onSave,
  label,
  pendingLabel,
}: {
  values: ShareFieldValues;
  onChange(values: ShareFieldValues): void;
  saving: { isPending: boolean; isError: boolean; error: unknown };
  onSave(): void;
  label: string;
  pendingLabel: string;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSave();
  }
  return (
    <form className="form" onSubmit={submit}>
      <ShareFields values={values} onChange={onChange} />
      {saving.isError && (
        <p className="alert alert--error" role="alert">
          {errorMessage(saving.error, SHARE_MESSAGES.failed)}
        </p>
      )}
      <button type="submit" className="btn" disabled={saving.isPending}>
        {saving.isPending ? pendingLabel : label}
      </button>
    </form>
  );
}
