import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import type { OrdersQuery } from '@/features/orders/api/get-orders.ts';
import { exportOrdersHref } from '@/features/orders/api/export-orders.ts';

/** Downloads the list as filtered, every page of it, as CSV. */
export function ExportOrdersButton({ query }: { query: OrdersQuery }) {
  return (
    <Button startIcon={<DownloadOutlined />} href={exportOrdersHref(query)} download>
      Export CSV
    </Button>
  );
}
