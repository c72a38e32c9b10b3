import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@storedesk/shared/audit/schemas';
import { useAuditWords } from './audit-words.ts';

type AuditChangesProps = {
  entry: Pick<AuditEntry, 'kind' | 'changes'>;
  timeZone: string;
  /** Names of the records the changes name by id (GET /api/audit-log's `names`). */
  names: Record<string, string>;
};

/** "Price: ₹30.00 → ₹45.00", "Status: Picked Up → Delivered", one line per changed field, in the language shown. */
export function AuditChanges({ entry, timeZone, names }: AuditChangesProps) {
  const words = useAuditWords();
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return null;
  const text = (field: string, value: unknown) => words.value(entry.kind, field, value, { timeZone, names });
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {fields.map(([field, { from, to }]) => (
        <Typography key={field} component="li" variant="body2" sx={{ wordBreak: 'break-word' }}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {words.field(field)}
          </Box>
          {`: ${text(field, from)} → ${text(field, to)}`}
        </Typography>
      ))}
    </Box>
  );
}
