import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useT } from '@storedesk/web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type Ref } from 'react';
import { useTexts } from '@storedesk/web/texts';
import type { StoreChoice } from '@/lib/store-choices.ts';
import { storeChoiceQueryKey, useStoreChoice, useStoreChoices } from '@/lib/store-choices.ts';

type StoreAutocompleteProps = {
  label: string;
  value: StoreChoice | null;
  onChange: (store: StoreChoice | null) => void;
  /** The owner's zone switcher: only that zone's stores are offered. */
  zoneId?: string | undefined;
  /** A store not to offer (the one being filled). */
  exclude?: string | undefined;
  size?: 'small' | 'medium';
  autoFocus?: boolean;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** As a form's field: its blur, its ref, whether it is off or required, its error, else its hint. */
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  required?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
};

const searchDelayMs = 250;

/** One of the caller's stores, searched on the server as the person types. */
export function StoreAutocomplete({
  label,
  value,
  onChange,
  zoneId,
  exclude,
  size = 'medium',
  autoFocus = false,
  fullWidth = false,
  sx,
  onBlur,
  inputRef,
  disabled = false,
  required = false,
  error,
  hint,
}: StoreAutocompleteProps) {
  const t = useT();
  const { text } = useTexts();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [inputValue, setInputValue] = useState(value?.name ?? '');
  const [q, setQ] = useState('');

  useEffect(() => {
    // While the input shows the chosen store, list them all.
    const typed = value && inputValue === value.name ? '' : inputValue.trim();
    const timer = setTimeout(() => setQ(typed), searchDelayMs);
    return () => clearTimeout(timer);
  }, [inputValue, value]);

  const stores = useStoreChoices({ zoneId, q }, { enabled: open && !disabled });
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
      disabled={disabled}
      fullWidth={fullWidth}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          required={required}
          onBlur={onBlur}
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error ?? hint}
          // A hint may say why the field is off, so it stays readable while the field is disabled.
          slotProps={{ ...params.slotProps, formHelperText: { disabled: false } }}
        />
      )}
    />
  );
}

type StoreChoiceFieldProps = Omit<StoreAutocompleteProps, 'value'> & {
  /** The store chosen, by id only (a link or a reload names it so). */
  storeId: string | undefined;
};

/** A store picker whose choice is an id: its name is asked of the server when only the id is known. */
export function StoreChoiceField({ storeId, ...props }: StoreChoiceFieldProps) {
  const t = useT();
  const chosen = useStoreChoice(storeId);
  const chosenName = chosen.data?.name ?? (chosen.isError ? t('storeChoice.unknown') : '');
  const value = useMemo<StoreChoice | null>(
    () => (storeId ? { id: storeId, name: chosenName } : null),
    [storeId, chosenName],
  );
  return <StoreAutocomplete {...props} value={value} />;
}
