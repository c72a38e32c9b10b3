import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { businessDay } from '@storedesk/shared/dates';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { StoreStatus } from '@storedesk/shared/stores/schemas';
import { slotMessages, slotsOf, type Slot } from '@storedesk/shared/stores/slots';
import { useT } from '@storedesk/web/i18n';
import { useTimeFormat, type TimeFormats } from '@storedesk/web/times';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import type { MessageId } from '@/i18n/index.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useNow } from '@/lib/use-now.ts';
import { currentOrderOf } from '@/features/orders/api/change-order-status.ts';
import { useChangeOrderSlot } from '@/features/orders/api/change-order-slot.ts';
import {
  storeSlotRuleQueryOptions,
  useStoreSlotRule,
  type SlotRuleStore,
} from '@/features/orders/api/get-store-slot-rule.ts';

/** An order's slot may change until it is picked up (ADR 0077): while it is Placed or Confirmed. */
export function slotMayChange(order: Pick<OrderDetail, 'status'>): boolean {
  return order.status === OrderStatus.Placed || order.status === OrderStatus.Confirmed;
}

/** One day's slots: "Tue 01/12", and each slot's times ("09:00 AM – 10:00 AM"). */
type SlotDay = { key: string; label: string; slots: { slot: Slot; time: string }[] };

/** The slots by the business's day they start on, in the words of `format.slot` (without the year). */
function slotDays(slots: readonly Slot[], timeZone: string, format: TimeFormats): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const words = format.slot(slot, timeZone, { year: false });
    const comma = words.indexOf(', ');
    const key = businessDay(slot.startsAt, timeZone);
    let day = days.at(-1);
    if (day?.key !== key) days.push((day = { key, label: words.slice(0, comma), slots: [] }));
    day.slots.push({ slot, time: words.slice(comma + 2) });
  }
  return days;
}

/** The slots the store offers at `now`: none while it is not open or delivers as soon as possible only. */
function offeredSlots(store: SlotRuleStore, now: number, timeZone: string): Slot[] {
  if (store.status !== StoreStatus.Open) return [];
  return slotsOf(store, new Date(now), timeZone);
}

const sameMoment = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/** What a slot refused by the server is marked with, by the server's message. */
const refusedMarks: Readonly<Record<string, MessageId>> = {
  [slotMessages.full]: 'changeSlot.markFull',
  [slotMessages.gone]: 'changeSlot.markGone',
};

/** The server's words about slots, in the language shown (the English is the server's, pinned by a test). */
const slotMessageIds: Readonly<Record<string, MessageId>> = {
  [slotMessages.full]: 'changeSlot.full',
  [slotMessages.gone]: 'changeSlot.gone',
  [slotMessages.none]: 'changeSlot.none',
  [slotMessages.pickedUp]: 'changeSlot.pickedUp',
};

type ChangeSlotDialogProps = { order: OrderDetail; onClose: () => void };

/**
 * Change slot (B19, ADR 0077): the slots the order's store offers now, by day, to move an order not
 * yet picked up to another one, or to book one for an order placed for as soon as possible. Saved
 * with the version the dialog opened on. A slot the server refuses (full, no longer offered) is
 * marked so and the dialog stays open for another choice; a change by someone else meanwhile says
 * so and shows the order as the server has it now.
 */
