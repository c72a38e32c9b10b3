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
import { formatRupees, parseRupees, rupeesDecimal } from '@storedesk/shared/money';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import {
  refundMethodFor,
  paymentDuePaise,
  refundablePaise,
  refundDuePaise,
} from '@storedesk/shared/payments/refunds';
import { useFormat, useT } from '@storedesk/web/i18n';
import { useId, useState } from 'react';
import { refundMethodText, refundStateText } from '@/i18n/codes.ts';
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
  const t = useT();
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
      setFields({ amountPaise: t('refund.amountWrong') });
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
          notify(
            t('refund.recorded', { number: String(order.number), amount: formatRupees(made.amountPaise) }),
          );
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
      <DialogTitle id={titleId}>{t('refund.title', { number: String(order.number) })}</DialogTitle>
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
              ? t('refund.throughGateway')
              : t('refund.byHand', { method: t(refundMethodText[method]) })}{' '}
            {t('refund.left', { amount: formatRupees(opened.left) })}
          </DialogContentText>
          {message ? <Alert severity="error">{message}</Alert> : null}
          <TextField
            label={t('refund.amount')}
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={Boolean(fields.amountPaise)}
            helperText={fields.amountPaise ?? t('refund.amountHint')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            disabled={busy}
            autoFocus
          />
          {/* The gateway gives its own reference to a refund it makes. */}
          {method === 'GATEWAY' ? null : (
            <TextField
              label={t(method === 'UPI' ? 'refund.upiReference' : 'refund.reference')}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={Boolean(fields.reference)}
              helperText={fields.reference}
              slotProps={{ htmlInput: { maxLength: 60 } }}
              disabled={busy}
            />
          )}
          <TextField
            label={t('refund.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={Boolean(fields.note)}
            helperText={fields.note ?? t('refund.noteHint')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            disabled={busy}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.back')}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={busy}>
          {busy ? t('common.saving') : t('refund.record')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The order's refunds with their state and credit note, and Refund while anything paid is left (B18). */
export function OrderRefunds({ order }: { order: OrderDetail }) {
  const t = useT();
  const { dateTime } = useFormat();
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
          {t('refund.toPay', { amount: formatRupees(toPay) })}
        </Alert>
      ) : null}
      {due > 0 ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('refund.due', { amount: formatRupees(due) })}
        </Alert>
      ) : null}
      {order.refundedPaise > 0 ? (
        <>
          <Typography variant="subtitle2" component="h3">
            {t('refund.refunds')} · {formatRupees(order.refundedPaise)}
          </Typography>
          <List dense disablePadding aria-label={t('refund.refunds')}>
            {(refunds.data?.items ?? []).map((refund) => (
              <ListItem key={refund.id} disableGutters>
                <ListItemText
                  primary={[
                    formatRupees(refund.amountPaise),
                    t(refundMethodText[refund.method]),
                    t(refundStateText[refund.state]),
                    ...(refund.creditNote ? [t('refund.creditNote', { number: refund.creditNote })] : []),
                  ].join(' · ')}
                  secondary={[
                    refund.createdByName,
                    dateTime(refund.createdAt, timeZone),
                    ...(refund.reference ? [t('refund.ref', { reference: refund.reference })] : []),
                    ...(refund.note ? [refund.note] : []),
                  ].join(' · ')}
                />
                {refund.creditNote && refund.state !== 'FAILED' ? (
                  <Button
                    size="small"
                    startIcon={<PrintOutlined />}
                    component={RouterLink}
                    to={`${paths.orders.printCreditNote.getHref(order.id, refund.id)}?print=1`}
                    target="_blank"
                    aria-label={t('refund.printCreditNote', { number: refund.creditNote })}
                    sx={{ flexShrink: 0 }}
                  >
                    {t('refund.print')}
                  </Button>
                ) : null}
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
      {left > 0 ? (
        <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
          {t('refund.refund')}
        </Button>
      ) : null}
      {open ? <RefundDialog order={order} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
