import Box from '@mui/material/Box';
import { useDeferredValue } from 'react';
import { ZonePicker } from '@/components/zone-picker.tsx';
import { useZoneFilter } from '@/lib/zone-filter.ts';

/**
 * D4: the owner filters stores, orders, delivery executives and the dashboard
 * by zone. The zones are searched as one types, so any number of them can be
 * reached; a remembered zone that no longer exists falls back to all zones.
 */
export function ZoneSwitcher() {
  const { zoneId, setZoneId } = useZoneFilter();
  // The search field is among the costliest parts of the shell to build: the first screen keeps
  // its place and builds it in the background right after, so that a phone shows the page sooner.
  const built = useDeferredValue(true, false);
  return (
    <Box
      sx={{
        width: { xs: 128, sm: 220 },
        flexShrink: 0,
        // Readable on the coloured bar: the field keeps the paper colour of the theme.
        '& .MuiInputBase-root': { bgcolor: 'background.paper', color: 'text.primary' },
      }}
    >
      {built ? (
        <ZonePicker
          allZonesOption
          hiddenLabel
          size="small"
          value={zoneId ?? null}
          onChange={(zone) => setZoneId(zone?.id)}
          onMissing={() => setZoneId(undefined)}
        />
      ) : (
        // A small outlined field's height, so nothing moves when the field arrives.
        <Box sx={{ height: 40 }} />
      )}
    </Box>
  );
}
