import HourglassBottomOutlined from '@mui/icons-material/HourglassBottomOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAge, formatDateTime } from '@storedesk/shared/dates';
import type { DispatchExecutive, DispatchOrder } from '@storedesk/shared/delivery/schemas';
import { orderStatusLabels } from '@storedesk/shared/orders';
import type { OrderStatus } from '@storedesk/shared/orders';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';

/** An open order as the list shows it: "Waiting 14 min" once it has waited too long for an executive. */
export type ListedOrder = DispatchOrder & { waiting: string | null };

function Section({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  const headingId = `dispatch-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
        {title} ({count})
      </Typography>
      {children}
    </Paper>
  );
}

function EmptyNote({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Typography variant="subtitle2">{title}</Typography>
      {children ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}

type ExecutivesListProps = {
  executives: DispatchExecutive[];
  limit: number;
  timeZone: string;
  /** The time the ages are counted to. */
  now: number;
};

/**
 * The zone's executives, on duty first: duty, how old their position is (and when it was read, in
 * the business's time zone), and their open orders of the limit.
 */
export function ExecutivesList({ executives, limit, timeZone, now }: ExecutivesListProps) {
  const onDuty = executives.filter((executive) => executive.onDuty);
  const sorted = [...onDuty, ...executives.filter((executive) => !executive.onDuty)];
  return (
    <Section title="Delivery executives" count={executives.length}>
      {executives.length === 0 ? (
        <EmptyNote title="No delivery executives yet">
          <Link component={RouterLink} to={paths.dexs.add.getHref()}>
            Add a delivery executive
          </Link>{' '}
          to see them here once they go on duty in the delivery app.
        </EmptyNote>
      ) : (
        <>
          {onDuty.length === 0 ? (
            <EmptyNote title="No one is on duty">
              Executives go on duty in the delivery app; they show on the map from then on.
            </EmptyNote>
          ) : null}
          <List dense disablePadding aria-label="Delivery executives">
            {sorted.map((executive) => (
              <ListItem key={executive.id} divider>
                <ListItemText
                  primary={
                    <Stack
                      direction="row"
                      spacing={1}
                      useFlexGap
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <span>{executive.name}</span>
                      <Chip
                        size="small"
                        variant={executive.onDuty ? 'filled' : 'outlined'}
                        color={executive.onDuty ? 'success' : 'default'}
                        label={executive.onDuty ? 'On duty' : 'Off duty'}
                      />
                    </Stack>
                  }
                  secondary={
                    <>
                      {executive.seenAt ? (
                        <time dateTime={executive.seenAt} title={formatDateTime(executive.seenAt, timeZone)}>
                          {`Position ${formatAge(executive.seenAt, now)}`}
                        </time>
                      ) : (
                        'Location unknown'
                      )}
                      {' · '}
                      {`${executive.openOrders} of ${limit} open`}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Section>
  );
}

/** Open orders, those waiting too long for an executive first, each a link to its page. */
export function OpenOrdersList({ orders }: { orders: ListedOrder[] }) {
  const sorted = [
    ...orders.filter((order) => order.waiting !== null),
    ...orders.filter((order) => order.waiting === null),
  ];
  return (
    <Section title="Open orders" count={orders.length}>
      {orders.length === 0 ? (
        <EmptyNote title="No open orders">New orders show here as they are placed.</EmptyNote>
      ) : (
        <List dense disablePadding aria-label="Open orders">
          {sorted.map((order) => (
            <ListItem
              key={order.id}
              divider
              // The colour marks the row; the chip's words say why, for whoever does not see colour.
              sx={order.waiting ? { borderLeft: 4, borderLeftColor: 'warning.main' } : undefined}
            >
              <ListItemText
                primary={
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <Link
                      component={RouterLink}
                      to={paths.orders.detail.getHref(order.id)}
                      sx={{ fontWeight: 600 }}
                    >
                      Order #{order.number}
                    </Link>
                    <span>{orderStatusLabels[order.status as OrderStatus] ?? ''}</span>
                    {order.waiting ? (
                      <Chip
                        size="small"
                        color="warning"
                        icon={<HourglassBottomOutlined aria-hidden />}
                        label={order.waiting}
                      />
                    ) : null}
                  </Stack>
                }
                secondary={
                  <>
                    {order.customerName} · {order.storeName}
                    <br />
                    {order.dexName ? `Executive: ${order.dexName}` : 'No executive yet'}
                    {order.lat === null ? ' · no delivery point' : ''}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}
