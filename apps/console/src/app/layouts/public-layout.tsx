import Box from '@mui/material/Box';
import { Suspense, useRef } from 'react';
import { Outlet } from 'react-router';
import { BootSplash } from '@/components/boot-splash.tsx';
import { useFocusOnNavigation } from '@/app/shell/focus-on-navigation.ts';

/** Sign-in, onboarding, expired and not-found: no shell, the page has the whole screen. */
export function PublicLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);
  return (
    <Box component="main" ref={mainRef} sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Suspense fallback={<BootSplash />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
