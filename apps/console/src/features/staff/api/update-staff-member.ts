import type { StaffKind, StaffMember, StaffUpdate } from '@storedesk/shared/staff/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { staffKeys, staffPath } from './staff-keys.ts';

type UpdateStaffMember = { kind: StaffKind; userId: string; update: StaffUpdate };

/**
 * PATCH /api/admins/:userId or /api/delivery-executives/:userId with the version
 * the edit is based on; 409 with `current` when it is stale. A blank password
 * is undefined by then (staffUpdateSchema), so none is sent.
 */
export function updateStaffMember({ kind, userId, update }: UpdateStaffMember): Promise<StaffMember> {
  return apiJson<StaffMember>(staffPath(kind, userId), { method: 'PATCH', body: update });
}

export function useUpdateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffMember,
    onSuccess: (member, { kind }) => {
      queryClient.setQueryData(staffKeys.member(kind, member.id), member);
      void queryClient.invalidateQueries({ queryKey: staffKeys.lists(kind) });
    },
  });
}
