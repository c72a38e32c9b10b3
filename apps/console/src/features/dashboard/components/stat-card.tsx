import TrendingDown from '@mui/icons-material/TrendingDown';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MonthlyFigure } from '@storedesk/shared/dashboard/schemas';
import { FormattedMessage } from '@storedesk/web/i18n';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { formatChange } from './dashboard-format.ts';

type StatCardProps = {
  title: string;
  /** The figure, already formatted. */
  value: string;
  /** What the figure counts, in one short line. */
  caption: string;
  icon: ReactNode;
  /** The change since last month, when the card has one. */
  change?: MonthlyFigure;
  /** Whether a rise is good news (orders) or bad (cancellations); it picks the colour. */
  rising?: 'good' | 'bad';
};

function ChangeLine({ change, rising }: { change: MonthlyFigure; rising: 'good' | 'bad' }) {
  const percent = change.changePercent;
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  const good = direction === 'flat' ? null : (direction === 'up') === (rising === 'good');
  const color = good === null ? 'text.secondary' : good ? 'success.main' : 'error.main';
  const Icon = direction === 'up' ? TrendingUp : direction === 'down' ? TrendingDown : TrendingFlat;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-direction={direction}>
      <Icon fontSize="small" sx={{ color }} aria-hidden="true" />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <FormattedMessage
          id="dashboard.sinceLastMonth"
          values={{
            change: (
              <Typography component="span" variant="body2" sx={{ color, fontWeight: 600 }}>
                {formatChange(percent)}
              </Typography>
            ),
          }}
        />
      </Typography>
    </Stack>
  );
}

/** One figure of the dashboard, with its change since last month. */
export function StatCard({ title, value, caption, icon, change, rising = 'good' }: StatCardProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id={titleId} component="h2" variant="subtitle2" sx={{ color: 'text.secondary' }}>
          {title}
        </Typography>
        <Avatar
          variant="rounded"
          sx={{ width: 36, height: 36, bgcolor: 'action.selected', color: 'primary.main' }}
          aria-hidden="true"
        >
          {icon}
        </Avatar>
      </Stack>
      <Typography
        component="p"
        variant="h4"
        sx={{
          fontWeight: 600,
          fontSize: '1.75rem',
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {caption}
      </Typography>
      {change ? (
        <Box sx={{ mt: 'auto' }}>
          <ChangeLine change={change} rising={rising} />
        </Box>
      ) : null}
    </Paper>
  );
}
