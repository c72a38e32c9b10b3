import ArrowDropDownOutlined from '@mui/icons-material/ArrowDropDownOutlined';
import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useT } from '@storedesk/web/i18n';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useZoneName } from '@/components/zone-name.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';

const ZonePicker = lazy(async () => ({ default: (await import('@/components/zone-picker.tsx')).ZonePicker }));

/** How the person first used the field: a press opens its list, a Tab only brings the focus. */
type Engaged = { open: boolean };

/**
 * D4: the owner filters stores, orders, delivery executives and the dashboard
 * by zone. The zones are searched as one types, so any number of them can be
 * reached; a remembered zone that no longer exists falls back to all zones.
 *
 * Until the owner first uses it, the field is a plain one that reads as the picker does (a
 * combobox named Zone, holding the chosen zone's name): the picker (MUI's Autocomplete, the
 * costliest part of the shell to build) loads and takes its place at the first focus or press
 * (ADR 0096), so a phone shows the first screen sooner.
 */
export function ZoneSwitcher() {
  const t = useT();
  const { zoneId, setZoneId } = useZoneFilter();
  const [engaged, setEngaged] = useState<Engaged | null>(null);
  const named = useZoneName(zoneId ?? null, engaged === null);
  const missing = isApiError(named.error, 404);
  const fallBack = useEffectEvent(() => setZoneId(undefined));
  useEffect(() => {
    if (missing) fallBack();
  }, [missing]);

  const name =
    zoneId === undefined
      ? t('zones.all')
      : (named.data?.name ?? (missing ? t('zones.removed') : named.isError ? t('zones.notLoaded') : '…'));
  const standIn = (
    <OutlinedInput
      size="small"
      fullWidth
      value={name}
      readOnly
      endAdornment={<ArrowDropDownOutlined sx={{ color: 'action.active' }} />}
      onFocus={() => setEngaged((now) => now ?? { open: false })}
      onMouseDown={() => setEngaged({ open: true })}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ')
          setEngaged({ open: true });
      }}
      inputProps={{
        role: 'combobox',
        'aria-label': t('zones.zone'),
        'aria-expanded': false,
        'aria-haspopup': 'listbox',
        'aria-autocomplete': 'list',
      }}
    />
  );
  return (
    <Box
      sx={{
        width: { xs: 128, sm: 220 },
        flexShrink: 0,
        // Readable on the coloured bar: the field keeps the paper colour of the theme.
        '& .MuiInputBase-root': { bgcolor: 'background.paper', color: 'text.primary' },
      }}
    >
      {engaged ? (
        <Suspense fallback={standIn}>
          <ZonePicker
            allZonesOption
            hiddenLabel
            size="small"
            value={zoneId ?? null}
            onChange={(zone) => setZoneId(zone?.id)}
            onMissing={() => setZoneId(undefined)}
            focusAtFirst={engaged}
          />
        </Suspense>
      ) : (
        standIn
      )}
    </Box>
  );
}
