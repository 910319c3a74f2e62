import { useId, useState } from 'react';
import type { FaqEntry } from './faq';

/** One row open at a time; clicking the open row again closes it. Rows are buttons with aria-expanded. */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();

  return (
    <div className="faq">
      {entries.map((entry, index) => {
        const expanded = open === index;
        const answerId = `${baseId}-answer-${index}`;
        return (
          <div className={expanded ? 'faq__row faq__row--open' : 'faq__row'} key={entry.question}>
            <h2 className="faq__question">
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={answerId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{entry.question}</span>
                <span className="faq__chevron" aria-hidden="true" />
              </button>
            </h2>
            <div id={answerId} className="faq__answer" hidden={!expanded}>
              <p>{entry.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
