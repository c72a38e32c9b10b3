import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { visuallyHidden } from '@mui/utils';
import type { Zone } from '@storedesk/shared/zones/schemas';
import type { ListResponse } from '@storedesk/shared/lists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '@storedesk/web/i18n';
import { useTexts } from '@storedesk/web/texts';
import { useEffect, useMemo, useState, type Ref } from 'react';
import { apiJson } from '@/lib/api-client.ts';
import { useZoneLabel } from './zone-name.ts';

export type ZoneChoice = { id: string; name: string };

const choicesShown = 25;
/** "All zones" is no zone: its id is empty. */
const ALL_ZONES_ID = '';

/** The zones whose names match what is typed (owner only); the key starts with the `zones` topic, so it stays live. */
function useZoneSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['zones', 'list', { q, pageSize: choicesShown }],
    queryFn: ({ signal }) =>
      apiJson<ListResponse<Zone>>('/zones', { query: { q, pageSize: choicesShown }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

type ZonePickerProps = {
  /** "Zone" unless said. */
  label?: string;
  /** The chosen zone's id; null is none (or "All zones" with `allZonesOption`). */
  value: string | null;
  /** The chosen zone's name when the caller has it (an edited record's zoneName). */
  valueName?: string;
  onChange: (zone: ZoneChoice | null) => void;
  /** Offer "All zones" first, as the top bar's switcher does (D4). */
  allZonesOption?: boolean;
  /** The chosen zone no longer exists (404). */
  onMissing?: () => void;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helperText?: string;
  name?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  /** Hide the label visually (the top bar), keeping it for assistive technology. */
  hiddenLabel?: boolean;
  /** Take the focus when it first shows, and open its list too with `open` (the top bar's, once used). */
  focusAtFirst?: { open: boolean };
};

/**
 * Choose a zone of the business, searching by name as you type, so a business
 * with any number of zones can reach each one: the owner's top-bar switcher,
 * the store form and the staff forms all use it.
 */
export function ZonePicker({
  label,
  value,
  valueName,
  onChange,
  allZonesOption = false,
  onMissing,
  required = false,
  disabled = false,
  error,
  helperText,
  name,
  onBlur,
  inputRef,
  size = 'medium',
  hiddenLabel = false,
  focusAtFirst,
}: ZonePickerProps) {
  const t = useT();
  const { text } = useTexts();
  const allZones: ZoneChoice = useMemo(() => ({ id: ALL_ZONES_ID, name: t('zones.all') }), [t]);
  const [open, setOpen] = useState(focusAtFirst?.open ?? false);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);

  const search = useZoneSearch(q, open);
  const listed = search.data?.items.find((zone) => zone.id === value);
  const chosenName = useZoneLabel(value, { known: valueName ?? listed?.name, onMissing });
  const selected: ZoneChoice | null =
    value === null ? (allZonesOption ? allZones : null) : { id: value, name: chosenName };
  const found = (search.data?.items ?? []).map(({ id, name: zoneName }) => ({ id, name: zoneName }));
  const options = allZonesOption && q === '' ? [allZones, ...found] : found;
  const more = search.data && search.data.total > search.data.items.length;

  return (
    <Autocomplete<ZoneChoice, false, boolean, false>
      open={open}
      onOpen={() => {
        setTyped('');
        setQ('');
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
      value={selected}
      options={options}
      // The server searches; every option it answers matches.
      filterOptions={(choices) => choices}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      onChange={(_event, next) => onChange(next === null || next.id === ALL_ZONES_ID ? null : next)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text);
      }}
      loading={search.isFetching}
      noOptionsText={search.isError ? t('zones.loadFailed') : t('zones.noMatch')}
      loadingText={text('web.loading')}
      disableClearable={allZonesOption || required}
      disabled={disabled}
      size={size}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('zones.zone')}
          name={name}
          required={required}
          error={Boolean(error)}
          helperText={error ?? (open && more ? t('zones.typeToSearch') : helperText)}
          onBlur={onBlur}
          inputRef={inputRef}
          autoFocus={focusAtFirst !== undefined}
          // Focused without a click (Autocomplete selects the name on a click): typing replaces the name.
          onFocus={focusAtFirst ? (event) => event.target.select() : undefined}
          slotProps={{
            ...params.slotProps,
            inputLabel: hiddenLabel
              ? { ...params.slotProps?.inputLabel, sx: visuallyHidden }
              : params.slotProps?.inputLabel,
            input: {
              ...params.slotProps?.input,
              // A hidden label leaves no gap in the outline.
              ...(hiddenLabel ? { notched: false } : {}),
              endAdornment: (
                <>
                  {search.isFetching && open ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps?.input?.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
