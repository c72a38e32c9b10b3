import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { trashKinds } from '@storedesk/shared/trash/schemas';
import type { TrashKind } from '@storedesk/shared/trash/schemas';
import { useT } from '@storedesk/web/i18n';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchUpdate } from '@/lib/search-update.ts';

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
  const t = useT();
  return (
    <TextField
      select
      size="small"
      label={t('trash.kindLabel')}
      value={kind ?? allKinds}
      onChange={(event) => {
        const value = event.target.value;
        onChange(trashKinds.find((each) => each === value));
      }}
      sx={{ width: { xs: '100%', sm: 180 } }}
    >
      <MenuItem value={allKinds}>{t('common.all')}</MenuItem>
      {trashKinds.map((each) => (
        <MenuItem key={each} value={each}>
          {t(`trash.kinds.${each}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
