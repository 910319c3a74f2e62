import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { IMPORT_LABELS, IMPORT_MESSAGES, type ImportRow, type PlaylistImportResult } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { ExportButtons } from './ExportButtons';
import { ImportRowItem } from './ImportRowItem';
import { useImportReview, useMatchAgain, useResolveRow } from './importQueries';
import './playlistImport.css';

type Filter = 'review' | 'all';
/** Rows shown at a time: an import may have 10,000. */
const PAGE = 200;

function labels(result: PlaylistImportResult): Map<string, string> {
  const out = new Map<string, string>();
  for (const song of result.playlist.songs) out.set(song._id, `${song.name} — ${song.artist}`);
  for (const track of result.playlist.saavnTracks ?? []) out.set(track.saavnId, `${track.name} — ${track.artist}`);
  return out;
}

const needsReview = (row: ImportRow) => row.status === 'uncertain' || row.status === 'missing';

/** /library/import/:id — an import's rows: matched, uncertain (pick one of 3), missing, dropped. */
export default function ImportReviewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const review = useImportReview(id);
  const resolve = useResolveRow(id);
  const again = useMatchAgain(id);
  const [filter, setFilter] = useState<Filter | null>(null);
  const [shown, setShown] = useState(PAGE);
  const [notice, setNotice] = useState('');
  const result = review.data;
  const matchedLabels = useMemo(() => (result ? labels(result) : new Map<string, string>()), [result]);

  if (review.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {errorMessage(review.error, IMPORT_MESSAGES.noImport)}
      </p>
    );
  }
  if (!result) return <p>Loading...</p>;

  const { playlist, rows, counts } = result;
  const open = counts.uncertain + counts.missing;
  const active: Filter = filter ?? (open > 0 ? 'review' : 'all');
  const visible = (active === 'review' ? rows.filter(needsReview) : rows).slice(0, shown);
  const busy = resolve.isPending || again.isPending;

  return (
    <div className="import-review">
      <header className="import-review__header">
        <h1>{IMPORT_LABELS.reviewTitle(playlist.name)}</h1>
        <p className="import-review__counts" aria-label="Counts">
          <span className="import-badge import-badge--matched">
            {IMPORT_LABELS.matched} {counts.matched}
          </span>
          <span className="import-badge import-badge--uncertain">
            {IMPORT_LABELS.uncertain} {counts.uncertain}
          </span>
          <span className="import-badge import-badge--missing">
            {IMPORT_LABELS.missing} {counts.missing}
          </span>
          <span className="import-badge import-badge--dropped">
            {IMPORT_LABELS.dropped} {counts.dropped}
          </span>
          <span> of {counts.total}</span>
        </p>
        <div className="import-review__buttons">
          <button type="button" className="btn" onClick={() => navigate('/player', { state: { source: 'samma', id: playlist._id } })}>
            {IMPORT_LABELS.play}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={busy || open === 0}
            onClick={() => again.mutate(undefined, { onSuccess: (answer) => setNotice(answer.message ?? '') })}
          >
            {IMPORT_LABELS.matchAgain}
          </button>
          <ExportButtons playlistId={playlist._id} name={playlist.name} />
        </div>
        {notice && (
          <p className="alert alert--info" role="status">
            {notice}
          </p>
        )}
        {(resolve.isError || again.isError) && (
          <p className="alert alert--error" role="alert">
            {errorMessage(resolve.error ?? again.error, IMPORT_MESSAGES.rowNotFound)}
          </p>
        )}
        <div className="import-review__filter" role="group" aria-label="Rows shown">
          <button type="button" className={active === 'review' ? 'btn btn--small' : 'btn btn--ghost btn--small'} aria-pressed={active === 'review'} onClick={() => setFilter('review')}>
            To review ({open})
          </button>
          <button type="button" className={active === 'all' ? 'btn btn--small' : 'btn btn--ghost btn--small'} aria-pressed={active === 'all'} onClick={() => setFilter('all')}>
            All rows ({counts.total})
          </button>
        </div>
      </header>
      <ol className="import-rows">
        {visible.map((row) => (
          <ImportRowItem
            key={row.index}
            row={row}
            matchedLabel={matchedLabels.get(row.match?.songId ?? row.match?.saavnId ?? '')}
            busy={busy}
            onResolve={(resolution) => resolve.mutate({ index: row.index, resolution })}
          />
        ))}
      </ol>
      {visible.length === shown && (
        <button type="button" className="btn btn--ghost" onClick={() => setShown((n) => n + PAGE)}>
          Show more
        </button>
      )}
    </div>
  );
}
