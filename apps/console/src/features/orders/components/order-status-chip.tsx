import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import { OrderStatus } from '@storedesk/shared/orders';
import { useT } from '@storedesk/web/i18n';
import type { MessageId } from '@/i18n/index.ts';

/** SPEC §4 colours; "danger" is the theme's error colour. */
const statusColours: Record<OrderStatus, ChipProps['color']> = {
  [OrderStatus.Placed]: 'primary',
  [OrderStatus.Confirmed]: 'info',
  [OrderStatus.PickedUp]: 'success',
  [OrderStatus.Delivered]: 'success',
  [OrderStatus.Cancelled]: 'error',
};

/** Each status's word (SPEC §4's, in English) in the console's catalogues. */
export const orderStatusIds: Record<OrderStatus, MessageId> = {
  [OrderStatus.Placed]: 'orderStatus.placed',
  [OrderStatus.Confirmed]: 'orderStatus.confirmed',
  [OrderStatus.PickedUp]: 'orderStatus.pickedUp',
  [OrderStatus.Delivered]: 'orderStatus.delivered',
  [OrderStatus.Cancelled]: 'orderStatus.cancelled',
};

export function OrderStatusChip({
  status,
  size = 'small',
}: {
  status: OrderStatus;
  size?: ChipProps['size'];
}) {
  const t = useT();
  return <Chip label={t(orderStatusIds[status])} color={statusColours[status]} size={size} />;
}
