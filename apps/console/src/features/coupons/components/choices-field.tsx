import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

/** A store or a customer a coupon is limited to, as the field shows it. */
export type Choice = { id: string; name: string };

type ChoicesSearch = (
  q: string,
  enabled: boolean,
) => { data?: Choice[] | undefined; isFetching: boolean; isError: boolean; error: Error | null };

type ChoicesFieldProps = {
  label: string;
  /** What the options say when the search finds nothing, and when it failed (with the reason). */
  noneFound: string;
  loadFailed: (message: string) => string;
  helperText: string;
  value: Choice[];
  onChange: (choices: Choice[]) => void;
  onBlur: () => void;
  /** The server search behind the options (called as a hook). */
  useSearch: ChoicesSearch;
  error?: string | undefined;
  disabled?: boolean;
};

const searchDelayMs = 250;

/** Several records chosen as chips; the options are searched on the server as the person types. */
export function ChoicesField({
  label,
  noneFound,
  loadFailed,
  helperText,
  value,
  onChange,
  onBlur,
  useSearch,
  error,
  disabled = false,
}: ChoicesFieldProps) {
  const [open, setOpen] = useState(false);
  const [inputValue, setInputValue] = useState('');
  const [q, setQ] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setQ(inputValue.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [inputValue]);

  const search = useSearch(q, open);
  const options = open ? (search.data ?? []) : [];

  return (
    <Autocomplete
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={inputValue}
      onInputChange={(_event, next) => setInputValue(next)}
      onBlur={onBlur}
      options={options}
      // The server has already searched.
      filterOptions={(all) => all}
      filterSelectedOptions
      disableCloseOnSelect
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={open && search.isFetching}
      noOptionsText={search.isError ? loadFailed(search.error?.message ?? '') : noneFound}
      disabled={disabled}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? helperText} />
      )}
    />
  );
}
