import Chip from '@mui/material/Chip';
import { useT } from '@storedesk/web/i18n';

/** Marks a customer the owner blocked: their orders are refused. */
export function BlockedChip({ blockedAt }: { blockedAt: string | null }) {
  const t = useT();
  if (blockedAt === null) return null;
  return (
    <Chip
      component="span"
      size="small"
      color="error"
      variant="outlined"
      label={t('customers.blocked')}
      sx={{ ml: 1 }}
    />
  );
}
