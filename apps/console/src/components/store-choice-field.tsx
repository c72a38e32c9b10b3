import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useT } from '@storedesk/web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTexts } from '@storedesk/web/texts';
import type { StoreChoice } from '@/lib/store-choices.ts';
import { storeChoiceQueryKey, useStoreChoice, useStoreChoices } from '@/lib/store-choices.ts';

type StoreChoiceFieldProps = {
  label: string;
  storeId: string | undefined;
  onChange: (store: StoreChoice | null) => void;
  /** The owner's zone switcher: only that zone's stores are offered. */
  zoneId?: string | undefined;
  /** A store not to offer (the one being filled). */
  exclude?: string;
  size?: 'small' | 'medium';
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
};

const searchDelayMs = 250;

/** One of the caller's stores, searched on the server as the person types. */
export function StoreChoiceField({
  label,
  storeId,
  onChange,
  zoneId,
  exclude,
  size = 'medium',
  autoFocus = false,
  sx,
}: StoreChoiceFieldProps) {
  const t = useT();
  const { text } = useTexts();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [inputValue, setInputValue] = useState('');
  const [q, setQ] = useState('');

  // A link or a reload names the store by id only.
  const chosen = useStoreChoice(storeId);
  const chosenName = chosen.data?.name ?? (chosen.isError ? t('storeChoice.unknown') : '');
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
  const options = open ? (stores.data?.items ?? []).filter((store) => store.id !== exclude) : [];

  return (
    <Autocomplete
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => {
        if (next) queryClient.setQueryData(storeChoiceQueryKey(next.id), next);
        onChange(next);
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
        stores.isError
          ? t('storeChoice.loadFailed', { message: stores.error.message })
          : t('storeChoice.none')
      }
      loadingText={text('web.loading')}
      sx={sx}
      renderInput={(params) => <TextField {...params} label={label} autoFocus={autoFocus} />}
    />
  );
}
