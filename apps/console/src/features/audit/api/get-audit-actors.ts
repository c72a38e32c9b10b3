import type { AuditActorsResponse } from '@storedesk/shared/audit/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { auditLogKey } from '@/features/audit/api/get-audit-log.ts';

/** GET /api/audit-log/actors: the people the log names, for its filter by person. */
export function getAuditActors(signal?: AbortSignal): Promise<AuditActorsResponse> {
  return apiJson<AuditActorsResponse>('/audit-log/actors', { signal });
}

export function auditActorsQueryOptions() {
  return queryOptions({
    queryKey: [...auditLogKey, 'actors'],
    queryFn: ({ signal }) => getAuditActors(signal),
  });
}

export function useAuditActors() {
  return useQuery(auditActorsQueryOptions());
}
