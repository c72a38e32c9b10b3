import { expect, inject } from 'vitest';
import { demo } from './browser.ts';

/** The demo owner's bearer token for the console's API. */
export async function ownerToken(): Promise<string> {
  const signedIn = await fetch(`${inject('baseUrl')}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo.owner.email, password: demo.owner.password }),
  });
  expect(signedIn.status).toBe(200);
  return ((await signedIn.json()) as { token: string }).token;
}

/** A call to `/api<path>` with a bearer token, which must answer `status`: its JSON, or nothing for a 204. */
export async function callApi<T>(
  token: string,
  method: string,
  path: string,
  body?: object,
  status = 200,
): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(status);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
