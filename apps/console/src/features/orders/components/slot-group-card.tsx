import PlayCircleOutlineOutlined from '@mui/icons-material/PlayCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { businessDay } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';
import { isPreparationDue, preparationStartsAt } from '@storedesk/shared/stores/preparation';
import { useT } from '@storedesk/web/i18n';
import { useTimeFormat, type TimeFormats } from '@storedesk/web/times';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import type { SlotGroup, StoreSlot } from '@/features/orders/slot-groups.ts';
import { OrderStatusChip } from './order-status-chip.tsx';

/** When the store starts on the slot: its time, or its date and time when that is another day. */
function preparationText(
  slot: SlotGroup['slot'],
  cutoffMinutes: number,
  timeZone: string,
  format: TimeFormats,
): string {
  const moment = preparationStartsAt(slot.startsAt, cutoffMinutes);
  if (businessDay(moment, timeZone) !== businessDay(slot.startsAt, timeZone)) {
    return format.dateTime(moment, timeZone);
  }
  return format.clock(moment.toISOString(), timeZone);
}

type SlotGroupCardProps = { group: SlotGroup; timeZone: string; now: number };

/**
 * One slot of the board (B19): its times, then each store's bookings out of its capacity and when
 * it starts on them, and their orders. An order still Placed or Confirmed once that moment has come
 * says "Start preparing" (a marked row, and the words for whoever does not see the colour).
 */
export function SlotGroupCard({ group, timeZone, now }: SlotGroupCardProps) {
  const t = useT();
  const format = useTimeFormat();
  const headingId = useId();
  /** "3 of 5 booked", or "3 booked" when the store no longer says its capacity. */
  const bookedText = ({ orders, capacity }: StoreSlot) =>
    capacity === null
      ? t('slotBoard.booked', { count: String(orders.length) })
      : t('slotBoard.bookedOf', { count: String(orders.length), capacity: String(capacity) });
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        variant="h6"
        component="h2"
        sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {format.slot(group.slot, timeZone)}
      </Typography>
      {group.stores.map((store) => (
        <Box key={store.storeId}>
          <Stack
            direction="row"
            useFlexGap
            sx={{ px: 2, pt: 1.5, columnGap: 1.5, rowGap: 0.25, alignItems: 'baseline', flexWrap: 'wrap' }}
          >
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {store.storeName} · {bookedText(store)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('slotBoard.preparationFrom', {
                time: preparationText(group.slot, store.cutoffMinutes, timeZone, format),
              })}
            </Typography>
          </Stack>
          <List dense aria-label={t('slotBoard.storeOrders', { store: store.storeName })}>
            {store.orders.map((order) => {
              const due = isPreparationDue(order, store.cutoffMinutes, now);
              return (
                <ListItem
                  key={order.id}
                  divider
                  // The colour marks the row; the chip's words say why, for whoever does not see colour.
                  sx={{ borderLeft: 4, borderLeftColor: due ? 'warning.main' : 'transparent' }}
                >
                  <Box
                    sx={{
                      width: '100%',
                      display: 'grid',
                      alignItems: 'center',
                      columnGap: 1.5,
                      rowGap: 0.5,
                      gridTemplateColumns: { xs: 'auto 1fr auto', sm: 'auto minmax(0, 1fr) auto auto' },
                      gridTemplateAreas: {
                        xs: '"number customer amount" "chips chips chips"',
                        sm: '"number customer chips amount"',
                      },
                    }}
                  >
                    <Link
                      component={RouterLink}
                      to={paths.orders.detail.getHref(order.id)}
                      sx={{ gridArea: 'number', fontWeight: 600, whiteSpace: 'nowrap' }}
                    >
                      {t('orderPage.title', { number: String(order.number) })}
                    </Link>
                    <Typography variant="body2" sx={{ gridArea: 'customer', overflowWrap: 'anywhere' }}>
                      {order.customerName}
                    </Typography>
                    <Stack
                      direction="row"
                      spacing={1}
                      useFlexGap
                      sx={{ gridArea: 'chips', flexWrap: 'wrap', justifyContent: { sm: 'flex-end' } }}
                    >
                      <OrderStatusChip status={order.status} />
                      {due ? (
                        <Chip
                          size="small"
                          color="warning"
                          icon={<PlayCircleOutlineOutlined aria-hidden />}
                          label={t('alerts.startPreparing', { count: 1 })}
                        />
                      ) : null}
                    </Stack>
                    <Typography
                      variant="body2"
                      sx={{ gridArea: 'amount', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatRupees(order.billAmountPaise)}
                    </Typography>
                  </Box>
                </ListItem>
              );
            })}
          </List>
        </Box>
      ))}
    </Paper>
  );
}
