import { createApiClient } from '@storedesk/web/api';
import { session } from './session.ts';

/** The executive's token on every request, once signed in. */
export function apiHeaders(): Record<string, string> {
  const token = session.get()?.token;
  return token ? { authorization: `Bearer ${token}` } : {};
}

export const api = createApiClient({
  base: '/api/delivery',
  headers: apiHeaders,
  // A token the server no longer knows (signed out elsewhere, expired, no longer an executive):
  // forget it and sign in again. A refused sign-in is a 401 too, with no token to forget.
  onError: (error) => {
    if (error.status === 401 && session.get()) session.set(null);
  },
});
