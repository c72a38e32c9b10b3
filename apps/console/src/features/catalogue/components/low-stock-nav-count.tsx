import Chip from '@mui/material/Chip';
import { limits } from '@storedesk/shared/limits';
import { formatCount } from '@storedesk/shared/numbers';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import { useLowStock } from '@/features/catalogue/api/get-low-stock.ts';

/**
 * Beside Low stock in the navigation: how many variants are low in the stores the user sees,
 * nothing when none is (or while it is not known).
 */
export function LowStockNavCount() {
  const { zoneId } = useZoneFilter();
  // The smallest page: only its total is shown.
  const list = useLowStock({ zoneId, page: 0, pageSize: limits.pageSizes[0] });
  const total = list.data?.total ?? 0;
  if (total === 0) return null;
  return <Chip label={formatCount(total)} color="warning" size="small" sx={{ ml: 1 }} />;
}
