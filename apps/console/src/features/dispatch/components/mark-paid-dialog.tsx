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
import { useId, useState } from 'react';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { currentPayoutRowOf, useCreatePayout } from '@/features/dispatch/api/create-payout.ts';
import { hasSomethingToPay } from '@/features/dispatch/components/payouts-table.tsx';

type MarkPaidDialogProps = {
  row: PayoutRow;
  /** The period the row is of (YYYY-MM-DD, both included). */
  from: string;
  to: string;
  onClose: () => void;
};

/** What Mark paid does with this row, in words: who pays whom how much, and why. */
function payoutSentence(row: PayoutRow): string {
  const name = row.executiveName;
  const earned = formatRupees(row.unpaidPaise);
  const cash = formatRupees(row.cashToSettlePaise);
  const cashHandedOver =
    row.cashToSettlePaise > 0 ? ` ${name}’s cash of these days counts as handed over.` : '';
  if (row.netPaise > 0) {
    const less = row.cashToSettlePaise > 0 ? ` less cash to settle ${cash}` : '';
    return `Pay ${name} ${formatRupees(row.netPaise)}: fees and online tips ${earned}${less}.${cashHandedOver}`;
  }
  if (row.netPaise < 0) {
    const less = row.unpaidPaise > 0 ? ` less fees and online tips ${earned}` : '';
    return `${name} hands over ${formatRupees(-row.netPaise)}: cash to settle ${cash}${less}.${cashHandedOver}`;
  }
  return `Nothing changes hands: ${name}’s fees and online tips ${earned} equal the cash to settle ${cash}.${cashHandedOver}`;
}

/** The period's figures behind the sentence; tips in cash are the executive's already. */
function periodSummary(row: PayoutRow, from: string, to: string): string {
  const deliveries = `${row.deliveries} ${row.deliveries === 1 ? 'delivery' : 'deliveries'}`;
  const tips = `tips online ${formatRupees(row.tipsOnlinePaise)}, tips in cash ${formatRupees(row.tipsCashPaise)}`;
  return `${formatDay(from)} to ${formatDay(to)}: ${deliveries}, fees ${formatRupees(row.feesPaise)}, ${tips} (theirs already).`;
}

/** The confirming button: what the user does by pressing it. */
function confirmLabel(netPaise: number): string {
  if (netPaise > 0) return `Pay ${formatRupees(netPaise)}`;
  if (netPaise < 0) return `Receive ${formatRupees(-netPaise)}`;
  return 'Mark paid';
}

function doneMessage(row: PayoutRow): string {
  if (row.netPaise > 0) return `Paid ${row.executiveName} ${formatRupees(row.netPaise)}`;
  if (row.netPaise < 0) return `${row.executiveName} handed over ${formatRupees(-row.netPaise)}`;
  return `Marked ${row.executiveName} paid`;
}

/**
 * Asks before paying an executive their period, stating who pays whom how much and what it is made
 * of. When the figures changed since the row was read (409), it shows the server's message and the
 * row as it is now, and asks again at the new net; when nothing is left to pay, it says so.
 */
export function MarkPaidDialog({ row: first, from, to, onClose }: MarkPaidDialogProps) {
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
          notify(doneMessage(row));
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
      <DialogTitle id={titleId}>Mark paid</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {message ? (
            <Alert severity={message.severity} role="alert">
              {message.text}
            </Alert>
          ) : null}
          <DialogContentText id={textId}>
            {hasSomethingToPay(row) ? payoutSentence(row) : earningsMessages.nothingToPay}
          </DialogContentText>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {periodSummary(row, from, to)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {finished ? 'Close' : 'Cancel'}
        </Button>
        {finished ? null : (
          <Button variant="contained" onClick={confirm} disabled={busy} loading={busy}>
            {busy ? 'Saving…' : confirmLabel(row.netPaise)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
