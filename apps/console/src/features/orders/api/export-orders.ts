import { apiUrl } from '@/lib/api-client.ts';
import type { OrdersQuery } from './get-orders.ts';

/**
 * GET /api/orders/export.csv: every order the list's filters match (not only the
 * page on screen), as a file the browser downloads with the session cookie (B3).
 */
export function exportOrdersHref({ page: _page, pageSize: _pageSize, ...filters }: OrdersQuery): string {
  return apiUrl('/orders/export.csv', { ...filters, q: filters.q || undefined });
}
