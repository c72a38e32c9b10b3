import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { formatDay } from '@storedesk/shared/dates';
import { cashToSettlePaise } from '@storedesk/shared/delivery/dispatch';
import type { CashRow } from '@storedesk/shared/delivery/schemas';
import { deliveryMessages } from '@storedesk/shared/delivery/rules';
import { formatRupees } from '@storedesk/shared/money';
import { useT } from '@storedesk/web/i18n';
import { useId, useState } from 'react';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { currentCashRowOf, useSettleCash } from '@/features/dispatch/api/settle-cash.ts';

type SettleCashDialogProps = {
  row: CashRow;
  onClose: () => void;
};

/**
 * Asks before recording that an executive handed over a day's cash, naming them, the day and the
 * amount still to settle (all of it, or what was collected after an earlier settlement). When more
 * was collected since the row was read (409), it shows the new amount and asks again; when someone
 * settled it meanwhile, it says so.
 */
export function SettleCashDialog({ row: first, onClose }: SettleCashDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const settle = useSettleCash();
  const notify = useSnackbar();
  const [row, setRow] = useState(first);
  const [message, setMessage] = useState<{ severity: 'warning' | 'error'; text: string } | null>(null);
  const busy = settle.isPending;
  const left = cashToSettlePaise(row);
  const amount = formatRupees(left);
  const day = formatDay(row.day);
  const settledAlready = left === 0;

  const confirm = () => {
    setMessage(null);
    settle.mutate(
      { executiveId: row.executiveId, day: row.day, collectedPaise: row.collectedPaise },
      {
        onSuccess: (saved) => {
          const handed = (saved.settledPaise ?? saved.collectedPaise) - (row.settledPaise ?? 0);
          notify(
            t('cash.settledDone', {
              amount: formatRupees(handed),
              name: saved.executiveName,
              day: formatDay(saved.day),
            }),
          );
          onClose();
        },
        onError: (caught) => {
          if (isApiError(caught, 401)) return;
          const error = asApiError(caught);
          const current = currentCashRowOf(error);
          if (current && cashToSettlePaise(current) === 0) {
            setRow(current);
            setMessage({ severity: 'error', text: deliveryMessages.settledAlready });
          } else if (current) {
            setRow(current);
            setMessage({
              severity: 'warning',
              text: t('cash.changed', {
                collected: formatRupees(current.collectedPaise),
                left: formatRupees(cashToSettlePaise(current)),
                was: amount,
              }),
            });
          } else {
            setMessage({ severity: 'error', text: error.message });
          }
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
      <DialogTitle id={titleId}>{t('cash.settleTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {message ? (
            <Alert severity={message.severity} role="alert">
              {message.text}
            </Alert>
          ) : null}
          <DialogContentText id={textId}>
            {settledAlready
              ? t('cash.settledAlreadyBy', {
                  name: row.executiveName,
                  day,
                  by: row.settledByName ?? t('cash.aColleague'),
                })
              : row.settledPaise === null
                ? t('cash.settleQuestion', {
                    name: row.executiveName,
                    amount,
                    day,
                    count: row.orders,
                    n: String(row.orders),
                  })
                : t('cash.settleMoreQuestion', {
                    name: row.executiveName,
                    amount,
                    day,
                    collected: formatRupees(row.collectedPaise),
                    count: row.orders,
                    n: String(row.orders),
                    settled: formatRupees(row.settledPaise),
                  })}
          </DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t(settledAlready ? 'common.close' : 'common.cancel')}
        </Button>
        {settledAlready ? null : (
          <Button variant="contained" onClick={confirm} disabled={busy} loading={busy}>
            {busy ? t('cash.settling') : t('cash.settleAmount', { amount })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
