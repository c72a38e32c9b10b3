import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useT } from '@storedesk/web/i18n';

/** The shape of a card of text lines while it loads. */
export function CardSkeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }} role="status" aria-busy="true" aria-label={label}>
      <Skeleton variant="text" width="40%" sx={{ fontSize: '1.5rem' }} />
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} variant="text" width={`${85 - index * 10}%`} />
      ))}
    </Paper>
  );
}

/** The shape of a form (labelled fields and a button) while its data loads. */
export function FormSkeleton({ fields = 3, label }: { fields?: number; label: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }} role="status" aria-busy="true" aria-label={label}>
      <Stack spacing={2}>
        {Array.from({ length: fields }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={56} />
        ))}
        <Skeleton variant="rounded" width={140} height={36} />
      </Stack>
    </Paper>
  );
}

/** A screen whose code is still arriving: a heading and a block of grey. In the shell, so in its language. */
export function PageSkeleton() {
  const t = useT();
  return (
    <Stack
      spacing={2}
      role="status"
      aria-busy="true"
      aria-label={t('shell.loadingPage')}
      sx={{ p: { xs: 0, sm: 1 } }}
    >
      <Skeleton variant="text" width={220} sx={{ fontSize: '2rem' }} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}
