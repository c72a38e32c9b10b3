import type { StaffKind } from '@storedesk/shared/staff/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { staffKeys, staffPath } from './staff-keys.ts';

type DeleteStaffMember = { kind: StaffKind; userId: string; version: number };

/**
 * DELETE /api/admins/:userId or /api/delivery-executives/:userId?version=N.
 * People are not kept in the trash; an executive holding open orders is refused (409).
 */
export async function deleteStaffMember({ kind, userId, version }: DeleteStaffMember): Promise<void> {
  await apiFetch(staffPath(kind, userId), { method: 'DELETE', query: { version } });
}

export function useDeleteStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStaffMember,
    onSettled: (_result, _error, { kind }) =>
      queryClient.invalidateQueries({ queryKey: staffKeys.all(kind) }),
  });
}
