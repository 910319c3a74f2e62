import type { ReactNode } from 'react';
import { AsyncList, type ListState } from '../../components/AsyncList';
import type { RemoteState } from './adminQueries';
import './admin.css';

/**
 * The frame of an admin table screen: title with the total, an optional header action, the
 * delete error, then loading / load failure / empty text / the table. `children` go last
 * (e.g. a side panel).
 */
export function AdminListPage<T>({
  titleId,
  title,
  action,
  state,
  total,
  deleteError,
  loadFailed,
  empty,
  table,
  children,
}: {
  titleId: string;
  title: string;
  action?: ReactNode;
  state: RemoteState<T[]>;
  /** The list's size when `state` holds only what is in view (a paged list). */
  total?: number;
  deleteError: string;
  loadFailed: string;
  empty: string;
  table(items: T[]): ReactNode;
  children?: ReactNode;
}) {
  const list: ListState<T> =
    state.status === 'ready'
      ? { status: 'ready', items: state.data }
      : state.status === 'error'
        ? { status: 'error', message: loadFailed }
        : state;

  return (
    <section className="admin-page" aria-labelledby={titleId}>
      <header className="admin-page__header">
        <h1 id={titleId}>{title}</h1>
        {state.status === 'ready' && <p className="admin-page__count">{total ?? state.data.length} total</p>}
        {action}
      </header>
      {deleteError && (
        <p className="alert alert--error" role="alert">
          {deleteError}
        </p>
      )}
      <AsyncList state={list} empty={empty}>
        {(items) => <div className="admin-table-wrap">{table(items)}</div>}
      </AsyncList>
      {children}
    </section>
  );
}
