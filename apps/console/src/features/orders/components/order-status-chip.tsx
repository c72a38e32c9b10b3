import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import { OrderStatus, orderStatusLabels } from '@storedesk/shared/orders';

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
  return <Chip label={orderStatusLabels[status]} color={statusColours[status]} size={size} />;
}
