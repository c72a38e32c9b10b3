import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderEventKind } from '@storedesk/shared/orders/event-kinds';
import type { OrderDetail, OrderEvent } from '@storedesk/shared/orders/schemas';
import { useFormat, useT } from '@storedesk/web/i18n';
import { cancelReasonText, statusText } from '@/i18n/codes.ts';
import type { MessageId } from '@/i18n/index.ts';
import { useState } from 'react';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useChangeOrderStatus } from '@/features/orders/api/change-order-status.ts';

const noteMax = 500;
// A note is one line (the API refuses control characters): a pasted line break or tab becomes a space.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f]+/g;

/** Each kind of entry's title (their English is `orderEventKindTitles`'). */
const kindText: Record<OrderEventKind, MessageId> = {
  REFUND: 'timeline.refund',
  UPI_REPORTED: 'timeline.upiReported',
  ITEMS: 'timeline.items',
  MESSAGE: 'timeline.message',
  RATING: 'timeline.rating',
  SLOT: 'timeline.slot',
};

/** "Placed", "Placed → Confirmed", or "Note" for a note (or executive change) at the same status. */
function eventTitle(event: OrderEvent, t: (id: MessageId) => string): string {
  if (event.kind) return t(kindText[event.kind]);
  if (event.toStatus === null) return t(event.note ? 'timeline.note' : 'timeline.executiveChanged');
  const to = t(statusText[event.toStatus]);
  return event.fromStatus === null ? to : `${t(statusText[event.fromStatus])} → ${to}`;
}

function TimelineEntry({ event, divider }: { event: OrderEvent; divider: boolean }) {
  const t = useT();
  const { dateTime } = useFormat();
  const timeZone = useTimeZone();
  return (
    <ListItem disableGutters alignItems="flex-start" divider={divider}>
      <ListItemText
        primary={eventTitle(event, t)}
        secondary={
          <>
            {event.dexName ? (
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.primary' }}>
                {t('timeline.executive', { name: event.dexName })}
              </Typography>
            ) : null}
            {event.reason ? (
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.primary' }}>
                {t('timeline.reason', { reason: t(cancelReasonText[event.reason]) })}
              </Typography>
            ) : null}
            {event.note ? (
              <Typography
                component="span"
                variant="body2"
                sx={{ display: 'block', color: 'text.primary', whiteSpace: 'pre-wrap' }}
              >
                {event.note}
              </Typography>
            ) : null}
            <Typography component="span" variant="caption" sx={{ display: 'block' }}>
              {event.actorName} · {dateTime(event.at, timeZone)}
            </Typography>
          </>
        }
      />
    </ListItem>
  );
}

/**
 * D8 and B5: every status change and note of the order with who made it and
 * when, oldest first, and a note field that records a note at the current status.
 */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const t = useT();
  const change = useChangeOrderStatus();
  const notify = useSnackbar();
  const [note, setNote] = useState('');
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const closed = order.state === 0;
  const trimmed = note.trim();

  const addNote = () => {
    if (!trimmed) return;
    change.mutate(
      { orderId: order.id, change: { status: order.status, note: trimmed, version: order.version } },
      {
        onSuccess: () => {
          setNote('');
          notify(t('timeline.noteAdded'));
        },
        onError: (caught) => {
          if (isApiError(caught, 401)) return;
          // On a 409 the order on screen is already the server's (see useChangeOrderStatus).
          setErrorMessage(asApiError(caught).message);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {t('timeline.title')}
      </Typography>
      <List dense aria-label={t('timeline.title')}>
        {/* A line under each entry but the last, drawn by the item: a list holds list items only. */}
        {order.timeline.map((event, index) => (
          <TimelineEntry key={event.id} event={event} divider={index < order.timeline.length - 1} />
        ))}
      </List>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' }, mt: 1 }}
        onSubmit={(event) => {
          event.preventDefault();
          addNote();
        }}
      >
        <TextField
          size="small"
          label={t('timeline.addNote')}
          value={note}
          onChange={(event) => setNote(event.target.value.replace(controlCharacters, ' '))}
          disabled={closed || change.isPending}
          helperText={t(closed ? 'orders.closed' : 'timeline.noteSeenBy')}
          fullWidth
          slotProps={{ htmlInput: { maxLength: noteMax } }}
        />
        <Button type="submit" variant="outlined" disabled={closed || change.isPending || !trimmed}>
          {t(change.isPending ? 'timeline.adding' : 'timeline.addNote')}
        </Button>
      </Stack>
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </Paper>
  );
}
