import type { LibraryView, MessageResponse } from '@samaa/shared';
import { api } from '../../api/client';

/** /api/admin/libraries (admin token). */
export async function fetchLibraries(signal?: AbortSignal): Promise<LibraryView[]> {
  const res = await api.get<{ data: LibraryView[] }>('/admin/libraries', { signal });
  return res.data.data;
}

export async function startScan(id: string): Promise<string> {
  const res = await api.post<MessageResponse>(`/admin/libraries/${encodeURIComponent(id)}/scan`);
  return res.data.message;
}
