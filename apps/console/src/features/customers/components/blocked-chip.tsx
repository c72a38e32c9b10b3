import Chip from '@mui/material/Chip';

/** Marks a customer the owner blocked: their orders are refused. */
export function BlockedChip({ blockedAt }: { blockedAt: string | null }) {
  if (blockedAt === null) return null;
  return (
    <Chip component="span" size="small" color="error" variant="outlined" label="Blocked" sx={{ ml: 1 }} />
  );
}
