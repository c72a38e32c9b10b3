import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useId } from 'react';
import { useZones } from '../../features/zones/api/get-zones.ts';
import { useZoneFilter } from '../../lib/zone-filter.ts';

const allZones = 'all';

/** D4: the owner filters stores, orders, delivery executives and the dashboard by zone. */
export function ZoneSwitcher() {
  const { zoneId, setZoneId } = useZoneFilter();
  const zones = useZones({ pageSize: 25 });
  const labelId = useId();

  const items = zones.data?.items ?? [];
  const known = zoneId !== undefined && items.some((zone) => zone.id === zoneId);
  const listedAll = zones.data !== undefined && zones.data.items.length >= zones.data.total;

  useEffect(() => {
    // A remembered zone that no longer exists falls back to all zones.
    if (listedAll && zoneId !== undefined && !known) setZoneId(undefined);
  }, [listedAll, zoneId, known, setZoneId]);

  const value = zoneId ?? allZones;
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <FormControl size="small" sx={{ width: { xs: 112, sm: 180 } }}>
        {/* Named for assistive technology; on the coloured bar a floating label would be cut by the outline. */}
        <InputLabel id={labelId} sx={visuallyHidden}>
          Zone
        </InputLabel>
        <Select
          labelId={labelId}
          notched={false}
          value={value}
          onChange={(event) => setZoneId(event.target.value === allZones ? undefined : event.target.value)}
          sx={{ bgcolor: 'background.paper' }}
        >
          <MenuItem value={allZones}>All zones</MenuItem>
          {items.map((zone) => (
            <MenuItem key={zone.id} value={zone.id}>
              {zone.name}
            </MenuItem>
          ))}
          {zoneId !== undefined && !known ? (
            <MenuItem value={zoneId} disabled>
              {zones.isError ? 'Zone (not loaded)' : 'Loading…'}
            </MenuItem>
          ) : null}
        </Select>
      </FormControl>
      {zones.isError ? (
        <Tooltip title={`Could not load zones: ${zones.error.message}`}>
          <IconButton color="inherit" aria-label="Retry loading zones" onClick={() => void zones.refetch()}>
            <RefreshOutlined />
          </IconButton>
        </Tooltip>
      ) : null}
    </Stack>
  );
}
