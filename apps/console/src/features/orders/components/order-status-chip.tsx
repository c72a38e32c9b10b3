import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import { OrderStatus } from '@storedesk/shared/orders';
import { useT } from '@storedesk/web/i18n';
import { statusText } from '@/i18n/codes.ts';

/** SPEC §4 colours; "danger" is the theme's error colour. */
const statusColours: Record<OrderStatus, ChipProps['color']> = {
  [OrderStatus.Placed]: 'primary',
  [OrderStatus.Confirmed]: 'info',
  [OrderStatus.PickedUp]: 'success',
  [OrderStatus.Delivered]: 'success',
  [OrderStatus.Cancelled]: 'error',
};

export function OrderStatusChip({
  status,
  size = 'small',
}: {
  status: OrderStatus;
  size?: ChipProps['size'];
}) {
  const t = useT();
  return <Chip label={t(statusText[status])} color={statusColours[status]} size={size} />;
}
