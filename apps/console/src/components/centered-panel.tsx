import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type CenteredPanelProps = {
  title: string;
  children: ReactNode;
  /** Buttons under the text. */
  actions?: ReactNode;
};

/** A single message in the middle of the page (404, service ended, a failure before the shell). */
export function CenteredPanel({ title, children, actions }: CenteredPanelProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <title>{`${title} · Storedesk`}</title>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}
      >
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ color: 'text.secondary' }}>{children}</Box>
        {actions ? (
          <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'center' }}>
            {actions}
          </Stack>
        ) : null}
      </Paper>
    </Box>
  );
}
