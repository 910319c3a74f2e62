import type { MessageResponse } from '@samaa/shared';
import { api } from '../../api/client';

/** /api/account/password: change (signed in), forgot and reset. */

export async function changePassword(
  currentPassword: string,
  newPassword: string,
): Promise<{ message: string; authToken: string }> {
  const res = await api.put<{ message: string; authToken: string }>('/account/password', {
    currentPassword,
    newPassword,
  });
  return res.data;
}

export async function requestPasswordReset(email: string): Promise<string> {
  const res = await api.post<MessageResponse>('/account/password/forgot', { email });
  return res.data.message;
}

export async function resetPassword(
  userId: string,
  token: string,
  password: string,
): Promise<string> {
  const res = await api.post<MessageResponse>('/account/password/reset', {
    userId,
    token,
    password,
  });
  return res.data.message;
}
