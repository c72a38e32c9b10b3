import type { StaffKind, StaffMember } from '@storedesk/shared/staff/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { staffKeys, staffPath } from './staff-keys.ts';

/** GET /api/admins/:userId or /api/delivery-executives/:userId; 404 for one the caller may not see. */
export function getStaffMember(kind: StaffKind, userId: string, signal?: AbortSignal): Promise<StaffMember> {
  return apiJson<StaffMember>(staffPath(kind, userId), { signal });
}

export function staffMemberQueryOptions(kind: StaffKind, userId: string) {
  return queryOptions({
    queryKey: staffKeys.member(kind, userId),
    queryFn: ({ signal }) => getStaffMember(kind, userId, signal),
  });
}

export function useStaffMember(kind: StaffKind, userId: string) {
  return useQuery(staffMemberQueryOptions(kind, userId));
}
