import { useState } from 'react';
import { IMPORT_LABELS, type ImportCandidate, type ImportRow, type ImportRowResolution } from '@samaa/shared';
import { SearchAnother } from './SearchAnother';

const percent = (score: number) => `${Math.round(score * 100)}%`;
const STATUS_LABEL = {
  matched: IMPORT_LABELS.matched,
  uncertain: IMPORT_LABELS.uncertain,
  missing: IMPORT_LABELS.missing,
  dropped: IMPORT_LABELS.dropped,
} as const;

function candidateResolution(candidate: ImportCandidate): ImportRowResolution | null {
  if (candidate.songId) return { action: 'pick', songId: candidate.songId };
  if (candidate.saavn) return { action: 'pick', saavn: candidate.saavn };
  return null;
}

export interface ImportRowItemProps {
  row: ImportRow;
  /** What the row is matched to, for display. */
  matchedLabel?: string;
  busy: boolean;
  onResolve(resolution: ImportRowResolution): void;
}

/** One row of the review: what the file said, what it became, and the choices left. */
export function ImportRowItem({ row, matchedLabel, busy, onResolve }: ImportRowItemProps) {
  const [searching, setSearching] = useState(false);
  const { input } = row;
  const asked = `${input.artists.join(', ')}${input.artists.length ? ' – ' : ''}${input.title}`;
  return (
    <li className={`import-row import-row--${row.status}`} aria-label={`Row ${row.index + 1}: ${asked}`}>
      <div className="import-row__head">
        <span className="import-row__number">{row.index + 1}</span>
        <span className="import-row__asked">
          {asked}
          {input.album && <small> · {input.album}</small>}
        </span>
        <span className={`import-badge import-badge--${row.status}`}>{STATUS_LABEL[row.status]}</span>
      </div>
      {row.status === 'matched' && row.match && (
        <p className="import-row__match">
          → {matchedLabel ?? ''} <small>({IMPORT_LABELS.by[row.match.by]}, {percent(row.match.score)})</small>
        </p>
      )}
      {row.status === 'uncertain' && (
        <ul className="import-candidates" aria-label="Candidates">
          {row.candidates.map((candidate) => {
            const resolution = candidateResolution(candidate);
            return (
              <li key={candidate.songId ?? candidate.saavn?.saavnId}>
                <span>
                  {candidate.name} — {candidate.artist}
                  {candidate.album && <small> · {candidate.album}</small>}{' '}
                  <small>
                    ({IMPORT_LABELS.by[candidate.by]}, {percent(candidate.score)}
                    {candidate.otherVersion ? `, ${IMPORT_LABELS.otherVersion}` : ''})
                  </small>
                </span>
                {resolution && (
                  <button type="button" className="btn btn--small" disabled={busy} onClick={() => onResolve(resolution)}>
                    {IMPORT_LABELS.pick}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {row.status !== 'dropped' && (
        <div className="import-row__actions">
          {row.status !== 'matched' && (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setSearching((open) => !open)}>
              {IMPORT_LABELS.searchAnother}
            </button>
          )}
          <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => onResolve({ action: 'drop' })}>
            {IMPORT_LABELS.drop}
          </button>
        </div>
      )}
      {searching && (
        <SearchAnother
          initial={input.title}
          disabled={busy}
          onPick={(songId) => {
            setSearching(false);
            onResolve({ action: 'pick', songId });
          }}
        />
      )}
    </li>
  );
}
