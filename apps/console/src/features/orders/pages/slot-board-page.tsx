import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { businessDay, formatDay } from '@storedesk/shared/dates';
import { addDays } from '@storedesk/shared/delivery/dispatch';
import { OrderStatus } from '@storedesk/shared/orders';
import { preparationStartsAt } from '@storedesk/shared/stores/preparation';
import { useT } from '@storedesk/web/i18n';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LoadError } from '@/components/load-error.tsx';
import { CardSkeleton } from '@/components/loading-skeleton.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ListQueryStatus } from '@/components/table-states.tsx';
import { useTimeZone } from '@/lib/session.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import { useSlotBoard } from '@/features/orders/api/get-slot-board.ts';
import { useSlotStores } from '@/features/orders/api/get-slot-stores.ts';
import { SlotGroupCard } from '@/features/orders/components/slot-group-card.tsx';
import { StoreFilter } from '@/features/orders/components/store-filter.tsx';
import { nextDayStartsAt } from '@/features/orders/next-day.ts';
import { useSlotBoardParams } from '@/features/orders/slot-board-params.ts';
import type { SlotGroup } from '@/features/orders/slot-groups.ts';
import { groupBySlot } from '@/features/orders/slot-groups.ts';
import { useWakeAt } from '@/features/orders/use-wake-at.ts';

/** Which of "Today", "Tomorrow" or its date names a day. */
function dayWhen(day: string, today: string): 'today' | 'tomorrow' | 'other' {
  if (day === today) return 'today';
  if (day === addDays(today, 1)) return 'tomorrow';
  return 'other';
}

const notYetPickedUp = (status: number) => status === OrderStatus.Placed || status === OrderStatus.Confirmed;

/** The next moment after `now` that a store starts on a slot with orders not yet picked up. */
function nextPreparation(groups: readonly SlotGroup[], now: number): number | null {
  const ahead = groups.flatMap((group) =>
    group.stores.flatMap((store) => {
      const moment = preparationStartsAt(group.slot.startsAt, store.cutoffMinutes).getTime();
      return moment > now && store.orders.some((order) => notYetPickedUp(order.status)) ? [moment] : [];
    }),
  );
  return ahead.length > 0 ? Math.min(...ahead) : null;
}

/**
 * /orders/slots (B19): the orders booked for delivery slots, a day at a time (today, tomorrow, and
 * the days after as far as a store takes bookings), by slot and store, with each store's bookings
 * out of its capacity; an order due to be started says so. New bookings and changes show as they
 * happen, and the board moves on by itself at each store's preparation time and at midnight.
 */
export function SlotBoardPage() {
  const t = useT();
  const timeZone = useTimeZone();
  const { zoneId } = useZoneFilter();
  const [params, setParams] = useSlotBoardParams();
  const [now, setNow] = useState(Date.now);
  const today = businessDay(now, timeZone);
  const day = params.day ?? today;

  const stores = useSlotStores(zoneId);
  const board = useSlotBoard({ slotDay: day, storeId: params.storeId, zoneId });

  const furthest = Math.max(1, ...(stores.data ?? []).map((store) => store.deliverySlots?.daysAhead ?? 0));
  const days = Array.from({ length: furthest + 1 }, (_, ahead) => addDays(today, ahead));
  // A link to another day (yesterday's, or beyond the bookings taken now) still shows that day.
  if (!days.includes(day)) days.push(day);
  days.sort();

  const groups = useMemo(
    () => groupBySlot(board.data?.items ?? [], stores.data ?? []),
    [board.data, stores.data],
  );
  const nextMoment = Math.min(nextPreparation(groups, now) ?? Infinity, nextDayStartsAt(now, timeZone));
  useWakeAt(nextMoment, setNow);

  /** "Today", "Tomorrow", or the day's date for the days after. */
  const dayName = (each: string) =>
    t('slotBoard.dayName', { when: dayWhen(each, today), day: formatDay(each) });
  const booked = board.data?.items.length ?? 0;
  const noSlotStores =
    stores.data !== undefined && stores.data.every((store) => store.deliverySlots === null);

  let content;
  if (board.isPending || stores.isPending) {
    content = (
      <Stack spacing={2}>
        <CardSkeleton label={t('slotBoard.loading')} lines={4} />
        <CardSkeleton label={t('slotBoard.loading')} lines={2} />
      </Stack>
    );
  } else if (board.isError && !board.data) {
    content = null;
  } else if (groups.length === 0) {
    const offerStores = noSlotStores && !params.storeId;
    const action = params.storeId ? (
      <Button onClick={() => setParams({ storeId: undefined })}>{t('slotBoard.everyStore')}</Button>
    ) : offerStores ? (
      <Button component={RouterLink} to={paths.stores.list.getHref()}>
        {t('slotBoard.goToStores')}
      </Button>
    ) : null;
    content = (
      <Paper variant="outlined" sx={{ py: 4, px: 2, textAlign: 'center' }}>
        <Typography variant="subtitle1" component="p">
          {t('slotBoard.none', { when: dayWhen(day, today), day: formatDay(day) })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {offerStores ? t('slotBoard.noSlotStores') : t('slotBoard.noneYet')}
        </Typography>
        {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
      </Paper>
    );
  } else {
    content = (
      <Stack spacing={2}>
        {groups.map((group) => (
          <SlotGroupCard key={group.key} group={group} timeZone={timeZone} now={now} />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title={t('slotBoard.title')}
        description={t('slotBoard.description')}
        actions={
          <Button startIcon={<ArrowBackOutlined />} component={RouterLink} to={paths.orders.list.getHref()}>
            {t('common.back')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={day}
          onChange={(_event, next: string) => setParams({ day: next === today ? undefined : next })}
          aria-label={t('slotBoard.day')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {days.map((each) => (
            <Tab key={each} value={each} label={dayName(each)} />
          ))}
        </Tabs>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{ p: 2, alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' }}
        >
          <StoreFilter
            storeId={params.storeId}
            zoneId={zoneId}
            onChange={(storeId) => setParams({ storeId })}
          />
          <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
            {board.data
              ? t('slotBoard.count', { count: booked, day: formatDay(day) })
              : t('slotBoard.countLoading', { day: formatDay(day) })}
          </Typography>
        </Stack>
        <ListQueryStatus query={board} noun={t('slotBoard.noun')} />
        {stores.isError ? (
          <Box sx={{ px: 2, pb: 2 }}>
            <LoadError
              title={t('slotBoard.storesFailed')}
              error={stores.error}
              onRetry={() => void stores.refetch()}
              retrying={stores.isFetching}
            />
          </Box>
        ) : null}
      </Paper>
      {content}
    </>
  );
}
