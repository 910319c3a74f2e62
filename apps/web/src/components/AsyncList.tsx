import type { ReactNode } from 'react';
import { errorLine } from '@samaa/shared';
import { errorMessage } from '../api/client';
import { Loading } from './Loading';

/** A list a screen loads: in flight, failed with the message to show, or its items. */
export type ListState<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: T[] };

/**
 * The four states of a loaded list: the loading indicator, the error alert, the empty-state
 * text, or the items rendered by `children`.
 */
export function AsyncList<T>({
  state,
  empty,
  children,
}: {
  state: ListState<T>;
  empty: string;
  children(items: T[]): ReactNode;
}) {
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <ErrorAlert message={state.message} />;
  if (state.items.length === 0) return <p className="empty-state">{empty}</p>;
  return children(state.items);
}

/** A read that failed, said at once to screen readers. */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <p className="alert alert--error" role="alert">
      {message}
    </p>
  );
}

/**
 * A page's one read (a query's state): the loading indicator, the error alert with the server's
 * message (else `failed`), or the page drawn from its data by `children`.
 */
export function AsyncItem<T>({
  query,
  failed,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean };
  failed: string;
  children(data: T): ReactNode;
}) {
  if (query.error) return <ErrorAlert message={errorLine(errorMessage(query.error, failed))} />;
  if (query.isPending || query.data === undefined) return <Loading />;
  return children(query.data);
}
