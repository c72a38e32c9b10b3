import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyList } from '@storedesk/shared/settings/api-keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** Under the `settings` topic: a colleague's new or revoked key reaches this list live. */
export const apiKeysQueryKey = ['settings', 'api-keys'] as const;

/** GET /api/settings/api-keys (owner only): newest first, never the keys themselves. */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return apiJson<ApiKeyList>('/settings/api-keys', { signal });
}

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeysQueryKey,
  queryFn: ({ signal }) => getApiKeys(signal),
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

/** POST /api/settings/api-keys: the answer holds the key itself, this once. */
export function createApiKey(input: ApiKeyCreate): Promise<ApiKeyCreated> {
  return apiJson<ApiKeyCreated>('/settings/api-keys', { method: 'POST', body: input });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/** DELETE /api/settings/api-keys/:keyId: orders that carry the key are refused from then on. */
export function revokeApiKey(keyId: string): Promise<ApiKey> {
  return apiJson<ApiKey>(`/settings/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
