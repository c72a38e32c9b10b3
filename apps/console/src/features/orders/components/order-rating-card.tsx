import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormat, useT } from '@storedesk/web/i18n';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { isLowOrderRating, isLowRating } from '@storedesk/shared/reports/ratings-rule';
import { useId } from 'react';
import { useTimeZone } from '@/lib/session.ts';

const starPlaces = [1, 2, 3, 4, 5] as const;

/**
 * The stars given, drawn (five, the given ones filled) and written ("4 of 5"): one image named
 * "Rated 4 of 5", so a screen reader says it once. The executive's (ADR 0084) are said after what
 * they are of: "Delivery executive: 5 of 5".
 */
function StarsGiven({ stars, low, of }: { stars: number; low: boolean; of?: string }) {
  const t = useT();
  const given = t('rating.ofFive', { stars: String(stars) });
  return (
    <Stack
      direction="row"
      role="img"
      aria-label={of ? `${of}: ${given}` : t('rating.rated', { given })}
      sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      {of ? (
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {of}:
        </Typography>
      ) : null}
      <Box component="span" sx={{ display: 'inline-flex', color: low ? 'warning.main' : 'text.primary' }}>
        {starPlaces.map((place) =>
          place <= stars ? (
            <StarRounded key={place} aria-hidden="true" />
          ) : (
            <StarBorderRounded key={place} aria-hidden="true" sx={{ color: 'text.secondary' }} />
          ),
        )}
      </Box>
      <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {given}
      </Typography>
    </Stack>
  );
}

/**
 * The customer's rating of the delivered order (B19, ADR 0078): the stars, the executive's if given
 * (ADR 0084), the comment in quotes and when it was given, in the business's time zone. A low
 * rating (`isLowOrderRating`: the order's or the executive's stars) is marked, with the customer's
 * phone to call them back. Nothing until the customer rates.
 */
export function OrderRatingCard({ order }: { order: OrderDetail }) {
  const t = useT();
  const { dateTime } = useFormat();
  const timeZone = useTimeZone();
  const titleId = useId();
  const rating = order.rating;
  if (!rating) return null;
  const low = isLowOrderRating(rating);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, ...(low ? { borderColor: 'warning.main' } : {}) }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('timeline.rating')}
      </Typography>
      <Stack spacing={1}>
        <StarsGiven stars={rating.stars} low={isLowRating(rating.stars)} />
        {rating.executiveStars !== null ? (
          <StarsGiven
            stars={rating.executiveStars}
            low={isLowRating(rating.executiveStars)}
            of={t('dexs.executive')}
          />
        ) : null}
        {rating.comment ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            “{rating.comment}”
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('rating.givenOn', { time: dateTime(rating.ratedAt, timeZone) })}
        </Typography>
        {low ? (
          <Alert severity="warning">
            {t('rating.lowCall')}
            <br />
            <Link
              href={`tel:${order.customerPhone}`}
              variant="body2"
              aria-label={t('orderPage.call', { name: order.customerName, phone: order.customerPhone })}
            >
              {order.customerPhone}
            </Link>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
