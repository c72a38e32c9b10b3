import { useQuery } from '@tanstack/react-query';
import { getStoreChoices } from '@/lib/store-choices.ts';

/** The stores a coupon may be limited to, searched on the server: the pickers' own search, as a list. */
export function useCouponStoreChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['stores', 'choices', { q }],
    queryFn: ({ signal }) => getStoreChoices({ q }, signal),
    select: (list) => list.items,
    enabled,
  });
}
