import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/loading-skeleton.tsx';

/** Sign-in, onboarding, expired and not-found: no shell, the page has the whole screen. */
export function PublicLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
