import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { trashKinds } from '@storedesk/shared/trash/schemas';
import type { TrashKind } from '@storedesk/shared/trash/schemas';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchUpdate } from '@/lib/search-update.ts';

export const kindFilterLabels: Record<TrashKind, string> = {
  stores: 'Stores',
  categories: 'Categories',
  items: 'Items',
  slides: 'Slides',
  zones: 'Zones',
};

const allKinds = 'all';

type SetKind = (kind: TrashKind | undefined, options?: { clearSearch?: boolean }) => void;

/**
 * The kind shown, kept in the URL as `kind` beside the list's search and page,
 * so a reload or a shared link shows the same; a new kind starts at the first
 * page. `clearSearch` drops the search in the same change of the URL.
 */
export function useTrashKind(): [TrashKind | undefined, SetKind] {
  const [search] = useSearchParams();
  const updateSearch = useSearchUpdate();
  const raw = search.get('kind');
  const kind = trashKinds.find((each) => each === raw);
  const setKind = useCallback<SetKind>(
    (next, options = {}) =>
      updateSearch((params) => {
        if (next) params.set('kind', next);
        else params.delete('kind');
        if (options.clearSearch) params.delete('q');
        params.delete('page');
        return params;
      }),
    [updateSearch],
  );
  return [kind, setKind];
}

export function TrashKindFilter({
  kind,
  onChange,
}: {
  kind: TrashKind | undefined;
  onChange: (kind: TrashKind | undefined) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Kind"
      value={kind ?? allKinds}
      onChange={(event) => {
        const value = event.target.value;
        onChange(trashKinds.find((each) => each === value));
      }}
      sx={{ width: { xs: '100%', sm: 180 } }}
    >
      <MenuItem value={allKinds}>All</MenuItem>
      {trashKinds.map((each) => (
        <MenuItem key={each} value={each}>
          {kindFilterLabels[each]}
        </MenuItem>
      ))}
    </TextField>
  );
}
