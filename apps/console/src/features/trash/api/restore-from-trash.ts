import type { EventTopic } from '@storedesk/shared/events/topics';
import type { TrashKind } from '@storedesk/shared/trash/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/** The screens that show a restored record, by the live-event topic their query keys start with. */
const topicOfKind: Record<TrashKind, EventTopic> = {
  stores: 'stores',
  categories: 'catalogue',
  items: 'catalogue',
  slides: 'slides',
  zones: 'zones',
};

/**
 * POST /api/trash/:kind/:id/restore: brings a deleted record back (D7). 409 with
 * the reason when it cannot come back yet: its store (or a store's zone) is in
 * the trash too, or a live zone has taken the name meanwhile.
 */
export async function restoreFromTrash({ kind, id }: { kind: TrashKind; id: string }): Promise<void> {
  await apiFetch(`/trash/${kind}/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}

export function useRestoreFromTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreFromTrash,
    onSettled: (_data, _error, { kind }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['trash'] }),
        queryClient.invalidateQueries({ queryKey: [topicOfKind[kind]] }),
      ]),
  });
}
