import { useCallback, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { queryClient } from '../../api/queryClient';
import { useAdminQuery } from './adminQueries';

/**
 * Deletion for an admin list: `remove(id)` deletes one item and reloads the list; a failed
 * delete keeps the list as it is and sets `deleteError` (cleared by the next attempt).
 */
export function useDelete(deleteItem: (id: string) => Promise<void>, deleteFailed: string, reload: () => void) {
  const [deleteError, setDeleteError] = useState('');
  const { mutateAsync } = useMutation(
    {
      mutationFn: deleteItem,
      onMutate: () => setDeleteError(''),
      onSuccess: () => reload(),
      onError: () => setDeleteError(deleteFailed),
    },
    queryClient,
  );
  // Resolves either way: the failure is shown through deleteError.
  const remove = useCallback((id: string) => mutateAsync(id).catch(() => undefined), [mutateAsync]);
  return { remove, deleteError };
}

/**
 * An admin list with deletion (see useDelete). `queryKey` names the list in the shared cache;
 * `load` and `deleteItem` must be stable.
 */
export function useDeletableList<T>(
  queryKey: readonly string[],
  load: () => Promise<T[]>,
  deleteItem: (id: string) => Promise<void>,
  deleteFailed: string,
) {
  const { state, reload } = useAdminQuery(queryKey, load);
  const { remove, deleteError } = useDelete(deleteItem, deleteFailed, reload);
  return { state, reload, remove, deleteError };
}
