import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { SnackbarProvider } from '@/components/snackbar-provider.tsx';
import { useSession } from '@/lib/session.ts';
import { colorSchemeOptions, createAppTheme } from './theme.ts';

function AppThemeProvider({ children }: { children: ReactNode }) {
  const { data: session } = useSession();
  const businessTheme = session?.business.theme;
  const theme = useMemo(() => createAppTheme(businessTheme), [businessTheme]);
  return (
    <ThemeProvider theme={theme} defaultMode={colorSchemeOptions.defaultMode} noSsr>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <SnackbarProvider>{children}</SnackbarProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
