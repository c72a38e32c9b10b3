import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import { useT } from '@storedesk/web/i18n';
import type { OrdersQuery } from '@/features/orders/api/get-orders.ts';
import { exportOrdersHref } from '@/features/orders/api/export-orders.ts';

/** Downloads the list as filtered, every page of it, as CSV. */
export function ExportOrdersButton({ query }: { query: OrdersQuery }) {
  const t = useT();
  return (
    <Button startIcon={<DownloadOutlined />} href={exportOrdersHref(query)} download>
      {t('orders.exportCsv')}
    </Button>
  );
}
