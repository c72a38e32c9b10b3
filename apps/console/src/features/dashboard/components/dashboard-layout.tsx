import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '@storedesk/web/i18n';
import type { ReactNode } from 'react';

/**
 * The four cards: one column, two, or four in a row, by the width the screen
 * leaves beside the sidebar (a container query, since the persistent sidebar
 * takes 240 px from lg on).
 */
export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ containerType: 'inline-size' }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'minmax(0, 1fr)',
          '@container (min-width: 540px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          '@container (min-width: 1040px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The two charts: side by side from `md`, stacked below. */
export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mt: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
      }}
    >
      {children}
    </Box>
  );
}

/** The dashboard in grey while its figures load. */
export function DashboardSkeleton() {
  const t = useT();
  return (
    <Box role="status" aria-busy="true" aria-label={t('dashboard.loading')}>
      <CardGrid>
        {Array.from({ length: 4 }, (_, index) => (
          <Paper key={index} variant="outlined" sx={{ p: 2.5 }}>
            <Skeleton variant="text" width="50%" />
            <Skeleton variant="text" width="40%" sx={{ fontSize: '2rem' }} />
            <Skeleton variant="text" width="70%" />
          </Paper>
        ))}
      </CardGrid>
      <ChartsSkeleton />
    </Box>
  );
}

/**
 * The two charts in grey, while the figures load: line for line the cards they
 * stand for (a heading, the subtitle, the legend, then the chart's own height), so the page below
 * does not move when the charts come in.
 */
function ChartsSkeleton() {
  return (
    <ChartGrid>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <ChartHeadingSkeleton width="35%" />
        <Typography variant="body2" component="div">
          <Skeleton width="45%" />
        </Typography>
        <Box sx={{ mt: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', height: 260 }}>
            {[55, 80, 40, 95, 65, 30, 75].map((percent, index) => (
              <Skeleton key={index} variant="rounded" sx={{ flex: 1, height: `${percent}%` }} />
            ))}
          </Stack>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <ChartHeadingSkeleton width="45%" />
        <Stack sx={{ alignItems: 'center', py: 1 }}>
          <Skeleton variant="circular" width={200} height={200} />
        </Stack>
      </Paper>
    </ChartGrid>
  );
}

/** A chart card's heading and subtitle in grey, at the height of their type. */
function ChartHeadingSkeleton({ width }: { width: string }) {
  return (
    <>
      <Typography variant="h6" component="div">
        <Skeleton width={width} />
      </Typography>
      <Typography variant="body2" component="div" sx={{ mb: 1.5 }}>
        <Skeleton width="25%" />
      </Typography>
    </>
  );
}
