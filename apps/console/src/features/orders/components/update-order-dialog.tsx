import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { messages } from '@storedesk/shared/messages';
import { isFinalStatus, needsExecutive, OrderStatus } from '@storedesk/shared/orders';
import { useT } from '@storedesk/web/i18n';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { currentOrderOf, useChangeOrderStatus } from '@/features/orders/api/change-order-status.ts';
import { ExecutivePicker } from './executive-picker.tsx';
import { OrderStatusChip } from './order-status-chip.tsx';
import { statusText } from '@/i18n/codes.ts';
import { useFinalChangeWords } from './final-change-words.ts';
import { CancelReasonField, useCancelReason } from './cancel-reason-field.tsx';

/** SPEC §4: the dialog offers all five statuses. */
export const statusChoices: readonly OrderStatus[] = [
  OrderStatus.Placed,
  OrderStatus.Confirmed,
  OrderStatus.PickedUp,
  OrderStatus.Delivered,
  OrderStatus.Cancelled,
];

/** The part of an order the dialog needs; a list row and the detail both have it. */
export type UpdatableOrder = Pick<
  OrderSummary,
  'id' | 'number' | 'status' | 'state' | 'zoneId' | 'storeId' | 'dexId' | 'dexName' | 'version'
>;

type Step =
  { kind: 'status' } | { kind: 'executive'; status: OrderStatus } | { kind: 'confirm'; status: OrderStatus };

type UpdateOrderDialogProps = {
  order: UpdatableOrder;
  onClose: () => void;
  /** The order as saved, after a change of status. */
  onSaved?: (saved: UpdatableOrder) => void;
};

/**
 * Update Order (SPEC §4, D17): the current status does nothing; Confirmed, and
 * Picked Up with nobody assigned, go through the delivery executive picker of
 * the order's zone; any other status is written at once. A refusal as stale or
 * closed (409) says so and shows the order as the server has it now.
 */
export function UpdateOrderDialog({ order, onClose, onSaved }: UpdateOrderDialogProps) {
  const t = useT();
  const final = useFinalChangeWords();
  const titleId = useId();
  const change = useChangeOrderStatus();
  const reason = useCancelReason(change.isPending);
  const notify = useSnackbar();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [fresh, setFresh] = useState<UpdatableOrder | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [dexId, setDexId] = useState<string | null>(order.dexId);
  const [dexError, setDexError] = useState<string | null>(null);
  // The question before a final change starts on Back: a second key press can't make the change.
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step.kind === 'confirm') backRef.current?.focus();
  }, [step.kind]);

  // What the server last said, unless the caller has seen something newer since.
  const shown = fresh && fresh.version >= order.version ? fresh : order;
  const closed = shown.state === 0;
  const busy = change.isPending;

  const save = (status: OrderStatus, chosenDexId?: string) => {
    setMessage(null);
    setDexError(null);
    const why = reason.forChange(status);
    if (!why) return;
    change.mutate(
      {
        orderId: shown.id,
        change: {
          status,
          dexId: chosenDexId,
          version: shown.version,
          ...why,
        },
      },
      {
        onSuccess: (saved) => {
          notify(t('update.done', { number: String(saved.number), status: t(statusText[saved.status]) }));
          onSaved?.(saved);
          onClose();
        },
        onError: (caught) => {
          if (isApiError(caught, 401)) return;
          const error = asApiError(caught);
          const current = currentOrderOf(error);
          if (current) {
            setFresh(current);
            setDexId(current.dexId);
            setStep({ kind: 'status' });
            setMessage(error.message);
            return;
          }
          const dexField = error.status === 400 ? error.fields?.dexId : undefined;
          if (dexField) {
            // Someone took the executive off the order meanwhile, or the one chosen left the zone.
            setStep({ kind: 'executive', status });
            setDexError(dexField);
            return;
          }
          setMessage(error.message);
        },
      },
    );
  };

  const choose = (status: OrderStatus) => {
    if (status === shown.status) {
      onClose();
      return;
    }
    setMessage(null);
    if (needsExecutive(shown, status)) {
      setDexError(null);
      setStep({ kind: 'executive', status });
      return;
    }
    // Delivered and Cancelled can't be undone: one click (or one Space) must not be enough.
    if (isFinalStatus(status)) {
      setStep({ kind: 'confirm', status });
      return;
    }
    save(status);
  };

  const content =
    step.kind === 'status' ? (
      <>
        <DialogContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <DialogContentText component="span">{t('update.currentStatus')}</DialogContentText>
              <OrderStatusChip status={shown.status} />
            </Stack>
            {message ? <Alert severity="warning">{message}</Alert> : null}
            {closed ? (
              message === messages.orderClosed ? null : (
                <Alert severity="info">{t('orders.closed')}</Alert>
              )
            ) : (
              <List aria-label={t('bulk.newStatus')} dense disablePadding>
                {statusChoices.map((status) => {
                  const current = status === shown.status;
                  return (
                    <ListItem key={status} disablePadding>
                      <ListItemButton selected={current} disabled={busy} onClick={() => choose(status)}>
                        <ListItemText
                          primary={t(statusText[status])}
                          secondary={
                            current
                              ? t('update.currentStatus')
                              : needsExecutive(shown, status)
                                ? t('update.executiveNext')
                                : null
                          }
                        />
                      </ListItemButton>
                    </ListItem>
                  );
                })}
              </List>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {/* Never "Cancel": beside the status Cancelled it reads as one. */}
          <Button onClick={onClose} disabled={busy}>
            {t('common.close')}
          </Button>
        </DialogActions>
      </>
    ) : step.kind === 'confirm' ? (
      <>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{final.words([shown.number], step.status).explanation}</DialogContentText>
            {step.status === OrderStatus.Cancelled ? <CancelReasonField {...reason.field} /> : null}
            {message ? <Alert severity="error">{message}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button ref={backRef} onClick={() => setStep({ kind: 'status' })} disabled={busy}>
            {t('common.back')}
          </Button>
          <Button
            variant="contained"
            color={step.status === OrderStatus.Cancelled ? 'error' : 'primary'}
            disabled={busy}
            onClick={() => save(step.status)}
          >
            {busy ? t('common.saving') : final.words([shown.number], step.status).action}
          </Button>
        </DialogActions>
      </>
    ) : (
      <>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {t('update.whoTakes', { number: String(shown.number), status: t(statusText[step.status]) })}
            </DialogContentText>
            {message ? <Alert severity="error">{message}</Alert> : null}
            <ExecutivePicker
              storeId={shown.storeId}
              zoneId={shown.zoneId}
              orders={[shown]}
              value={dexId}
              onChange={(next) => {
                setDexId(next);
                setDexError(null);
              }}
              error={dexError}
              disabled={busy}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setStep({ kind: 'status' })} disabled={busy}>
            {t('common.back')}
          </Button>
          <Button
            variant="contained"
            disabled={busy || !dexId}
            onClick={() => {
              if (dexId) save(step.status, dexId);
            }}
          >
            {busy ? t('common.saving') : t('common.save')}
          </Button>
        </DialogActions>
      </>
    );

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {step.kind === 'status'
          ? t('update.title', { number: String(shown.number) })
          : step.kind === 'confirm'
            ? final.words([shown.number], step.status).question
            : t('update.chooseExecutive')}
      </DialogTitle>
      {content}
    </Dialog>
  );
}
