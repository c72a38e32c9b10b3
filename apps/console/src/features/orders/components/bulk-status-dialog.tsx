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
import { isFinalStatus, needsExecutive, OrderStatus, orderStatusLabels } from '@storedesk/shared/orders';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError, type ApiError } from '@/lib/api-client.ts';
import { changedOrdersSchema, useChangeOrdersStatus } from '@/features/orders/api/change-orders-status.ts';
import { ExecutivePicker, keepExecutive } from './executive-picker.tsx';
import { statusChoices } from './update-order-dialog.tsx';
import { plural } from '@/lib/plural.ts';
import { finalChangeWords, orderNumbers } from './final-change-words.ts';
import { CancelReasonField, useCancelReason } from './cancel-reason-field.tsx';

/** "#1001", "#1001 and #1002", "#1001, #1002 and #1003". */
function numbers(orders: OrderSummary[]): string {
  return orderNumbers(orders.map((order) => order.number));
}

/** Why a 409 refused the change: the orders that changed since they were chosen, or the server's message. */
function conflictMessage(chosen: OrderSummary[], error: ApiError): string {
  const now = changedOrdersSchema.safeParse(error.current);
  if (!now.success) return error.message;
  const versionOf = new Map(now.data.items.map((order) => [order.id, order.version]));
  const moved = chosen.filter((order) => versionOf.get(order.id) !== order.version);
  if (moved.length === 0) return error.message;
  const which = moved.length === 1 ? `Order ${numbers(moved)} has` : `Orders ${numbers(moved)} have`;
  return `${which} changed since you chose ${moved.length === 1 ? 'it' : 'them'}. Nothing was changed: check the orders again.`;
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
          notify(
            `${plural(changed.length, 'order', 'orders')} ${changed.length === 1 ? 'is' : 'are'} ${orderStatusLabels[status]}`,
          );
          onDone();
          onClose();
        },
        onError: (caught) => {
          if (isApiError(caught, 401)) return;
          setConfirming(false);
          const error = asApiError(caught);
          const dexField = error.status === 400 ? error.fields?.dexId : undefined;
          if (dexField) setDexError(dexField);
          else if (error.status === 404)
            setMessage('Some of these orders are no longer there. Nothing was changed.');
          else if (error.status === 409) setMessage(conflictMessage(orders, error));
          else setMessage(error.message);
        },
      },
    );
  };

  if (confirming && status !== null) {
    const words = finalChangeWords(
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
            Back
          </Button>
          <Button
            variant="contained"
            color={status === OrderStatus.Cancelled ? 'error' : 'primary'}
            onClick={save}
            disabled={busy}
          >
            {busy ? 'Saving…' : words.action}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Change status</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            The new status for {plural(orders.length, 'order', 'orders')}. Either every one changes or none
            does.
          </DialogContentText>
          {message ? <Alert severity="error">{message}</Alert> : null}
          <TextField
            select
            label="New status"
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
                {orderStatusLabels[choice]}
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
              {executiveRequired
                ? 'These orders are in more than one zone, and a delivery executive works in one. Check orders of one zone to give them an executive.'
                : 'These orders are in more than one zone: each keeps its delivery executive.'}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {/* Never "Cancel": beside the status Cancelled it reads as one. */}
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button variant="contained" onClick={save} disabled={!canSave}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
