import type { OrderSettings } from '@storedesk/shared/settings/order-settings';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/**
 * Whether confirming an order on its page prints its kitchen ticket (Settings › Order Settings,
 * B15). The settings' own key (it starts with the `settings` topic), so the owner's save reaches
 * every open order page live.
 */
export function usePrintOnConfirm(): boolean {
  const settings = useQuery({
    queryKey: ['settings', 'order'] as const,
    queryFn: ({ signal }) => apiJson<OrderSettings>('/settings/order', { signal }),
  });
  return settings.data?.printKitchenOnConfirm ?? false;
}
