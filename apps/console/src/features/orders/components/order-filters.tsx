import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { businessDay } from '@storedesk/shared/dates';
import { useT } from '@storedesk/web/i18n';
import { DayRangeFields } from '@/components/day-range-fields.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { useTimeZone } from '@/lib/session.ts';
import type { OrderFilterChanges, OrderFilters } from '@/features/orders/order-list-params.ts';
import { StoreFilter } from './store-filter.tsx';

type OrderFiltersBarProps = {
  filters: OrderFilters;
  q: string;
  zoneId: string | undefined;
  onFilters: (changes: OrderFilterChanges) => void;
  onSearch: (q: string) => void;
};

/**
 * B2 filters: the order number or customer, the store, and the days placed
 * (both included). The days are the business's calendar days (D19), sent as
 * they are picked; Today is today in the business's time zone, whatever the
 * browser's.
 */
export function OrderFiltersBar({ filters, q, zoneId, onFilters, onSearch }: OrderFiltersBarProps) {
  const t = useT();
  const { storeId, from, to } = filters;
  const timeZone = useTimeZone();
  const filtered = q !== '' || storeId !== undefined || from !== undefined || to !== undefined;

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ p: 2, flexWrap: 'wrap', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <SearchField label={t('orders.search')} value={q} onSearch={onSearch} />
      <StoreFilter storeId={storeId} zoneId={zoneId} onChange={(next) => onFilters({ storeId: next })} />
      <DayRangeFields from={from} to={to} onChange={onFilters} />
      <Button
        onClick={() => {
          const today = businessDay(Date.now(), timeZone);
          onFilters({ from: today, to: today });
        }}
        sx={{ alignSelf: { sm: 'center' } }}
      >
        {t('orders.today')}
      </Button>
      {filtered ? (
        <Button
          onClick={() => onFilters({ storeId: undefined, from: undefined, to: undefined, q: '' })}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          {t('orders.clearFilters')}
        </Button>
      ) : null}
    </Stack>
  );
}
