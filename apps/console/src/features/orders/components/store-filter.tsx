import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { StoreChoice } from '@/features/orders/api/get-store-choices.ts';
import { useStoreChoice, useStoreChoices } from '@/features/orders/api/get-store-choices.ts';
import { useT } from '@storedesk/web/i18n';
import { useTexts } from '@storedesk/web/texts';

type StoreFilterProps = {
  storeId: string | undefined;
  /** The owner's zone switcher: only that zone's stores are offered. */
  zoneId: string | undefined;
  onChange: (storeId: string | undefined) => void;
};

const searchDelayMs = 250;

/** Orders of one store: the stores are searched on the server as the user types. */
export function StoreFilter({ storeId, zoneId, onChange }: StoreFilterProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const { text } = useTexts();
  const [open, setOpen] = useState(false);
  const [inputValue, setInputValue] = useState('');
  const [q, setQ] = useState('');

  // A link or a reload names the store by id only.
  const chosen = useStoreChoice(storeId);
  const chosenName = chosen.data?.name ?? (chosen.isError ? t('orders.unknownStore') : '');
  const value = useMemo<StoreChoice | null>(
    () => (storeId ? { id: storeId, name: chosenName } : null),
    [storeId, chosenName],
  );

  useEffect(() => {
    // While the input shows the chosen store, list them all.
    const typed = value && inputValue === value.name ? '' : inputValue.trim();
    const timer = setTimeout(() => setQ(typed), searchDelayMs);
    return () => clearTimeout(timer);
  }, [inputValue, value]);

  const stores = useStoreChoices({ zoneId, q }, { enabled: open });
  const options = open ? (stores.data?.items ?? []) : [];

  return (
    <Autocomplete
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => {
        if (next) queryClient.setQueryData(['stores', 'choice', next.id], next);
        onChange(next?.id);
      }}
      inputValue={inputValue}
      onInputChange={(_event, next) => setInputValue(next)}
      options={options}
      // The server has already searched.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={open && stores.isFetching}
      noOptionsText={
        stores.isError ? t('orders.storesFailed', { message: stores.error.message }) : t('orders.noStores')
      }
      sx={{ width: { xs: '100%', sm: 240 } }}
      loadingText={text('web.loading')}
      renderInput={(params) => <TextField {...params} label={t('orders.colStore')} />}
    />
  );
}
