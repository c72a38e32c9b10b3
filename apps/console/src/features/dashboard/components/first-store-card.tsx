import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useT } from '@storedesk/web/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useStoreTotal } from '@/features/dashboard/api/get-store-total.ts';

/** A business with no store yet is told what to do first; nothing shows once it has one. */
export function FirstStoreCard() {
  const { data: total } = useStoreTotal();
  const t = useT();
  if (total !== 0) return null;
  return (
    <Alert
      severity="info"
      icon={<StorefrontOutlined />}
      sx={{ mb: 2 }}
      action={
        <Button component={RouterLink} to={paths.stores.add.getHref()} color="inherit" size="small">
          {t('dashboard.addStore')}
        </Button>
      }
    >
      <AlertTitle>{t('dashboard.firstStoreTitle')}</AlertTitle>
      {t('dashboard.firstStoreText')}
    </Alert>
  );
}
