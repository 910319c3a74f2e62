import { useId } from 'react';
import { IMPORT_LABELS } from '@samaa/shared';

/** "Also look on JioSaavn": unticked by default, since ticking it sends rows' titles and artists there. */
export function SaavnOptIn({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="import-panel__saavn">
      <input id={id} type="checkbox" checked={checked} aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{IMPORT_LABELS.alsoSaavn}</label>
      <p id={`${id}-hint`} className="import-panel__hint">
        {IMPORT_LABELS.alsoSaavnHint}
      </p>
    </div>
  );
}
