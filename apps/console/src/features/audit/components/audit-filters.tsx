import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { auditKinds, type AuditKind } from '@storedesk/shared/audit/schemas';
import { useT } from '@storedesk/web/i18n';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchUpdate } from '@/lib/search-update.ts';
import { useAuditActors } from '@/features/audit/api/get-audit-actors.ts';
import { DayRangeFields } from '@/components/day-range-fields.tsx';

export type AuditFilters = {
  actorId: string | undefined;
  kind: AuditKind | undefined;
  from: string | undefined;
  to: string | undefined;
};

const filterKeys = ['actorId', 'kind', 'from', 'to'] as const;
const day = /^\d{4}-\d{2}-\d{2}$/;
const any = 'any';

/**
 * The filters, kept in the URL beside the page, so a reload or a shared link shows the same;
 * a change of filter starts at the first page.
 */
export function useAuditFilters(): [AuditFilters, (changes: Partial<AuditFilters>) => void] {
  const [search] = useSearchParams();
  const updateSearch = useSearchUpdate();
  const dayOf = (key: 'from' | 'to') => {
    const value = search.get(key) ?? '';
    return day.test(value) ? value : undefined;
  };
  const filters: AuditFilters = {
    actorId: search.get('actorId') || undefined,
    kind: auditKinds.find((each) => each === search.get('kind')),
    from: dayOf('from'),
    to: dayOf('to'),
  };
  const setFilters = useCallback(
    (changes: Partial<AuditFilters>) =>
      updateSearch((params) => {
        for (const key of filterKeys) {
          if (!(key in changes)) continue;
          const value = changes[key];
          if (value) params.set(key, value);
          else params.delete(key);
        }
        params.delete('page');
        return params;
      }),
    [updateSearch],
  );
  return [filters, setFilters];
}

export function AuditFiltersBar({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (changes: Partial<AuditFilters>) => void;
}) {
  const t = useT();
  const actors = useAuditActors();
  const { actorId, kind, from, to } = filters;
  const filtered = actorId !== undefined || kind !== undefined || from !== undefined || to !== undefined;
  const people = actors.data?.items ?? [];
  // A person named by a link but not (yet) in the list still shows as chosen.
  const knownActor = actorId === undefined || people.some((each) => each.id === actorId);

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ p: 2, flexWrap: 'wrap', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <TextField
        select
        size="small"
        label={t('audit.person')}
        value={actorId ?? any}
        onChange={(event) =>
          onChange({ actorId: event.target.value === any ? undefined : event.target.value })
        }
        helperText={actors.isError ? t('audit.peopleFailed') : undefined}
        sx={{ width: { xs: '100%', sm: 220 } }}
      >
        <MenuItem value={any}>{t('audit.everyone')}</MenuItem>
        {knownActor ? null : <MenuItem value={actorId}>{t('audit.someoneElse')}</MenuItem>}
        {people.map((each) => (
          <MenuItem key={each.id} value={each.id}>
            {each.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('audit.kindLabel')}
        value={kind ?? any}
        onChange={(event) => onChange({ kind: auditKinds.find((each) => each === event.target.value) })}
        sx={{ width: { xs: '100%', sm: 200 } }}
      >
        <MenuItem value={any}>{t('audit.everything')}</MenuItem>
        {auditKinds.map((each) => (
          <MenuItem key={each} value={each}>
            {t(`audit.kind.${each}`)}
          </MenuItem>
        ))}
      </TextField>
      <DayRangeFields from={from} to={to} onChange={onChange} />
      {filtered ? (
        <Button
          onClick={() => onChange({ actorId: undefined, kind: undefined, from: undefined, to: undefined })}
        >
          {t('audit.clearFilters')}
        </Button>
      ) : null}
    </Stack>
  );
}
