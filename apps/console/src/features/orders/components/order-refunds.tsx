import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@storedesk/shared/dates';
import { amountMessages, formatRupees, parseRupees, rupeesDecimal } from '@storedesk/shared/money';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import {
  refundMethodFor,
  paymentDuePaise,
  refundablePaise,
  refundDuePaise,
  refundMethodLabels,
  refundStateLabels,
} from '@storedesk/shared/payments/refunds';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { paths } from '@/config/paths.ts';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useRefundOrder, useRefunds } from '@/features/orders/api/refunds.ts';

/** What the order can still give back, as the dialog and the button read it. */
const leftOf = (order: OrderDetail) => refundablePaise({ paid: order.paidAt !== null, ...order });
/** What was received beyond the bill (its items changed after it was paid): to give back. */
const dueOf = (order: OrderDetail) => refundDuePaise({ paid: order.paidAt !== null, ...order });

/**
 * Refund (B18): the amount (all that is left by default), the UPI reference or receipt, and a note.
 * It writes with the order's version as the dialog opened, so a change meanwhile is a 409 that says so.
 */
function RefundDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const titleId = useId();
  const notify = useSnackbar();
  const refund = useRefundOrder();
  const [opened] = useState(() => ({ version: order.version, left: leftOf(order), due: dueOf(order) }));
  // What the order owes back after its items changed, else all that is left.
  const [amount, setAmount] = useState(rupeesDecimal(opened.due > 0 ? opened.due : opened.left));
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const method = refundMethodFor(order.paymentMode);
  const busy = refund.isPending;

  const save = () => {
    setMessage(null);
    const paise = parseRupees(amount);
    if (paise === null || paise <= 0) {
      setFields({ amountPaise: amountMessages.rupees });
      return;
    }
    setFields({});
    refund.mutate(
      {
        orderId: order.id,
        input: {
          amountPaise: paise,
          version: opened.version,
          ...(reference.trim() ? { reference: reference.trim() } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      },
      {
        onSuccess: ({ refund: made }) => {
          notify(`Order #${order.number}: refund of ${formatRupees(made.amountPaise)} recorded`);
          onClose();
        },
        onError: (caught) => {
          if (isApiError(caught, 401)) return;
          const error = asApiError(caught);
          if (error.status === 400 && error.fields) setFields(error.fields);
          else setMessage(error.message);
        },
      },
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Refund order #{order.number}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${titleId}-form`}
          spacing={2}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <DialogContentText>
            {method === 'GATEWAY'
              ? 'Refund through the payment gateway, to what the customer paid with: pending until the gateway processes it.'
              : `Record money given back (${refundMethodLabels[method]}).`}{' '}
            Up to {formatRupees(opened.left)} is left of the payment.
          </DialogContentText>
          {message ? <Alert severity="error">{message}</Alert> : null}
          <TextField
            label="Amount (₹)"
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(fields.amountPaise)}
            helperText={fields.amountPaise ?? 'In full or in part'}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            disabled={busy}
            autoFocus
          />
          {/* The gateway gives its own reference to a refund it makes. */}
          {method === 'GATEWAY' ? null : (
            <TextField
              label={method === 'UPI' ? 'UPI reference (optional)' : 'Receipt or reference (optional)'}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={Boolean(fields.reference)}
              helperText={fields.reference}
              slotProps={{ htmlInput: { maxLength: 60 } }}
              disabled={busy}
            />
          )}
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={Boolean(fields.note)}
            helperText={fields.note ?? 'Why, for the timeline'}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            disabled={busy}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Back
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={busy}>
          {busy ? 'Saving…' : 'Record refund'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The order's refunds with their state and credit note, and Refund while anything paid is left (B18). */
export function OrderRefunds({ order }: { order: OrderDetail }) {
  const timeZone = useTimeZone();
  const [open, setOpen] = useState(false);
  const refunds = useRefunds(order.id, order.refundedPaise > 0);
  const left = leftOf(order);
  const due = dueOf(order);
  const toPay = paymentDuePaise({ paid: order.paidAt !== null, ...order });
  if (order.paidAt === null) return null;
  return (
    <div>
      {toPay > 0 ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          The change comes to {formatRupees(toPay)} more than was paid: the customer is asked to pay it
          online, on their order’s page.
        </Alert>
      ) : null}
      {due > 0 ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {formatRupees(due)} was received beyond the bill: refund it to the customer.
        </Alert>
      ) : null}
      {order.refundedPaise > 0 ? (
        <>
          <Typography variant="subtitle2" component="h3">
            Refunds · {formatRupees(order.refundedPaise)}
          </Typography>
          <List dense disablePadding aria-label="Refunds">
            {(refunds.data?.items ?? []).map((refund) => (
              <ListItem key={refund.id} disableGutters>
                <ListItemText
                  primary={`${formatRupees(refund.amountPaise)} · ${refundMethodLabels[refund.method]} · ${
                    refundStateLabels[refund.state]
                  }${refund.creditNote ? ` · Credit note ${refund.creditNote}` : ''}`}
                  secondary={`${refund.createdByName} · ${formatDateTime(refund.createdAt, timeZone)}${
                    refund.reference ? ` · Ref. ${refund.reference}` : ''
                  }${refund.note ? ` · ${refund.note}` : ''}`}
                />
                {refund.creditNote && refund.state !== 'FAILED' ? (
                  <Button
                    size="small"
                    startIcon={<PrintOutlined />}
                    component={RouterLink}
                    to={`${paths.orders.printCreditNote.getHref(order.id, refund.id)}?print=1`}
                    target="_blank"
                    aria-label={`Print credit note ${refund.creditNote}`}
                    sx={{ flexShrink: 0 }}
                  >
                    Print
                  </Button>
                ) : null}
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
      {left > 0 ? (
        <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
          Refund
        </Button>
      ) : null}
      {open ? <RefundDialog order={order} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
