import type { Zone, ZoneInput } from '@storedesk/shared/zones/schemas';
import { zoneSchema } from '@storedesk/shared/zones/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@storedesk/web/i18n';
import { useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useDeleteWithUndo } from '@/components/delete-with-undo.tsx';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { FormSkeleton } from '@/components/loading-skeleton.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import type { ApiError } from '@/lib/api-client.ts';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { useDeleteZone } from '@/features/zones/api/delete-zone.ts';
import { zoneQueryKey, useZone } from '@/features/zones/api/get-zone.ts';
import { useRestoreZone } from '@/features/zones/api/restore-zone.ts';
import { useUpdateZone } from '@/features/zones/api/update-zone.ts';
import type { ZoneSaveResult } from '@/features/zones/components/zone-form.tsx';
import { ZoneForm } from '@/features/zones/components/zone-form.tsx';

function EditZoneForm({ zone, onLeave }: { zone: Zone; onLeave: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const update = useUpdateZone();
  const deleteZone = useDeleteZone();
  const restoreZone = useRestoreZone();
  const notify = useSnackbar();
  const goBack = useGoBack(paths.zones.list.getHref());
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const left = useRef(false);
  const refusal = useRef<ApiError | null>(null);

  const save = async ({ name }: ZoneInput, base: Zone | null): Promise<ZoneSaveResult> => {
    try {
      await update.mutateAsync({ zoneId: zone.id, update: { name, version: (base ?? zone).version } });
    } catch (caught) {
      const error = asApiError(caught);
      if (isApiError(error, 409)) {
        const current = zoneSchema.safeParse(error.current);
        if (current.success) queryClient.setQueryData(zoneQueryKey(zone.id), current.data);
      }
      return { ok: false, error };
    }
    notify(t('zonesPage.saved'));
    goBack();
    return { ok: true };
  };

  const deletion = useDeleteWithUndo<Zone>({
    noun: t('zonesPage.nounOne'),
    question: t('zonesPage.deleteQuestion'),
    remove: async (target) => {
      refusal.current = null;
      try {
        await deleteZone.mutateAsync({ zoneId: target.id, version: target.version });
      } catch (error) {
        refusal.current = asApiError(error);
        throw error;
      }
    },
    restore: (target) => restoreZone.mutateAsync(target.id),
    onError: (message) => {
      // A zone still in use is refused with a 409 of its own: show the server's reason,
      // where useDeleteWithUndo would call every 409 a stale version.
      const shown = refusal.current?.status === 409 ? refusal.current.message : message;
      refusal.current = null;
      // An Undo that fails after the screen is gone still has to be seen.
      if (left.current) notify({ severity: 'error', message: shown });
      else setErrorMessage(shown);
    },
    onDeleted: () => {
      left.current = true;
      onLeave();
      goBack();
    },
  });

  return (
    <>
      <ZoneForm
        onCancel={goBack}
        zone={zone}
        submitLabel={t('zonesPage.saveZone')}
        onSave={save}
        onDelete={deletion.ask}
      />
      {deletion.dialog}
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </>
  );
}

export function ZoneEditPage() {
  const t = useT();
  const { zoneId = '' } = useParams();
  const zone = useZone(zoneId);
  // Deleted from this screen: it is on its way back to the list, not to a "not found" redirect.
  const [leaving, setLeaving] = useState(false);

  // Unknown, or deleted meanwhile (SPEC §2).
  if (isApiError(zone.error, 404) && !leaving) return <Navigate to={paths.zones.list.getHref()} replace />;

  let content;
  if (zone.data) {
    content = <EditZoneForm key={zone.data.id} zone={zone.data} onLeave={() => setLeaving(true)} />;
  } else if (zone.isError) {
    content = (
      <LoadError
        title={t('zonesPage.loadFailed')}
        error={zone.error}
        onRetry={() => void zone.refetch()}
        retrying={zone.isFetching}
      />
    );
  } else {
    content = <FormSkeleton fields={1} label={t('zonesPage.loading')} />;
  }

  return (
    <>
      <PageHeader title={t('zonesPage.editTitle')} description={zone.data?.name} />
      {content}
    </>
  );
}
