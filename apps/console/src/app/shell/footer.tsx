import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSignedInSession } from '@/lib/session.ts';

export function Footer() {
  const { business } = useSignedInSession();
  return (
    <Box component="footer" sx={{ px: { xs: 2, sm: 3 }, py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        © {new Date().getFullYear()} {business.name} · Storedesk
      </Typography>
    </Box>
  );
}
