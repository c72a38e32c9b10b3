import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { orderAlertLayer } from './alert-layer.ts';

/**
 * Where the new-order and low-rating alerts stand: one above the other at the bottom right (the
 * whole width on a phone), above the console's own snackbars (bottom centre), so two alerts at
 * once never cover each other. Only the alerts take clicks; the space between them lets through.
 */
export function BottomAlerts({ children }: { children: ReactNode }) {
  return (
    <Stack
      data-testid="bottom-alerts"
      sx={{
        position: 'fixed',
        zIndex: orderAlertLayer,
        bottom: { xs: 72, sm: 88 },
        left: { xs: 8, sm: 'auto' },
        right: { xs: 8, sm: 24 },
        maxWidth: { sm: 600 },
        gap: 1,
        alignItems: 'stretch',
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      {children}
    </Stack>
  );
}
