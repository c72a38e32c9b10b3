import type { ListResponse } from '@storedesk/shared/lists';
import type { StaffKind, StaffMember } from '@storedesk/shared/staff/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { staffKeys, staffPath } from './staff-keys.ts';

export type StaffQuery = { zoneId: string | undefined; q: string; page: number; pageSize: number };

/**
 * GET /api/admins or /api/delivery-executives: searched by name, paged; the
 * owner may name a zone, an admin always gets their own (D3, D4).
 */
export function getStaff(
  kind: StaffKind,
  query: StaffQuery,
  signal?: AbortSignal,
): Promise<ListResponse<StaffMember>> {
  return apiJson<ListResponse<StaffMember>>(staffPath(kind), { query, signal });
}

export function staffQueryOptions(kind: StaffKind, query: StaffQuery) {
  return queryOptions({
    queryKey: [...staffKeys.lists(kind), query],
    queryFn: ({ signal }) => getStaff(kind, query, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useStaff(kind: StaffKind, query: StaffQuery) {
  return useQuery(staffQueryOptions(kind, query));
}
