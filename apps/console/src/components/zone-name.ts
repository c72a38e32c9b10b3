import type { Zone } from '@storedesk/shared/zones/schemas';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useEffectEvent } from 'react';
import { apiJson, isApiError } from '@/lib/api-client.ts';

/**
 * The name to show for a zone the caller knows only by its id (a zone remembered by id; null for
 * none): `known` when the caller has it, else the server's answer ('…' while it is read, "removed"
 * for a zone that is gone, "not loaded" when the read failed). `onMissing` is called once the zone
 * turns out to be gone. The zone pickers, and the top bar's field before its picker loads, share it
 * and its answer; `read: false` keeps a caller to the answer already there.
 */
export function useZoneLabel(
  zoneId: string | null,
  { known, read = true, onMissing }: { known?: string; read?: boolean; onMissing?: () => void },
): string {
  const t = useT();
  const named = useQuery({
    queryKey: ['zones', 'detail', zoneId],
    queryFn: ({ signal }) => apiJson<Zone>(`/zones/${encodeURIComponent(zoneId!)}`, { signal }),
    enabled: read && known === undefined && zoneId !== null,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
  const missing = isApiError(named.error, 404);
  // Callers pass a new function each render; only a zone turning out missing should call it.
  const reportMissing = useEffectEvent(() => onMissing?.());
  useEffect(() => {
    if (missing) reportMissing();
  }, [missing]);
  return (
    known ?? named.data?.name ?? (missing ? t('zones.removed') : named.isError ? t('zones.notLoaded') : '…')
  );
}
