import type { Store, StoreInput } from '@storedesk/shared/stores/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { storeQueryKey } from './get-store.ts';
import { storesListKey } from './get-stores.ts';

/** POST /api/stores: a new store starts Closed. Only the owner sends `zoneId`. */
export function createStore(input: StoreInput): Promise<Store> {
  return apiJson<Store>('/stores', { method: 'POST', body: input });
}

export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStore,
    onSuccess: (store) => {
      queryClient.setQueryData(storeQueryKey(store.id), store);
      void queryClient.invalidateQueries({ queryKey: storesListKey });
    },
  });
}
