import type { StaffKind, StaffMember } from '@storedesk/shared/staff/schemas';
import { staffMemberSchema } from '@storedesk/shared/staff/schemas';
import { useT } from '@storedesk/web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error.tsx';
import { FormSkeleton } from '@/components/loading-skeleton.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { useIsOwner } from '@/lib/session.ts';
import { useStaffMember } from '@/features/staff/api/get-staff-member.ts';
import { staffKeys } from '@/features/staff/api/staff-keys.ts';
import { useUpdateStaffMember } from '@/features/staff/api/update-staff-member.ts';
import type { StaffFormOutput, StaffSaveResult } from '@/features/staff/components/staff-form.tsx';
import { StaffForm } from '@/features/staff/components/staff-form.tsx';
import { useStaffKindText } from '@/features/staff/staff-kinds.ts';

function EditStaffForm({ kind, member, owner }: { kind: StaffKind; member: StaffMember; owner: boolean }) {
  const t = useT();
  const text = useStaffKindText(kind);
  const queryClient = useQueryClient();
  const update = useUpdateStaffMember();
  const notify = useSnackbar();
  const goBack = useGoBack(text.listHref);
  const key = staffKeys.member(kind, member.id);

  const save = async (values: StaffFormOutput, base?: StaffMember): Promise<StaffSaveResult> => {
    try {
      await update.mutateAsync({
        kind,
        userId: member.id,
        update: { ...values, version: (base ?? member).version },
      });
    } catch (caught) {
      const error = asApiError(caught);
      if (isApiError(error, 409)) {
        const current = staffMemberSchema.safeParse(error.current);
        if (current.success) queryClient.setQueryData(key, current.data);
      } else if (isApiError(error, 404)) {
        // Deleted, or moved out of the admin's zone, meanwhile: the screen goes back to the list.
        void queryClient.invalidateQueries({ queryKey: key });
      }
      return { ok: false, error };
    }
    notify(t('staff.saved', { name: values.name }));
    goBack();
    return { ok: true };
  };

  return (
    <StaffForm
      onCancel={goBack}
      recordName={text.one}
      owner={owner}
      member={member}
      submitLabel={text.save}
      onSave={save}
    />
  );
}

export function StaffEditPage({ kind }: { kind: StaffKind }) {
  const text = useStaffKindText(kind);
  const params = useParams();
  const userId = (kind === 'admins' ? params.adminId : params.dexId) ?? '';
  const owner = useIsOwner();
  const member = useStaffMember(kind, userId);

  // Unknown, of another zone, or deleted meanwhile (SPEC §2).
  if (isApiError(member.error, 404)) return <Navigate to={text.listHref} replace />;

  let content;
  if (member.data) {
    content = <EditStaffForm key={member.data.id} kind={kind} member={member.data} owner={owner} />;
  } else if (member.isError) {
    content = (
      <LoadError
        title={text.loadFailed}
        error={member.error}
        onRetry={() => void member.refetch()}
        retrying={member.isFetching}
      />
    );
  } else {
    content = <FormSkeleton fields={5} label={text.loading} />;
  }

  return (
    <>
      <PageHeader title={text.edit} description={member.data?.name} />
      {content}
    </>
  );
}
