import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The whole console inside the router `withRouter` puts around its screens: the browser's
 * (main.tsx) or one fixed address (prerender.tsx, the signed-out page made at build time). Both
 * render this one tree, so the page made at build time is the page the browser hydrates.
 */
export function consoleApp(
  queryClient: QueryClient,
  withRouter: (screens: ReactNode) => ReactNode,
): ReactNode {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>{withRouter(<AppRoutes />)}</AppProviders>
    </StrictMode>
  );
}
