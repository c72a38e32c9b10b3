import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { businessDay } from '@storedesk/shared/dates';
import { DayField } from '@/components/day-field.tsx';
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
  const { storeId, from, to } = filters;
  const timeZone = useTimeZone();
  const rangeReversed = from !== undefined && to !== undefined && from > to;
  const filtered = q !== '' || storeId !== undefined || from !== undefined || to !== undefined;

  const dateField = (label: string, value: string | undefined, key: 'from' | 'to') => (
    <DayField
      label={label}
      value={value}
      onChange={(day) => onFilters({ [key]: day })}
      min={key === 'to' ? from : undefined}
      max={key === 'from' ? to : undefined}
      error={key === 'to' && rangeReversed}
      helperText={key === 'to' && rangeReversed ? 'On or after From' : undefined}
      sx={{ width: { xs: '100%', sm: 180 } }}
    />
  );

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ p: 2, flexWrap: 'wrap', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <SearchField label="Search order or customer" value={q} onSearch={onSearch} />
      <StoreFilter storeId={storeId} zoneId={zoneId} onChange={(next) => onFilters({ storeId: next })} />
      {dateField('From', from, 'from')}
      {dateField('To', to, 'to')}
      <Button
        onClick={() => {
          const today = businessDay(Date.now(), timeZone);
          onFilters({ from: today, to: today });
        }}
        sx={{ alignSelf: { sm: 'center' } }}
      >
        Today
      </Button>
      {filtered ? (
        <Button
          onClick={() => onFilters({ storeId: undefined, from: undefined, to: undefined, q: '' })}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}
