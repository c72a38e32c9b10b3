import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isFinalStatus, needsExecutive, OrderStatus } from '@storedesk/shared/orders';
import { useT } from '@storedesk/web/i18n';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError, type ApiError } from '@/lib/api-client.ts';
import { changedOrdersSchema, useChangeOrdersStatus } from '@/features/orders/api/change-orders-status.ts';
import { ExecutivePicker, keepExecutive } from './executive-picker.tsx';
import { statusChoices } from './update-order-dialog.tsx';
import { statusText } from '@/i18n/codes.ts';
import { useFinalChangeWords } from './final-change-words.ts';
import { CancelReasonField, useCancelReason } from './cancel-reason-field.tsx';

/** The orders that changed since they were chosen, by a 409's current versions; null when it names none. */
function movedSince(chosen: OrderSummary[], error: ApiError): OrderSummary[] | null {
  const now = changedOrdersSchema.safeParse(error.current);
  if (!now.success) return null;
  const versionOf = new Map(now.data.items.map((order) => [order.id, order.version]));
  const moved = chosen.filter((order) => versionOf.get(order.id) !== order.version);
  return moved.length === 0 ? null : moved;
}

type BulkStatusDialogProps = {
  /** The checked orders. */
  orders: OrderSummary[];
  onClose: () => void;
  /** After the change is saved (the list then clears its selection). */
  onDone: () => void;
};

/**
 * B4: one status for every checked order, all or none, with the rules of a
 * single change: Confirmed needs a delivery executive, and so does Picked Up
 * when any of the orders has none. An executive works in one zone, so one can
 * be given only to orders of one zone.
 */
export function BulkStatusDialog({ orders: checked, onClose, onDone }: BulkStatusDialogProps) {
  const t = useT();
  const final = useFinalChangeWords();
  const titleId = useId();
  // The orders as they were when the dialog opened: the change is decided on them (D9).
  const [orders] = useState(checked);
  const change = useChangeOrdersStatus();
  const reason = useCancelReason(change.isPending);
  const notify = useSnackbar();
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [dexId, setDexId] = useState<string | null>(null);
  const [dexError, setDexError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // Delivered and Cancelled can't be undone: Save asks once more before making them.
  const [confirming, setConfirming] = useState(false);
  // The question starts on Back: a second key press can't make the change.
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) backRef.current?.focus();
  }, [confirming]);

  const zoneIds = [...new Set(orders.map((order) => order.zoneId))];
  const oneZone = zoneIds.length === 1 ? zoneIds[0] : undefined;
  // An executive's distance is from one store: shown only when the orders all come from one.
  const storeIds = [...new Set(orders.map((order) => order.storeId))];
  const picksExecutive = status === OrderStatus.Confirmed || status === OrderStatus.PickedUp;
  const executiveRequired = status !== null && orders.some((order) => needsExecutive(order, status));
  const busy = change.isPending;
  const chosenDex = picksExecutive && dexId && dexId !== keepExecutive ? dexId : undefined;
  let complete = status !== null;
  if (executiveRequired) complete = oneZone !== undefined && chosenDex !== undefined;
  // Picked Up for orders that all have one: keep them, or give all the one chosen.
  else if (picksExecutive && oneZone !== undefined) complete = dexId !== null;
  const canSave = complete && !busy;

  const save = () => {
    if (status === null) return;
    setMessage(null);
    if (isFinalStatus(status) && !confirming) {
      setConfirming(true);
      return;
    }
    const why = reason.forChange(status);
    if (!why) return;
    setDexError(null);
    change.mutate(
      {
        orders: orders.map(({ id, version }) => ({ id, version })),
        status,
        dexId: chosenDex,
        ...why,
      },
      {
        onSuccess: (changed) => {
          notify(t('bulk.done', { count: changed.length, status: t(statusText[status]) }));
          onDone();
          onClose();
        },
        onError: (caught) => {
          if (isApiError(caught, 401)) return;
          setConfirming(false);
          const error = asApiError(caught);
          const dexField = error.status === 400 ? error.fields?.dexId : undefined;
          if (dexField) setDexError(dexField);
          else if (error.status === 404) setMessage(t('bulk.gone'));
          else if (error.status === 409) {
            // Why it was refused: the orders that changed since they were chosen, or the server's word.
            const moved = movedSince(orders, error);
            setMessage(
              moved
                ? t('bulk.moved', {
                    count: moved.length,
                    numbers: final.numbers(moved.map((order) => order.number)),
                  })
                : error.message,
            );
          } else setMessage(error.message);
        },
      },
    );
  };

  if (confirming && status !== null) {
    const words = final.words(
      orders.map((order) => order.number),
      status,
    );
    return (
      <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{words.question}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{words.explanation}</DialogContentText>
            {status === OrderStatus.Cancelled ? <CancelReasonField {...reason.field} /> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button ref={backRef} onClick={() => setConfirming(false)} disabled={busy}>
            {t('common.back')}
          </Button>
          <Button
            variant="contained"
            color={status === OrderStatus.Cancelled ? 'error' : 'primary'}
            onClick={save}
            disabled={busy}
          >
            {busy ? t('common.saving') : words.action}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('orders.changeStatus')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('bulk.intro', { count: orders.length })}</DialogContentText>
          {message ? <Alert severity="error">{message}</Alert> : null}
          <TextField
            select
            label={t('bulk.newStatus')}
            value={status ?? ''}
            disabled={busy}
            onChange={(event) => {
              setStatus(Number(event.target.value) as OrderStatus);
              setMessage(null);
              setDexError(null);
            }}
            sx={{ mt: 1 }}
          >
            {statusChoices.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {t(statusText[choice])}
              </MenuItem>
            ))}
          </TextField>
          {picksExecutive && oneZone !== undefined ? (
            <ExecutivePicker
              storeId={storeIds[0]!}
              zoneId={oneZone}
              orders={orders}
              showDistance={storeIds.length === 1}
              value={dexId}
              onChange={(next) => {
                setDexId(next);
                setDexError(null);
              }}
              error={dexError}
              disabled={busy}
              allowKeep={!executiveRequired}
            />
          ) : null}
          {picksExecutive && oneZone === undefined ? (
            <Alert severity={executiveRequired ? 'warning' : 'info'}>
              {t(executiveRequired ? 'bulk.zonesNeedOne' : 'bulk.zonesKeep')}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {/* Never "Cancel": beside the status Cancelled it reads as one. */}
        <Button onClick={onClose} disabled={busy}>
          {t('common.close')}
        </Button>
        <Button variant="contained" onClick={save} disabled={!canSave}>
          {busy ? t('common.saving') : t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
