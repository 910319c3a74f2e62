import { useCallback, useEffect, useState } from 'react';

export type RemoteState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/**
 * Loads data for a screen. `load` must be stable (a module function or memoised).
 * A reload keeps showing the current data until the new data arrives.
 */
export function useRemoteData<T>(load: () => Promise<T>) {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    load().then(
      (data) => active && setState({ status: 'ready', data }),
      (error: unknown) => active && setState({ status: 'error', error }),
    );
    return () => {
      active = false;
    };
  }, [load, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}