export function ChangeSlotDialog({ order, onClose }: ChangeSlotDialogProps) {
  const t = useT();
  const format = useTimeFormat();
  const titleId = useId();
  const labelId = useId();
  const refusalId = useId();
  const timeZone = useTimeZone();
  const now = useNow();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const change = useChangeOrderSlot();
  const store = useStoreSlotRule(order.storeId);
  // The order as the dialog opened on it, or as a refusal since showed it: its slot is the current
  // one, and its version the one sent.
  const [base, setBase] = useState(order);
  const [chosen, setChosen] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [refused, setRefused] = useState<Readonly<Record<string, MessageId>>>({});
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const busy = change.isPending;
  const open = slotMayChange(base);
  const serverWords = (message: string) => {
    const key = slotMessageIds[message];
    return key ? t(key) : message;
  };

  const days = useMemo(
    () => (store.data ? slotDays(offeredSlots(store.data, now, timeZone), timeZone, format) : []),
    [store.data, now, timeZone, format],
  );

  // A refused slot can't be chosen again: the next choice starts from the list.
  useEffect(() => {
    if (refusal && chosen === null && !busy) {
      listRef.current?.querySelector<HTMLInputElement>('input:enabled')?.focus();
    }
  }, [refusal, chosen, busy]);

  const save = () => {
    if (!chosen) return;
    setStale(null);
    setRefusal(null);
    change.mutate(
      { orderId: base.id, change: { slotId: chosen, version: base.version } },
      {
        onSuccess: (saved) => {
          notify(
            saved.slot
              ? t('changeSlot.moved', {
                  number: String(saved.number),
                  slot: format.slot(saved.slot, timeZone, { year: true }),
                })
              : t('changeSlot.movedSoon', { number: String(saved.number) }),
          );
          onClose();
        },
        onError: (caught) => {
          if (isApiError(caught, 401)) return;
          const error = asApiError(caught);
          const current = currentOrderOf(error);
          if (current) {
            setBase(current);
            if (current.slot && sameMoment(current.slot.startsAt, chosen)) setChosen(null);
            setStale(error.message);
            return;
          }
          const onField = error.fields ? (error.fields.slotId ?? Object.values(error.fields)[0]) : undefined;
          if ((error.status === 409 || error.status === 400) && onField) {
            const mark = error.status === 409 ? refusedMarks[onField] : undefined;
            if (mark) {
              setRefused((marks) => ({ ...marks, [chosen]: mark }));
              setChosen(null);
            }
            // The store's rule, hours or state changed since it was read: show what it offers now.
            if (error.status === 409 && onField !== slotMessages.full) {
              void queryClient.invalidateQueries({
                queryKey: storeSlotRuleQueryOptions(base.storeId).queryKey,
              });
            }
            setRefusal(onField);
            return;
          }
          setDialogMessage(error.message);
        },
      },
    );
  };

  let list;
  if (!store.data) {
    list = store.isError ? (
      <LoadError
        title={t('changeSlot.loadFailed')}
        error={store.error}
        onRetry={() => void store.refetch()}
        retrying={store.isFetching}
      />
    ) : (
      <LinearProgress aria-label={t('changeSlot.loading')} sx={{ my: 2 }} />
    );
  } else if (days.length === 0) {
    list = (
      <Typography variant="body2" sx={{ color: 'text.secondary', my: 1 }}>
        {t('changeSlot.noSlots')}
      </Typography>
    );
  } else {
    list = (
      <RadioGroup
        ref={listRef}
        aria-labelledby={labelId}
        aria-describedby={refusal ? refusalId : undefined}
        value={chosen ?? ''}
        onChange={(event) => {
          setChosen(event.target.value);
          setRefusal(null);
        }}
      >
        {days.map((day) => (
          <Box key={day.key} role="group" aria-labelledby={`${labelId}-${day.key}`} sx={{ mb: 1 }}>
            <Typography id={`${labelId}-${day.key}`} variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              {day.label}
            </Typography>
            {day.slots.map(({ slot, time }) => {
              const current = base.slot !== null && sameMoment(base.slot.startsAt, slot.startsAt);
              const refusedMark = refused[slot.id];
              const mark = current ? t('changeSlot.current') : refusedMark ? t(refusedMark) : undefined;
              return (
                <FormControlLabel
                  key={slot.id}
                  value={slot.id}
                  control={<Radio />}
                  disabled={busy || Boolean(mark)}
                  label={
                    <span>
                      {/* Each choice names its day too: it is read on its own, away from the day's heading. */}
                      <Box component="span" sx={visuallyHidden}>
                        {day.label},{' '}
                      </Box>
                      {time}
                      {mark ? (
                        <>
                          {' '}
                          <Chip
                            size="small"
                            label={mark}
                            color={current ? 'primary' : 'default'}
                            variant="outlined"
                            sx={{ ml: 1 }}
                          />
                        </>
                      ) : null}
                    </span>
                  }
                />
              );
            })}
          </Box>
        ))}
      </RadioGroup>
    );
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      scroll="paper"
    >
      <DialogTitle id={titleId}>
        {base.slot
          ? t('changeSlot.title', { number: String(base.number) })
          : t('changeSlot.bookTitle', { number: String(base.number) })}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {stale ? <Alert severity="warning">{serverWords(stale)}</Alert> : null}
          <DialogContentText>
            {base.slot
              ? t('changeSlot.booked', { slot: format.slot(base.slot, timeZone, { year: true }) })
              : t('changeSlot.soon')}
          </DialogContentText>
          {open ? (
            <FormControl component="fieldset" variant="standard" fullWidth error={Boolean(refusal)}>
              <FormLabel id={labelId} component="legend">
                {t('changeSlot.offered')}
              </FormLabel>
              {refusal ? (
                <Alert id={refusalId} severity="error" sx={{ mt: 1 }}>
                  {serverWords(refusal)}
                </Alert>
              ) : null}
              {list}
            </FormControl>
          ) : stale === slotMessages.pickedUp ? null : (
            <Alert severity="info">{t('changeSlot.pickedUp')}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {/* Never "Cancel": on an order's page it reads as cancelling the order. */}
        <Button onClick={onClose} disabled={busy}>
          {t('common.back')}
        </Button>
        {open ? (
          <Button variant="contained" onClick={save} disabled={busy || chosen === null}>
            {busy ? t('common.saving') : t('common.save')}
          </Button>
        ) : null}
      </DialogActions>
      <ErrorDialog message={dialogMessage} onClose={() => setDialogMessage(null)} />
    </Dialog>
  );
}
