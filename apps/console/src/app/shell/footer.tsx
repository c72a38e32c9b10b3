import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '@storedesk/web/i18n';
import { useSignedInSession } from '@/lib/session.ts';

export function Footer() {
  const { business } = useSignedInSession();
  const t = useT();
  return (
    <Box component="footer" sx={{ px: { xs: 2, sm: 3 }, py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('shell.footer', { year: String(new Date().getFullYear()), business: business.name })}
      </Typography>
    </Box>
  );
}
