import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@storedesk/shared/audit/schemas';
import { formatDateTime } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';

const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value as a person reads it: money in rupees, moments in the business's time zone. */
export function formatAuditValue(field: string, value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number')
    return field.endsWith('Paise') && Number.isSafeInteger(value) ? formatRupees(value) : String(value);
  if (typeof value === 'string') return isoMoment.test(value) ? formatDateTime(value, timeZone) : value;
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((each) => String(each)).join(', ');
  return JSON.stringify(value);
}

/** "price: ₹30.00 → ₹45.00", one line per changed field. */
export function AuditChanges({ changes, timeZone }: { changes: AuditEntry['changes']; timeZone: string }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {fields.map(([field, { from, to }]) => (
        <Typography key={field} component="li" variant="body2" sx={{ wordBreak: 'break-word' }}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {field}
          </Box>
          {`: ${formatAuditValue(field, from, timeZone)} → ${formatAuditValue(field, to, timeZone)}`}
        </Typography>
      ))}
    </Box>
  );
}
