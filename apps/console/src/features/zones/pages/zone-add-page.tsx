import type { ZoneInput } from '@storedesk/shared/zones/schemas';
import { useT } from '@storedesk/web/i18n';
import { paths } from '@/config/paths.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { useGoBack } from '@/lib/navigation.ts';
import { useCreateZone } from '@/features/zones/api/create-zone.ts';
import type { ZoneSaveResult } from '@/features/zones/components/zone-form.tsx';
import { ZoneForm } from '@/features/zones/components/zone-form.tsx';

export function ZoneAddPage() {
  const t = useT();
  const create = useCreateZone();
  const notify = useSnackbar();
  const goBack = useGoBack(paths.zones.list.getHref());

  const save = async (values: ZoneInput): Promise<ZoneSaveResult> => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      return { ok: false, error: asApiError(error) };
    }
    notify(t('zonesPage.added'));
    goBack();
    return { ok: true };
  };

  return (
    <>
      <PageHeader title={t('zonesPage.add')} description={t('zonesPage.addDescription')} />
      <ZoneForm onCancel={goBack} zone={null} submitLabel={t('zonesPage.add')} onSave={save} />
    </>
  );
}
