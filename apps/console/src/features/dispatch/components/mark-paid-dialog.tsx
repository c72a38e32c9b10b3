import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDay } from '@storedesk/shared/dates';
import type { PayoutRow } from '@storedesk/shared/delivery/earnings';
import { earningsMessages } from '@storedesk/shared/delivery/earnings-rules';
import { formatRupees } from '@storedesk/shared/money';
import { useT } from '@storedesk/web/i18n';
import { useId, useState } from 'react';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { currentPayoutRowOf, useCreatePayout } from '@/features/dispatch/api/create-payout.ts';
import { hasSomethingToPay } from '@/features/dispatch/components/payouts-table.tsx';
import type { Translate } from '@/i18n/index.ts';

type MarkPaidDialogProps = {
  row: PayoutRow;
  /** The period the row is of (YYYY-MM-DD, both included). */
  from: string;
  to: string;
  onClose: () => void;
};

/** What Mark paid does with this row, in words: who pays whom how much, and why. */
function payoutSentence(t: Translate, row: PayoutRow): string {
  const name = row.executiveName;
  const earned = formatRupees(row.unpaidPaise);
  const cash = formatRupees(row.cashToSettlePaise);
  let sentence: string;
  if (row.netPaise > 0) {
    sentence = t('payouts.pay', {
      name,
      amount: formatRupees(row.netPaise),
      earned,
      cash,
      hasCash: row.cashToSettlePaise > 0 ? 'yes' : 'no',
    });
  } else if (row.netPaise < 0) {
    sentence = t('payouts.handOver', {
      name,
      amount: formatRupees(-row.netPaise),
      earned,
      cash,
      hasEarned: row.unpaidPaise > 0 ? 'yes' : 'no',
    });
  } else {
    sentence = t('payouts.even', { name, earned, cash });
  }
  return row.cashToSettlePaise > 0 ? `${sentence} ${t('payouts.cashCounted', { name })}` : sentence;
}

/** The period's figures behind the sentence; tips in cash are the executive's already. */
function periodSummary(t: Translate, row: PayoutRow, from: string, to: string): string {
  return t('payouts.period', {
    from: formatDay(from),
    to: formatDay(to),
    count: row.deliveries,
    n: String(row.deliveries),
    fees: formatRupees(row.feesPaise),
    online: formatRupees(row.tipsOnlinePaise),
    cash: formatRupees(row.tipsCashPaise),
  });
}

/** The confirming button: what the user does by pressing it. */
function confirmLabel(t: Translate, netPaise: number): string {
  if (netPaise > 0) return t('payouts.payAmount', { amount: formatRupees(netPaise) });
  if (netPaise < 0) return t('payouts.receiveAmount', { amount: formatRupees(-netPaise) });
  return t('payouts.markPaid');
}

function doneMessage(t: Translate, row: PayoutRow): string {
  const name = row.executiveName;
  if (row.netPaise > 0) return t('payouts.paid', { name, amount: formatRupees(row.netPaise) });
  if (row.netPaise < 0) return t('payouts.handedOver', { name, amount: formatRupees(-row.netPaise) });
  return t('payouts.marked', { name });
}

/**
 * Asks before paying an executive their period, stating who pays whom how much and what it is made
 * of. When the figures changed since the row was read (409), it shows the server's message and the
 * row as it is now, and asks again at the new net; when nothing is left to pay, it says so.
 */
export function MarkPaidDialog({ row: first, from, to, onClose }: MarkPaidDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const pay = useCreatePayout();
  const notify = useSnackbar();
  const [row, setRow] = useState(first);
  // Nothing left to do: the server said there is nothing to pay, or the row is gone.
  const [finished, setFinished] = useState(!hasSomethingToPay(first));
  const [message, setMessage] = useState<{ severity: 'warning' | 'error'; text: string } | null>(null);
  const busy = pay.isPending;

  const confirm = () => {
    setMessage(null);
    pay.mutate(
      { executiveId: row.executiveId, from, to, netPaise: row.netPaise },
      {
        onSuccess: () => {
          notify(doneMessage(t, row));
          onClose();
        },
        onError: (caught) => {
          if (isApiError(caught, 401)) return;
          const error = asApiError(caught);
          const current = currentPayoutRowOf(error);
          if (current && hasSomethingToPay(current)) {
            setRow(current);
            setMessage({ severity: 'warning', text: error.message });
            return;
          }
          const nothingLeft = error.status === 409 || error.fields?.executiveId !== undefined;
          if (current) setRow(current);
          setFinished(nothingLeft);
          setMessage({ severity: 'error', text: error.fields?.executiveId ?? error.message });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('payouts.markPaid')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {message ? (
            <Alert severity={message.severity} role="alert">
              {message.text}
            </Alert>
          ) : null}
          <DialogContentText id={textId}>
            {hasSomethingToPay(row) ? payoutSentence(t, row) : earningsMessages.nothingToPay}
          </DialogContentText>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {periodSummary(t, row, from, to)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t(finished ? 'common.close' : 'common.cancel')}
        </Button>
        {finished ? null : (
          <Button variant="contained" onClick={confirm} disabled={busy} loading={busy}>
            {busy ? t('common.saving') : confirmLabel(t, row.netPaise)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
