import { useCallback, useState } from 'react';
import { useRemoteData } from './useRemoteData';

/**
 * An admin list with deletion: `remove(id)` deletes one item and reloads the list; a failed
 * delete keeps the list as it is and sets `deleteError` (cleared by the next attempt).
 * `load` and `deleteItem` must be stable (module functions).
 */
export function useDeletableList<T>(
  load: () => Promise<T[]>,
  deleteItem: (id: string) => Promise<void>,
  deleteFailed: string,
) {
  const { state, reload } = useRemoteData(load);
  const [deleteError, setDeleteError] = useState('');

  const remove = useCallback(
    async (id: string) => {
      setDeleteError('');
      try {
        await deleteItem(id);
      } catch {
        setDeleteError(deleteFailed);
        return;
      }
      reload();
    },
    [deleteItem, deleteFailed, reload],
  );

  return { state, reload, remove, deleteError };
}
