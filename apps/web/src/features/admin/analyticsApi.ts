import type { AdminAnalytics } from '@samaa/shared';
import { api } from '../../api/client';

/** GET /api/admin/analytics (admin token). */
export async function fetchAdminAnalytics(): Promise<AdminAnalytics> {
  const res = await api.get<{ data: AdminAnalytics }>('/admin/analytics');
  return res.data.data;
}
