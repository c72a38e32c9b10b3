import type { StaffInput, StaffKind, StaffMember } from '@storedesk/shared/staff/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { staffKeys, staffPath } from './staff-keys.ts';

/** POST /api/admins or /api/delivery-executives; 409 with fields.email when the e-mail is taken. */
export function createStaffMember({
  kind,
  input,
}: {
  kind: StaffKind;
  input: StaffInput;
}): Promise<StaffMember> {
  return apiJson<StaffMember>(staffPath(kind), { method: 'POST', body: input });
}

export function useCreateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffMember,
    onSuccess: (member, { kind }) => {
      queryClient.setQueryData(staffKeys.member(kind, member.id), member);
      void queryClient.invalidateQueries({ queryKey: staffKeys.lists(kind) });
    },
  });
}
