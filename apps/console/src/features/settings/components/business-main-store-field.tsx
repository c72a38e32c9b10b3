import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useState } from 'react';
import type { MainStoreChoice } from '@/features/settings/api/business.ts';
import { useMainStoreChoices } from '@/features/settings/api/business.ts';

type MainStoreFieldProps = {
  value: MainStoreChoice | null;
  onChange: (store: MainStoreChoice | null) => void;
  onBlur: () => void;
  /** A business of multiple stores has no main store to choose (SPEC §4). */
  disabled: boolean;
  error?: string | undefined;
  /** Said under the field when there is no error. */
  hint: string;
  inputRef?: Ref<HTMLInputElement>;
};

const searchDelayMs = 250;

/** The main store of a single-store business: the stores are searched on the server as the owner types. */
export function MainStoreField({
  value,
  onChange,
  onBlur,
  disabled,
  error,
  hint,
  inputRef,
}: MainStoreFieldProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [inputValue, setInputValue] = useState(value?.name ?? '');
  const [q, setQ] = useState('');

  useEffect(() => {
    // While the input shows the chosen store, list them all.
    const typed = value && inputValue === value.name ? '' : inputValue.trim();
    const timer = setTimeout(() => setQ(typed), searchDelayMs);
    return () => clearTimeout(timer);
  }, [inputValue, value]);

  const stores = useMainStoreChoices(q, { enabled: open && !disabled });
  const options = open ? (stores.data?.items ?? []) : [];

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={inputValue}
      onInputChange={(_event, next) => setInputValue(next)}
      options={options}
      // The server has already searched.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={open && stores.isFetching}
      noOptionsText={
        stores.isError
          ? t('settings.others.storesFailed', { error: stores.error.message })
          : t('settings.others.noStores')
      }
      disabled={disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('settings.others.mainStore')}
          required={!disabled}
          onBlur={onBlur}
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error ?? hint}
          // The hint says why the field is off, so it stays readable while the field is disabled.
          slotProps={{ ...params.slotProps, formHelperText: { disabled: false } }}
        />
      )}
    />
  );
}
