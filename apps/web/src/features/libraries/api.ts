import type { LibraryView, MessageResponse, DataResponse, ScanRequest } from '@samaa/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryClient } from '../../api/queryClient';

/** /api/admin/libraries (admin token). */
export async function fetchLibraries(signal?: AbortSignal): Promise<LibraryView[]> {
  const res = await api.get<DataResponse<LibraryView[]>>('/admin/libraries', { signal });
  return res.data.data;
}

/** Starts a scan; a full one ignores the directory stamps and reads every file again. */
export async function startScan(id: string, full = false): Promise<string> {
  const body: ScanRequest = full ? { full: true } : {};
  const res = await api.post<MessageResponse>(`/admin/libraries/${encodeURIComponent(id)}/scan`, body);
  return res.data.message;
}

export const LIBRARIES_KEY = ['admin', 'libraries'] as const;

/** The music folders; fetched again every `pollMs` while one of them is being scanned. */
export function useLibraries(pollMs: number) {
  return useQuery(
    {
      queryKey: LIBRARIES_KEY,
      queryFn: ({ signal }) => fetchLibraries(signal),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.some((library) => library.scanning) ? pollMs : false),
    },
    queryClient,
  );
}

export const librariesChanged = () => queryClient.invalidateQueries({ queryKey: LIBRARIES_KEY });
