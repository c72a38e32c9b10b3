import type { ListResponse } from '@storedesk/shared/lists';
import type { Store } from '@storedesk/shared/stores/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** GET /api/stores?q&pageSize=25: the stores a coupon may be limited to, searched on the server. */
export function getCouponStoreChoices(
  q: string,
  signal?: AbortSignal,
): Promise<Array<{ id: string; name: string }>> {
  return apiJson<ListResponse<Pick<Store, 'id' | 'name'>>>('/stores', {
    query: { q, pageSize: 25 },
    signal,
  }).then((list) => list.items);
}

export function useCouponStoreChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['stores', 'coupon-choices', q],
    queryFn: ({ signal }) => getCouponStoreChoices(q, signal),
    enabled,
  });
}
