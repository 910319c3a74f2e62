import { useCallback, useState } from 'react';
import { useAdminQuery } from './adminQueries';

/**
 * An admin list with deletion: `remove(id)` deletes one item and reloads the list; a failed
 * delete keeps the list as it is and sets `deleteError` (cleared by the next attempt).
 * `queryKey` names the list in the shared cache; `load` and `deleteItem` must be stable.
 */
export function useDeletableList<T>(
  queryKey: readonly string[],
  load: () => Promise<T[]>,
  deleteItem: (id: string) => Promise<void>,
  deleteFailed: string,
) {
  const { state, reload } = useAdminQuery(queryKey, load);
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
