import { deviceIdHeader, storefrontKeyHeader } from '@storedesk/shared/storefront/page';
import { createApiClient } from '@storedesk/web/api';
import { config } from '../config.ts';
import { deviceId, session } from './state.ts';

/** The headers of every request: the business's key, the device's id, and the customer's token once signed in. */
export function apiHeaders(): Record<string, string> {
  const token = session.get()?.token;
  return {
    [storefrontKeyHeader]: config?.key ?? '',
    [deviceIdHeader]: deviceId(),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

export const api = createApiClient({
  base: '/api/storefront',
  headers: apiHeaders,
  // A token the server no longer knows (signed out elsewhere, expired): forget it, sign in again.
  onError: (error) => {
    if (error.status === 401 && session.get()) session.set(null);
  },
});
