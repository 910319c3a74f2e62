import { inject } from 'vitest';

/** Registers, verifies (through the API's real verification link) and returns a listener's credentials. */
export async function apiRegisterAndVerify(name: string, email: string, password: string, link: (email: string) => Promise<string>, baseUrl = inject('baseUrl')) {
  const res = await fetch(`${baseUrl}/api/users/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password, gender: 'female' }),
  });
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const url = new URL(await link(email));
  const verify = await fetch(`${baseUrl}/api${url.pathname}`);
  if (verify.status !== 200) throw new Error(`verification failed: ${verify.status}`);
  return { email, password, name };
}

export async function apiLogin(email: string, password: string, baseUrl = inject('baseUrl')): Promise<{ authToken: string; data: { _id: string } }> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { authToken: string; data: { _id: string } };
}
