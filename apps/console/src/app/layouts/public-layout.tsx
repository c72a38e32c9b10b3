import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/** Sign-in, onboarding, expired and not-found: no shell, the page has the whole screen. */
export function PublicLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Outlet />
    </Box>
  );
}
