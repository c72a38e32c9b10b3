import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Item } from '@storedesk/shared/catalogue/schemas';
import { isLoose, isLowStock, weightText } from '@storedesk/shared/catalogue/variants';
import { useT } from '@storedesk/web/i18n';
import { formatCount } from '@storedesk/shared/numbers';
import { stockShown } from '@/features/catalogue/stock-shown.ts';

/** Whether any of the item's counted variants is at or below its low-stock mark. */
export const itemLowOnStock = (item: Item) => item.variants.some(isLowStock);

/** What counted variants hold together: their units, and the weight of those sold loose ("12 + 40 kg"). */
function totalShown(counted: Item['variants']): string {
  const sum = (variants: Item['variants']) => variants.reduce((total, variant) => total + variant.stock!, 0);
  const packs = counted.filter((variant) => !isLoose(variant));
  const loose = counted.filter(isLoose);
  const parts = [
    ...(packs.length > 0 ? [formatCount(sum(packs))] : []),
    ...(loose.length > 0 ? [weightText(sum(loose))] : []),
  ];
  return parts.join(' + ');
}

/**
 * An item's stock in a list: the units of its counted variants together, the weight of those sold
 * loose ("—" when none is counted), each variant's own count on hover when there are several.
 */
export function StockCount({ item }: { item: Item }) {
  const t = useT();
  const counted = item.variants.filter((variant) => variant.stock !== null);
  if (counted.length === 0) return <span title={t('stock.notCounted')}>—</span>;
  const total = totalShown(counted);
  if (item.variants.length === 1) return <span>{total}</span>;
  const each = item.variants
    .map(
      (variant) =>
        `${variant.label}: ${variant.stock === null ? t('stock.notCountedShort') : stockShown(variant, variant.stock)}`,
    )
    .join(' · ');
  return (
    <Tooltip title={each}>
      <span>{total}</span>
    </Tooltip>
  );
}

/** "Low stock" beside an item any of whose variants is low. */
export function LowStockChip({ item }: { item: Item }) {
  const t = useT();
  return itemLowOnStock(item) ? <Chip label={t('stock.low')} color="warning" size="small" /> : null;
}

/** The count and the chip together, for a table cell. */
export function StockCell({ item }: { item: Item }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
      <LowStockChip item={item} />
      <StockCount item={item} />
    </Stack>
  );
}
