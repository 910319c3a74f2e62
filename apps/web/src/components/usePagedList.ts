import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, type QueryKey } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';

/** One page of a list as the API answers it: the items and how many the whole list holds. */
export interface ListPage<T> {
  data: T[];
  total: number;
}

/** Waits for the scroll to settle before asking for the pages in view, so a fast drag asks for few. */
export const RANGE_SETTLE_MS = 120;

/** The query key of one page of a paged list. */
export function pageKey(listKey: QueryKey, pageSize: number, page: number): QueryKey {
  return [...listKey, 'page', pageSize, page];
}

/**
 * A list read page by page, in any order: the first page gives the total, and then only the
 * pages holding the rows in view are fetched (and kept in the shared cache). A virtual list
 * reports the rows it shows with `showRows`; `itemAt` is undefined for a row still loading.
 */
export function usePagedList<T>({
  listKey,
  pageSize,
  fetchPage,
  enabled = true,
  staleTime,
}: {
  listKey: QueryKey;
  pageSize: number;
  fetchPage(page: number, pageSize: number): Promise<ListPage<T>>;
  enabled?: boolean;
  /** How long a page read stays fresh (the client's default when absent). */
  staleTime?: number;
}) {
  const [visible, setVisible] = useState<number[]>([1]);
  // Another list (a new sort or filter) starts from its first page, not the pages of the last one's scroll.
  const keyHash = JSON.stringify(listKey);
  const [visibleOf, setVisibleOf] = useState(keyHash);
  if (visibleOf !== keyHash) {
    setVisibleOf(keyHash);
    setVisible([1]);
  }
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

  const showRows = useCallback(
    (first: number, last: number) => {
      const from = Math.floor(Math.max(0, first) / pageSize) + 1;
      const to = Math.floor(Math.max(0, last) / pageSize) + 1;
      const pages = Array.from({ length: Math.min(to - from + 1, 4) }, (_, i) => from + i);
      clearTimeout(settle.current);
      settle.current = setTimeout(() => {
        setVisible((current) => (current.join() === pages.join() ? current : pages));
      }, RANGE_SETTLE_MS);
    },
    [pageSize],
  );

  // The first page always, for the total; then the pages in view.
  const pages = useMemo(() => [...new Set([1, ...visible])], [visible]);
  const results = useQueries(
    {
      queries: pages.map((page) => ({
        queryKey: pageKey(listKey, pageSize, page),
        queryFn: () => fetchPage(page, pageSize),
        enabled,
        ...(staleTime !== undefined ? { staleTime } : {}),
      })),
    },
    queryClient,
  );

  const first = results[0];
  const loaded = new Map<number, T[]>();
  pages.forEach((page, i) => {
    const data = results[i]?.data?.data;
    if (data) loaded.set(page, data);
  });
  const total = first?.data ? Math.max(first.data.total, first.data.data.length) : undefined;
  // A page fetched earlier shows at once when scrolled back to, before the range settles.
  const itemAt = (index: number): T | undefined => {
    const at = pageAt(index);
    return at?.items[at.index];
  };
  /** The loaded page holding a row, and the row's place in it (a queue played from the list). */
  function pageAt(index: number): { items: T[]; page: number; index: number } | undefined {
    const page = Math.floor(index / pageSize) + 1;
    const items =
      loaded.get(page) ?? queryClient.getQueryData<ListPage<T>>(pageKey(listKey, pageSize, page))?.data;
    return items ? { items, page, index: index % pageSize } : undefined;
  }

  return {
    /** undefined until the first page arrives. */
    total,
    error: first?.error ?? null,
    itemAt,
    pageAt,
    showRows,
  };
}
