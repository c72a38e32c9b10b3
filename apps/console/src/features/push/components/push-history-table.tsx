import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@storedesk/shared/dates';
import type { PushNotification, PushStatus } from '@storedesk/shared/push/schemas';
import { TableMessageRow, TableSkeletonRows } from '@/components/table-states.tsx';
import { useCompact } from '@/lib/use-compact.ts';
import { TableRegion } from '@/components/table-region.tsx';

const statusChips: Record<PushStatus, { label: string; color: 'info' | 'success' | 'error'; title: string }> =
  {
    sending: { label: 'Sending', color: 'info', title: 'Being delivered now' },
    sent: { label: 'Sent', color: 'success', title: 'Every subscribed device was tried' },
    failed: { label: 'Stopped', color: 'error', title: 'Stopped before it reached everyone: send it again' },
  };

function StatusChip({ status }: { status: PushStatus }) {
  const chip = statusChips[status];
  return <Chip size="small" label={chip.label} color={chip.color} variant="outlined" title={chip.title} />;
}

const formatCount = (n: number) => n.toLocaleString('en-IN');

/** "3 of 4 delivered · 1 failed", with a bar of how far it got while it is sending. */
function Deliveries({ send }: { send: PushNotification }) {
  const done = send.delivered + send.failed;
  const line = `${formatCount(send.delivered)} of ${formatCount(send.total)} delivered${
    send.failed > 0 ? ` · ${formatCount(send.failed)} failed` : ''
  }`;
  return (
    <Box>
      <Typography variant="body2">{line}</Typography>
      {send.status === 'sending' ? (
        <LinearProgress
          variant="determinate"
          value={send.total === 0 ? 0 : Math.min(100, (done / send.total) * 100)}
          aria-label={`Sending “${send.title}”: ${formatCount(done)} of ${formatCount(send.total)} tried`}
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
  const compact = useCompact();
  const columns = compact ? 1 : 5;

  const rows = sends.map((send) => {
    const when = formatDateTime(send.createdAt, timeZone);
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
              {when} · by {send.sentByName}
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
      <TableMessageRow columns={columns} title="No notifications sent yet">
        Each notification you send is listed here with how many devices it reached.
      </TableMessageRow>
    );
  };

  return (
    <TableRegion name="Sent notifications" maxHeight={640}>
      <Table stickyHeader size="small" aria-label="Sent notifications">
        <TableHead>
          {compact ? (
            <TableRow>
              <TableCell>Notification</TableCell>
            </TableRow>
          ) : (
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Title</TableCell>
              <TableCell>Sent by</TableCell>
              <TableCell>Delivered</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          )}
        </TableHead>
        <TableBody>{body()}</TableBody>
      </Table>
    </TableRegion>
  );
}
