import type { ReactNode } from 'react';
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
  if (state.status === 'error') {
    return (
      <p className="alert alert--error" role="alert">
        {state.message}
      </p>
    );
  }
  if (state.items.length === 0) return <p className="empty-state">{empty}</p>;
  return children(state.items);
}
