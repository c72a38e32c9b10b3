import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { LanguageProvider } from '@storedesk/web/i18n';
import { PageSkeleton } from '@/components/loading-skeleton.tsx';
import { BottomAlerts } from '@/features/orders/alert/bottom-alerts.tsx';
import { LowRatingAlert } from '@/features/orders/alert/low-rating-alert.tsx';
import { NewOrderAlert } from '@/features/orders/alert/new-order-alert.tsx';
import { PreparationAlert } from '@/features/orders/alert/preparation-alert.tsx';
import { i18n } from '@/i18n/index.ts';
import { useLiveEvents } from '@/lib/live-events.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { EmailVerificationBanner } from './email-verification-banner.tsx';
import { useFocusOnNavigation, useFocusRescue } from './focus-on-navigation.ts';
import { Footer } from './footer.tsx';
import { Sidebar } from './sidebar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';

// The shell's first screen is in the language it shows (ADR 0089): its catalogue comes with the shell's code.
await i18n.start();

/** The signed-in console, in the language chosen (ADR 0089): top bar, sidebar, the screen, footer; and the tab's live updates. */
export function AppShell() {
  return (
    <LanguageProvider i18n={i18n}>
      <Shell />
    </LanguageProvider>
  );
}

function Shell() {
  useLiveEvents();
  const theme = useTheme();
  const persistent = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [navigationOpen, setNavigationOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);
  useFocusRescue(mainRef);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar showMenuButton={!persistent} onOpenNavigation={() => setNavigationOpen(true)} />
      <Sidebar persistent={persistent} open={navigationOpen} onClose={() => setNavigationOpen(false)} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          ref={mainRef}
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}
        >
          <ConnectionBanner />
          <EmailVerificationBanner />
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </Box>
      <BottomAlerts>
        <NewOrderAlert />
        <LowRatingAlert />
      </BottomAlerts>
      <PreparationAlert />
    </Box>
  );
}
