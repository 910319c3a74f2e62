import type { LoginResponse, MessageResponse, User } from '@samaa/shared';
import { api } from '../../api/client';
import { mediaSessionStarted } from '../../session/mediaSession';

/** Sign-up, login and email verification calls. */

export interface Credentials {
  email: string;
  password: string;
}

export async function registerUser(input: User): Promise<string> {
  const res = await api.post<MessageResponse>('/users/', input);
  return res.data.message;
}

/** POST /api/login (listener). */
export async function loginUser(credentials: Credentials): Promise<LoginResponse> {
  const res = await api.post<LoginResponse>('/login', credentials);
  mediaSessionStarted(res.data.authToken);
  return res.data;
}

/** POST /api/login/ (admin): same path family, the caller checks `data.isAdmin`. */
export async function loginAdmin(credentials: Credentials): Promise<LoginResponse> {
  const res = await api.post<LoginResponse>('/login/', credentials);
  mediaSessionStarted(res.data.authToken);
  return res.data;
}

export async function verifyEmail(id: string, token: string): Promise<string> {
  const res = await api.get<MessageResponse>(
    `/users/${encodeURIComponent(id)}/verify/${encodeURIComponent(token)}`,
  );
  return res.data.message;
}
