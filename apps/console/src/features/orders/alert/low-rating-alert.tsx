import StarOutlineOutlined from '@mui/icons-material/StarOutlineOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { isLowOrderRating } from '@storedesk/shared/reports/ratings-rule';
import { FormattedMessage, useT } from '@storedesk/web/i18n';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useLiveEvent } from '@/lib/live-events.ts';
import { orderLink } from './order-link.tsx';

type LowRating = {
  id: string;
  number: number;
  storeName: string;
  stars: number;
  executiveStars: number | null;
  comment: string | null;
};

/** How many ratings the alert names; the ratings report lists them all. */
const named = 3;

/** "Order #512 at Indiranagar: 1 of 5, “Milk was sour”", "…: 4 of 5, the delivery 1 of 5" (ADR 0084), the order a link to it. */
function RatingWords({ entry }: { entry: LowRating }) {
  return (
    <FormattedMessage
      id="alerts.lowRatingEntry"
      values={{
        link: orderLink(entry.id),
        number: String(entry.number),
        store: entry.storeName,
        stars: String(entry.stars),
        delivery: entry.executiveStars === null ? 'none' : String(entry.executiveStars),
        hasComment: entry.comment ? 'yes' : 'no',
        comment: entry.comment ?? '',
      }}
    />
  );
}

/**
 * B19: a low rating raises an alert in every console signed in to its zone as the customer gives it
 * (the order's live event carries the rating): the order named with a link to it, until dismissed
 * or the order is opened. Bottom left: clear of the new-order alert (bottom right), the preparation
 * alert (top centre) and the console's snackbars (bottom centre). A rating missed here is in
 * Reports › Ratings.
 */
export function LowRatingAlert() {
  const t = useT();
  const [low, setLow] = useState<LowRating[]>([]);
  const { pathname } = useLocation();
  const titleId = useId();

  useLiveEvent((event) => {
    const change = event.topic === 'orders' ? event.change : undefined;
    if (!change || change.timelineEntry.kind !== 'RATING') return;
    const { order } = change;
    // Low by the order's stars or the executive's (ADR 0084).
    const rated = order.rating && isLowOrderRating(order.rating) ? order.rating : null;
    // A rating changed to a good one takes its order off the alert.
    setLow((now) => [
      ...now.filter((entry) => entry.id !== order.id),
      ...(rated
        ? [
            {
              id: order.id,
              number: order.number,
              storeName: order.storeName,
              stars: rated.stars,
              executiveStars: rated.executiveStars,
              comment: rated.comment,
            },
          ]
        : []),
    ]);
  });

  // Opening an order is seeing its rating: it leaves the list as the page opens (a change of state
  // while rendering, which React applies before it paints).
  const opened = low.find((entry) => pathname === paths.orders.detail.getHref(entry.id))?.id;
  if (opened) setLow(low.filter((entry) => entry.id !== opened));

  if (low.length === 0) return null;
  const newest = [...low].reverse();
  return (
    <Alert
      severity="warning"
      variant="filled"
      icon={<StarOutlineOutlined />}
      role="alert"
      aria-labelledby={titleId}
      sx={{
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: { xs: '1 1 0' }, minWidth: 0 },
        '& .MuiAlert-action': {
          width: { xs: '100%', sm: 'auto' },
          ml: { xs: 0, sm: 'auto' },
          pl: { xs: 0, sm: 2 },
        },
      }}
      action={
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end', width: '100%' }}>
          <Button
            color="inherit"
            size="small"
            component={RouterLink}
            to={`${paths.reports.getHref()}?report=ratings`}
          >
            {t('alerts.ratings')}
          </Button>
          <Button color="inherit" size="small" onClick={() => setLow([])}>
            {t('alerts.dismiss')}
          </Button>
        </Stack>
      }
    >
      <AlertTitle id={titleId}>{t('alerts.lowRatings', { count: low.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {newest.slice(0, named).map((entry) => (
          <li key={entry.id}>
            <RatingWords entry={entry} />
          </li>
        ))}
        {low.length > named ? <li>{t('alerts.andMore', { count: low.length - named })}</li> : null}
      </Box>
    </Alert>
  );
}
