import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PushNotification, PushStatus } from '@storedesk/shared/push/schemas';
import { useFormat, useT } from '@storedesk/web/i18n';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { useCompact } from '@/lib/use-compact.ts';
import { TableRegion } from '@/components/table-region.tsx';

const statusColors: Record<PushStatus, 'info' | 'success' | 'error'> = {
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

function StatusChip({ status }: { status: PushStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      label={t(`push.status.${status}`)}
      color={statusColors[status]}
      variant="outlined"
      title={t(`push.statusHint.${status}`)}
    />
  );
}

/** "3 of 4 delivered · 1 failed", with a bar of how far it got while it is sending. */
function Deliveries({ send }: { send: PushNotification }) {
  const t = useT();
  const { number } = useFormat();
  const done = send.delivered + send.failed;
  const counts = { delivered: number(send.delivered), total: number(send.total) };
  const line =
    send.failed > 0
      ? t('push.deliveredFailed', { ...counts, failed: number(send.failed) })
      : t('push.delivered', counts);
  return (
    <Box>
      <Typography variant="body2">{line}</Typography>
      {send.status === 'sending' ? (
        <LinearProgress
          variant="determinate"
          value={send.total === 0 ? 0 : Math.min(100, (done / send.total) * 100)}
          aria-label={t('push.progress', {
            title: send.title,
            done: number(done),
            total: number(send.total),
          })}
          sx={{ mt: 0.5, maxWidth: 200 }}
        />
      ) : null}
    </Box>
  );
}

type PushHistoryTableProps = {
  query: { isPending: boolean; isError: boolean };
  sends: PushNotification[];
  timeZone: string;
};

/** Each send: when (in the business's time zone), what, who sent it, how far it got, and its status. */
export function PushHistoryTable({ query, sends, timeZone }: PushHistoryTableProps) {
  const t = useT();
  const { dateTime } = useFormat();
  const compact = useCompact();
  const columns = compact ? 1 : 5;

  const rows = sends.map((send) => {
    const when = dateTime(send.createdAt, timeZone);
    const message = (
      <Typography
        variant="body2"
        component="p"
        sx={{
          color: 'text.secondary',
          whiteSpace: 'pre-line',
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {send.message}
      </Typography>
    );
    if (compact) {
      return (
        <TableRow key={send.id}>
          <TableCell sx={{ wordBreak: 'break-word' }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {send.title}
              </Typography>
              <StatusChip status={send.status} />
            </Box>
            {message}
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', my: 0.5 }}>
              {t('push.whenBy', { when, name: send.sentByName })}
            </Typography>
            <Deliveries send={send} />
          </TableCell>
        </TableRow>
      );
    }
    return (
      <TableRow key={send.id}>
        <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{when}</TableCell>
        <TableCell sx={{ wordBreak: 'break-word', verticalAlign: 'top' }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {send.title}
          </Typography>
          {message}
        </TableCell>
        <TableCell sx={{ verticalAlign: 'top' }}>{send.sentByName}</TableCell>
        <TableCell sx={{ verticalAlign: 'top' }}>
          <Deliveries send={send} />
        </TableCell>
        <TableCell sx={{ verticalAlign: 'top' }}>
          <StatusChip status={send.status} />
        </TableCell>
      </TableRow>
    );
  });

  const body = () => {
    if (query.isPending) return <TableSkeletonRows columns={columns} />;
    if (sends.length > 0 || query.isError) return rows;
    return (
      <TableMessageRow columns={columns} title={t('push.empty')}>
        {t('push.emptyHint')}
      </TableMessageRow>
    );
  };

  return (
    <TableRegion name={t('push.history')} maxHeight={640}>
      <Table stickyHeader size="small" aria-label={t('push.history')}>
        <TableHead>
          {compact ? (
            <TableRow>
              <TableCell>{t('push.column.notification')}</TableCell>
            </TableRow>
          ) : (
            <TableRow>
              <TableCell>{t('push.column.when')}</TableCell>
              <TableCell>{t('push.field.title')}</TableCell>
              <TableCell>{t('push.column.sentBy')}</TableCell>
              <TableCell>{t('push.column.delivered')}</TableCell>
              <TableCell>{t('push.column.status')}</TableCell>
            </TableRow>
          )}
        </TableHead>
        <TableBody>{body()}</TableBody>
      </Table>
    </TableRegion>
  );
}
