import { api } from '../../api/client';

/** The sender address of verification mails, when GET /api/config exposes it (`mailFrom`). */
export async function fetchSenderAddress(): Promise<string | null> {
  const res = await api.get<{ mailFrom?: unknown; data?: { mailFrom?: unknown } }>('/config');
  const mailFrom = res.data?.mailFrom ?? res.data?.data?.mailFrom;
  return typeof mailFrom === 'string' && mailFrom.trim() ? mailFrom.trim() : null;
}
