import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dispatch } from '@storedesk/shared/delivery/schemas';
import { isWaitingTooLong } from '@storedesk/shared/delivery/dispatch';
import { useT } from '@storedesk/web/i18n';
import { lazy, Suspense, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LoadError } from '@/components/load-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useMapTiles } from '@/lib/map-tiles.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useNow } from '@/lib/use-now.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import { useDispatch } from '@/features/dispatch/api/get-dispatch.ts';
import { usePositions } from '@/features/dispatch/api/use-positions.ts';
import type { ListedOrder } from '@/features/dispatch/components/dispatch-lists.tsx';
import { ExecutivesList, OpenOrdersList } from '@/features/dispatch/components/dispatch-lists.tsx';
import type { MapExecutive, MapOrder, MapStore } from '@/features/dispatch/components/dispatch-map.tsx';
import { useAges, type Ages } from '@/features/dispatch/use-ages.ts';

// Leaflet loads with this screen's map, not with the lists around it.
const DispatchMap = lazy(() =>
  import('@/features/dispatch/components/dispatch-map.tsx').then((m) => ({ default: m.DispatchMap })),
);

const mapHeight = { xs: 360, md: 600 };

/** What the map and the lists show of the board at `now`. */
function useShown(board: Dispatch | undefined, now: number, { elapsed }: Ages) {
  return useMemo(() => {
    if (!board) return null;
    const orders: ListedOrder[] = board.orders.map((order) => ({
      ...order,
      waited: isWaitingTooLong(order, board.waitMinutes, now) ? elapsed(order.placedAt, now) : null,
    }));
    const executives: MapExecutive[] = board.executives.flatMap((executive) =>
      executive.onDuty && executive.lat !== null && executive.lng !== null
        ? [{ ...executive, lat: executive.lat, lng: executive.lng }]
        : [],
    );
    const stores: MapStore[] = board.stores;
    const points: MapOrder[] = orders.flatMap((order) =>
      order.lat !== null && order.lng !== null ? [{ ...order, lat: order.lat, lng: order.lng }] : [],
    );
    return { orders, executives, stores, points };
  }, [board, now, elapsed]);
}

function MapLegend() {
  const t = useT();
  const swatch = (colour: string, radius: string) => (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: radius, bgcolor: colour, mr: 0.75 }}
    />
  );
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', px: 1.5, py: 1, color: 'text.secondary', typography: 'body2' }}
    >
      <span>
        {swatch('primary.main', '50%')}
        {t('dispatch.legendExecutive')}
      </span>
      <span>
        {swatch('secondary.main', '2px')}
        {t('dispatch.store')}
      </span>
      <span>
        {swatch('info.main', '50% 50% 50% 0')}
        {t('dispatch.legendDeliveryPoint')}
      </span>
      <span>
        {swatch('warning.main', '50% 50% 50% 0')}
        {t('dispatch.legendWaiting')}
      </span>
    </Stack>
  );
}

/**
 * /dispatch (B14): a live map of on-duty executives, the stores and open orders' delivery points,
 * and beside it (below it on a phone) the executives and the open orders, those that have waited
 * too long for an executive marked. Positions stream in and move the markers; duty and order
 * changes refresh the board (D10).
 */
export function DispatchPage() {
  const t = useT();
  const { zoneId } = useZoneFilter();
  const timeZone = useTimeZone();
  const board = useDispatch(zoneId);
  usePositions(zoneId);
  const tiles = useMapTiles();
  // Positions arrive every few seconds: their ages tick as often.
  const now = useNow(5_000);
  const ages = useAges();
  const shown = useShown(board.data, now, ages);

  let content;
  if (board.isError && !board.data) {
    content = (
      <LoadError
        title={t('dispatch.loadFailed')}
        error={board.error}
        onRetry={() => void board.refetch()}
        retrying={board.isFetching}
      />
    );
  } else if (!board.data || !shown) {
    content = (
      <Grid container spacing={2} role="status" aria-busy="true" aria-label={t('dispatch.loading')}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Skeleton variant="rounded" sx={{ height: mapHeight }} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <Skeleton variant="rounded" height={160} />
            <Skeleton variant="rounded" height={240} />
          </Stack>
        </Grid>
      </Grid>
    );
  } else {
    const onDuty = board.data.executives.filter((executive) => executive.onDuty).length;
    content = (
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <Box role="region" aria-label={t('dispatch.map')} sx={{ height: mapHeight }}>
              <Suspense fallback={<Skeleton variant="rectangular" sx={{ height: '100%' }} />}>
                <DispatchMap
                  executives={shown.executives}
                  stores={shown.stores}
                  orders={shown.points}
                  tiles={tiles.data}
                  timeZone={timeZone}
                />
              </Suspense>
            </Box>
            <MapLegend />
          </Paper>
          <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mt: 1 }}>
            {onDuty === 0
              ? t('dispatch.noneOnDutyNow')
              : t('dispatch.onDutyCount', {
                  onDuty: String(onDuty),
                  onMap: String(shown.executives.length),
                })}{' '}
            {t('dispatch.waitRule', { minutes: String(board.data.waitMinutes) })}
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2} sx={{ maxHeight: { md: 640 }, overflowY: { md: 'auto' } }}>
            <OpenOrdersList orders={shown.orders} />
            <ExecutivesList
              executives={board.data.executives}
              limit={board.data.maxOpenOrdersPerExecutive}
              timeZone={timeZone}
              now={now}
            />
          </Stack>
        </Grid>
      </Grid>
    );
  }

  return (
    <>
      <PageHeader
        title={t('dispatch.title')}
        description={t('dispatch.description')}
        actions={
          <>
            <Button
              startIcon={<PaymentsOutlined />}
              component={RouterLink}
              to={paths.dispatch.cash.getHref()}
            >
              {t('cash.title')}
            </Button>
            <Button
              startIcon={<AccountBalanceWalletOutlined />}
              component={RouterLink}
              to={paths.dispatch.payouts.getHref()}
            >
              {t('payouts.title')}
            </Button>
          </>
        }
      />
      {content}
    </>
  );
}
