import ArrowDropDownOutlined from '@mui/icons-material/ArrowDropDownOutlined';
import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import type { ZonePicker as ZonePickerType } from '@/components/zone-picker.tsx';
import { useZoneLabel } from '@/components/zone-name.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';

/** How the person first used the field: a press opens its list, a Tab only brings the focus. */
type Engaged = { open: boolean };

/**
 * D4: the owner filters stores, orders, delivery executives and the dashboard
 * by zone. The zones are searched as one types, so any number of them can be
 * reached; a remembered zone that no longer exists falls back to all zones.
 *
 * Until the owner first uses it, the field is a plain one that reads as the picker does (a
 * combobox named Zone, holding the chosen zone's name): the picker (MUI's Autocomplete, the
 * costliest part of the shell to build) loads at the first focus or press and then takes the
 * field's place and the focus (ADR 0096), so a phone shows the first screen sooner. The field keeps
 * the focus while the picker loads.
 */
export function ZoneSwitcher() {
  const t = useT();
  const { zoneId, setZoneId } = useZoneFilter();
  const [engaged, setEngaged] = useState<Engaged | null>(null);
  const [Picker, setPicker] = useState<typeof ZonePickerType | null>(null);
  const engage = (how: Engaged) => {
    setEngaged((now) => (now === null || how.open ? how : now));
    if (engaged !== null) return;
    import('@/components/zone-picker.tsx').then(
      (module) => setPicker(() => module.ZonePicker),
      // Not loaded (offline): the next focus or press tries again.
      () => setEngaged(null),
    );
  };
  const label = useZoneLabel(zoneId ?? null, {
    read: engaged === null,
    onMissing: () => setZoneId(undefined),
  });
  const name = zoneId === undefined ? t('zones.all') : label;
  const standIn = (
    <OutlinedInput
      size="small"
      fullWidth
      value={name}
      readOnly
      endAdornment={<ArrowDropDownOutlined sx={{ color: 'action.active' }} />}
      onFocus={() => engage({ open: false })}
      onMouseDown={() => engage({ open: true })}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') engage({ open: true });
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
      {engaged && Picker ? (
        <Picker
          allZonesOption
          hiddenLabel
          size="small"
          value={zoneId ?? null}
          onChange={(zone) => setZoneId(zone?.id)}
          onMissing={() => setZoneId(undefined)}
          focusAtFirst={engaged}
        />
      ) : (
        standIn
      )}
    </Box>
  );
}
