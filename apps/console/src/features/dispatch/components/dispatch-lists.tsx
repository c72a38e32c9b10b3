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
import type { DispatchExecutive, DispatchOrder } from '@storedesk/shared/delivery/schemas';
import type { OrderStatus } from '@storedesk/shared/orders';
import { FormattedMessage, useFormat, useT } from '@storedesk/web/i18n';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import type { MessageId } from '@/i18n/index.ts';
import { statusText } from '@/i18n/codes.ts';
import { useAges } from '@/features/dispatch/use-ages.ts';

/**
 * An open order as the list shows it: how long it has waited ("14 min", in the language shown) once
 * it has waited too long for an executive, else null.
 */
export type ListedOrder = DispatchOrder & { waited: string | null };

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  // The title is in the language shown: the heading's id is the page's own, not made of its words.
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
        {title} ({count})
      </Typography>
      {children}
    </Paper>
  );
}

function EmptyNote({ title, children }: { title: string; children?: ReactNode }) {
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
  const t = useT();
  const { dateTime } = useFormat();
  const { age } = useAges();
  const onDuty = executives.filter((executive) => executive.onDuty);
  const sorted = [...onDuty, ...executives.filter((executive) => !executive.onDuty)];
  return (
    <Section title={t('dispatch.executives')} count={executives.length}>
      {executives.length === 0 ? (
        <EmptyNote title={t('dispatch.noExecutives')}>
          <FormattedMessage
            id="dispatch.noExecutivesHint"
            values={{
              link: (words: ReactNode) => (
                <Link component={RouterLink} to={paths.dexs.add.getHref()}>
                  {words}
                </Link>
              ),
            }}
          />
        </EmptyNote>
      ) : (
        <>
          {onDuty.length === 0 ? (
            <EmptyNote title={t('dispatch.noneOnDuty')}>{t('dispatch.noneOnDutyHint')}</EmptyNote>
          ) : null}
          <List dense disablePadding aria-label={t('dispatch.executives')}>
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
                        label={t(executive.onDuty ? 'dexs.onDuty' : 'dexs.offDuty')}
                      />
                    </Stack>
                  }
                  secondary={
                    <>
                      {executive.seenAt ? (
                        <time dateTime={executive.seenAt} title={dateTime(executive.seenAt, timeZone)}>
                          {t('dispatch.position', { age: age(executive.seenAt, now) })}
                        </time>
                      ) : (
                        t('dexs.locationUnknown')
                      )}
                      {' · '}
                      {t('dexs.open', { open: String(executive.openOrders), limit: String(limit) })}
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
  const t = useT();
  // A status this console does not know yet (a newer server) shows no words rather than a wrong one.
  const statusOf = (status: number) => {
    const key = statusText[status as OrderStatus] as MessageId | undefined;
    return key ? t(key) : '';
  };
  const sorted = [
    ...orders.filter((order) => order.waited !== null),
    ...orders.filter((order) => order.waited === null),
  ];
  return (
    <Section title={t('dispatch.openOrders')} count={orders.length}>
      {orders.length === 0 ? (
        <EmptyNote title={t('dispatch.noOpenOrders')}>{t('dispatch.noOpenOrdersHint')}</EmptyNote>
      ) : (
        <List dense disablePadding aria-label={t('dispatch.openOrders')}>
          {sorted.map((order) => (
            <ListItem
              key={order.id}
              divider
              // The colour marks the row; the chip's words say why, for whoever does not see colour.
              sx={order.waited ? { borderLeft: 4, borderLeftColor: 'warning.main' } : undefined}
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
                      {t('dispatch.order', { number: String(order.number) })}
                    </Link>
                    <span>{statusOf(order.status)}</span>
                    {order.waited ? (
                      <Chip
                        size="small"
                        color="warning"
                        icon={<HourglassBottomOutlined aria-hidden />}
                        label={t('dispatch.waiting', { elapsed: order.waited })}
                      />
                    ) : null}
                  </Stack>
                }
                secondary={
                  <>
                    {order.customerName} · {order.storeName}
                    <br />
                    {order.dexName
                      ? t('dispatch.executiveNamed', { name: order.dexName })
                      : t('dispatch.noExecutiveYet')}
                    {order.lat === null ? ` · ${t('dispatch.noDeliveryPoint')}` : ''}
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
