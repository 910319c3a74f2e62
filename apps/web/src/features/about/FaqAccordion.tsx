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
                <svg
                  className="faq__chevron"
                  viewBox="0 0 16 16"
                  width="16"
                  height="16"
                  aria-hidden="true"
                >
                  <path
                    d="M3 6l5 5 5-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
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
