import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useState } from 'react';
import type { Ref } from 'react';
import { useCategories } from '@/features/catalogue/api/get-categories.ts';

export type CategoryChoice = { id: string; name: string };

type CategoryAutocompleteProps = {
  storeId: string;
  value: CategoryChoice | null;
  onChange: (value: CategoryChoice | null) => void;
  onBlur: () => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
};

const searchDelayMs = 250;

/** The item's category, searched on the server as the user types: a store may have many. */
export function CategoryAutocomplete({
  storeId,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: CategoryAutocompleteProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [inputValue, setInputValue] = useState(value?.name ?? '');
  const [q, setQ] = useState('');

  useEffect(() => {
    // While the input shows the chosen category, list them all.
    const typed = value && inputValue === value.name ? '' : inputValue.trim();
    const timer = setTimeout(() => setQ(typed), searchDelayMs);
    return () => clearTimeout(timer);
  }, [inputValue, value]);

  const categories = useCategories(storeId, { q, page: 0, pageSize: 25 });
  const options: CategoryChoice[] = open ? (categories.data?.items ?? []) : [];

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
      loading={open && categories.isFetching}
      noOptionsText={
        categories.isError
          ? t('catalogue.categoriesLoadFailed', { message: categories.error.message })
          : t('item.noCategories')
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('item.category')}
          required
          onBlur={onBlur}
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error ?? t('item.categoryHint')}
        />
      )}
    />
  );
}
