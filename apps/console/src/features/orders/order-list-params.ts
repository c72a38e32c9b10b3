import { OrderStatus } from '@storedesk/shared/orders';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchUpdate } from '@/lib/search-update.ts';
import type { OrderSort } from '@/features/orders/api/get-orders.ts';

/** The status tabs of the active list (B2); undefined is All. */
export type ActiveStatus =
  typeof OrderStatus.Placed | typeof OrderStatus.Confirmed | typeof OrderStatus.PickedUp;

export type OrderFilters = {
  status: ActiveStatus | undefined;
  storeId: string | undefined;
  /** Days as YYYY-MM-DD, both included. */
  from: string | undefined;
  to: string | undefined;
  sort: OrderSort;
};

export const defaultSort: OrderSort = 'newest';

const sorts: readonly OrderSort[] = ['newest', 'oldest', 'status', '-status'];
const activeStatuses: readonly number[] = [OrderStatus.Placed, OrderStatus.Confirmed, OrderStatus.PickedUp];
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function day(value: string | null): string | undefined {
  return value !== null && dayPattern.test(value) ? value : undefined;
}

function readFilters(search: URLSearchParams): OrderFilters {
  const status = search.get('status');
  const storeId = search.get('storeId');
  const sort = search.get('sort') as OrderSort | null;
  return {
    status:
      status !== null && status !== '' && activeStatuses.includes(Number(status))
        ? (Number(status) as ActiveStatus)
        : undefined,
    storeId: storeId !== null && idPattern.test(storeId) ? storeId : undefined,
    from: day(search.get('from')),
    to: day(search.get('to')),
    sort: sort !== null && sorts.includes(sort) ? sort : defaultSort,
  };
}

/**
 * The status tab, store, days and sort of an orders list, kept in the URL next
 * to the search and page of `useListParams`, so a reload or a shared link shows
 * the same list. Defaults are left out; any change starts again at the first page.
 * A change that also clears the search passes `q` here, so it is one change of the URL.
 */
export type OrderFilterChanges = Partial<OrderFilters> & {
  /** The search too, when the change clears everything at once. */
  q?: string;
};

export function useOrderFilters(): [OrderFilters, (changes: OrderFilterChanges) => void] {
  const [search] = useSearchParams();
  const filters = readFilters(search);
  const updateSearch = useSearchUpdate();

  const setFilters = useCallback(
    (changes: OrderFilterChanges) => {
      updateSearch((previous) => {
        const next = new URLSearchParams(previous);
        const merged = { ...readFilters(previous), ...changes };
        const entries: [string, string | undefined][] = [
          ['status', merged.status === undefined ? undefined : String(merged.status)],
          ['storeId', merged.storeId],
          ['from', merged.from],
          ['to', merged.to],
          ['sort', merged.sort === defaultSort ? undefined : merged.sort],
        ];
        for (const [key, value] of entries) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (changes.q !== undefined) {
          if (changes.q.trim()) next.set('q', changes.q.trim());
          else next.delete('q');
        }
        next.delete('page');
        return next;
      });
    },
    [updateSearch],
  );

  return [filters, setFilters];
}
