import type {
  Helpline,
  HelplineInput,
  HelplineList,
  HelplineUpdate,
} from '@storedesk/shared/settings/helplines';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson } from '@/lib/api-client.ts';

/** Starts with the `settings` topic, so a colleague's change (a live event of that topic) refreshes it. */
export const helplinesQueryKey = ['settings', 'helplines'] as const;

/** GET /api/settings/helplines (owner only): every helpline of the business, oldest first. */
export function getHelplines(signal?: AbortSignal): Promise<HelplineList> {
  return apiJson<HelplineList>('/settings/helplines', { signal });
}

export const helplinesQueryOptions = queryOptions({
  queryKey: helplinesQueryKey,
  queryFn: ({ signal }) => getHelplines(signal),
});

export function useHelplines() {
  return useQuery(helplinesQueryOptions);
}

/** POST /api/settings/helplines; 409 when the business has the most helplines it may. */
export function createHelpline(input: HelplineInput): Promise<Helpline> {
  return apiJson<Helpline>('/settings/helplines', { method: 'POST', body: input });
}

export function useCreateHelpline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHelpline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: helplinesQueryKey }),
  });
}

/** PATCH /api/settings/helplines/:id; 409 with the current helpline when `version` is stale (D9). */
export function updateHelpline({ id, update }: { id: string; update: HelplineUpdate }): Promise<Helpline> {
  return apiJson<Helpline>(`/settings/helplines/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: update,
  });
}

export function useUpdateHelpline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHelpline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: helplinesQueryKey }),
  });
}

/** DELETE /api/settings/helplines/:id?version=N: removed for good (helplines have no trash). */
export async function deleteHelpline({ id, version }: { id: string; version: number }): Promise<void> {
  await apiFetch(`/settings/helplines/${encodeURIComponent(id)}`, { method: 'DELETE', query: { version } });
}

export function useDeleteHelpline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHelpline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: helplinesQueryKey }),
  });
}
