import type { AuditKind, AuditLogResponse } from '@storedesk/shared/audit/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** The filters of the audit log; undefined is "any". */
export type AuditLogQuery = {
  actorId: string | undefined;
  kind: AuditKind | undefined;
  from: string | undefined;
  to: string | undefined;
  page: number;
  pageSize: number;
};

export const auditLogKey = ['audit-log'] as const;

/** GET /api/audit-log (owner only): staff writes and sign-ins, newest first. */
export function getAuditLog(query: AuditLogQuery, signal?: AbortSignal): Promise<AuditLogResponse> {
  return apiJson<AuditLogResponse>('/audit-log', { query, signal });
}

export function auditLogQueryOptions(query: AuditLogQuery) {
  return queryOptions({
    queryKey: [...auditLogKey, 'list', query],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(query: AuditLogQuery) {
  return useQuery(auditLogQueryOptions(query));
}
