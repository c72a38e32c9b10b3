import type { StaffKind } from '@storedesk/shared/staff/schemas';
import { useT } from '@storedesk/web/i18n';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { useIsOwner } from '@/lib/session.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import { useCreateStaffMember } from '@/features/staff/api/create-staff-member.ts';
import type { StaffFormOutput, StaffSaveResult } from '@/features/staff/components/staff-form.tsx';
import { StaffForm } from '@/features/staff/components/staff-form.tsx';
import { useStaffKindText } from '@/features/staff/staff-kinds.ts';

export function StaffAddPage({ kind }: { kind: StaffKind }) {
  const t = useT();
  const text = useStaffKindText(kind);
  const owner = useIsOwner();
  const { zoneId } = useZoneFilter();
  // A link may name the zone (the order screens' "Add a delivery executive"); else the top bar's.
  const linkedZone = z.uuid().safeParse(useSearchParams()[0].get('zoneId')).data;
  const defaultZoneId = owner ? (linkedZone ?? zoneId) : undefined;
  const create = useCreateStaffMember();
  const notify = useSnackbar();
  const goBack = useGoBack(text.listHref);

  const save = async (input: StaffFormOutput): Promise<StaffSaveResult> => {
    try {
      // The add form requires the password (staffInputSchema).
      await create.mutateAsync({ kind, input: { ...input, password: input.password! } });
    } catch (error) {
      return { ok: false, error: asApiError(error) };
    }
    notify(t('staff.added', { name: input.name }));
    goBack();
    return { ok: true };
  };

  return (
    <>
      <PageHeader title={text.add} description={owner ? undefined : t('staff.joinYourZone')} />
      <StaffForm
        onCancel={goBack}
        recordName={text.one}
        owner={owner}
        defaultZoneId={defaultZoneId}
        submitLabel={text.add}
        onSave={save}
      />
    </>
  );
}
