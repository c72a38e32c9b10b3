import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  paymentModeInputSchema,
  paymentModeSchema,
  paymentModeTypeLabels,
} from '@storedesk/shared/settings/payment-modes';
import type {
  PaymentMode,
  PaymentModeCreate,
  PaymentModeList,
  PaymentModeType,
} from '@storedesk/shared/settings/payment-modes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { changedFields, staleSaveMessage, useEditBase } from '@/lib/edit-base.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';
import {
  paymentModesQueryKey,
  useCreatePaymentMode,
  useUpdatePaymentMode,
} from '@/features/settings/api/payment-modes.ts';

export type PaymentModeFormValues = {
  type: PaymentModeType | '';
  title: string;
  enabled: boolean;
  disableReason: string;
  upiInfo: { name: string; upiId: string };
};

/**
 * What the dialog holds, as the body the server takes: the reason only while
 * disabled, UPI details only for UPI. The shared schema then checks it, so the
 * dialog and the server refuse the same things with the same words.
 */
function toBody(values: PaymentModeFormValues) {
  return {
    title: values.title,
    type: values.type === '' ? undefined : values.type,
    enabled: values.enabled,
    disableReason: values.enabled ? null : values.disableReason,
    upiInfo: values.type === 'UPI' ? values.upiInfo : null,
  };
}

const paymentModeFormSchema = z.preprocess(
  (values: PaymentModeFormValues) => toBody(values),
  paymentModeInputSchema,
);

const labels = {
  title: 'Title',
  enabled: 'Enabled',
  disableReason: 'Reason for disabling',
  upiInfo: 'UPI details',
} as const;

function toFormValues(mode: PaymentMode | null, type: PaymentModeType | ''): PaymentModeFormValues {
  if (mode) {
    return {
      type: mode.type,
      title: mode.title,
      enabled: mode.enabled,
      disableReason: mode.disableReason ?? '',
      upiInfo: mode.upiInfo ?? { name: '', upiId: '' },
    };
  }
  return {
    type,
    title: type === '' ? '' : paymentModeTypeLabels[type],
    enabled: true,
    disableReason: '',
    upiInfo: { name: '', upiId: '' },
  };
}

type PaymentModeDialogProps = {
  /** The mode as it is now (edit; the dialog follows it until the first edit), or null to add one. */
  mode: PaymentMode | null;
  /** Add: the types the business has no mode of yet. */
  types: PaymentModeType[];
  onClose: () => void;
};

/**
 * Adds or edits a payment mode (SPEC §4, §5 Payment mode dialog): its title,
 * whether it is enabled, the reason while it is disabled, and a UPI mode's
 * receiver name and UPI address. Saves with the version its edits started from (D9).
 */
export function PaymentModeDialog({ mode, types, onClose }: PaymentModeDialogProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const create = useCreatePaymentMode();
  const update = useUpdatePaymentMode();
  const notify = useSnackbar();
  const [conflict, setConflict] = useState<string[] | null>(null);
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);
  const live = useMemo(() => toFormValues(mode, types[0] ?? ''), [mode, types]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getFieldState,
    formState: { errors, isDirty },
  } = useForm<PaymentModeFormValues, unknown, PaymentModeCreate>({
    resolver: zodResolver(paymentModeFormSchema),
    mode: 'onTouched',
    defaultValues: live,
  });
  const base = useEditBase(mode, isDirty);
  const [type, enabled] = useWatch({ control, name: ['type', 'enabled'] });
  const saving = create.isPending || update.isPending;

  // Untouched, the dialog follows a colleague's saves; once edited it keeps the edits.
  useEffect(() => {
    if (mode && !isDirty) reset(live);
  }, [mode, live, isDirty, reset]);

  const showCurrent = (current: PaymentMode) => {
    queryClient.setQueryData<PaymentModeList>(
      paymentModesQueryKey,
      (list) =>
        list && { ...list, items: list.items.map((item) => (item.id === current.id ? current : item)) },
    );
    reset(toFormValues(current, current.type));
  };

  const refused = (caught: unknown) => {
    const error = asApiError(caught);
    if (isApiError(error, 409) && base) {
      const current = paymentModeSchema.safeParse(error.current);
      if (current.success) {
        setConflict(changedFields(base, current.data, labels));
        showCurrent(current.data);
        return;
      }
    }
    const message = applySaveRefusal(error, {
      current: paymentModeSchema,
      showCurrent,
      fields: fieldMessages(setError, {
        title: 'title',
        type: 'type',
        enabled: 'enabled',
        disableReason: 'disableReason',
        upiInfo: 'upiInfo.name',
        'upiInfo.name': 'upiInfo.name',
        'upiInfo.upiId': 'upiInfo.upiId',
      }),
    });
    // A 409 naming the type (a mode of it was added meanwhile) is on its field like any other.
    setDialogMessage(message);
  };

  const onSubmit = handleSubmit(async (body) => {
    setConflict(null);
    try {
      if (base) {
        await update.mutateAsync({
          id: base.id,
          update: {
            title: body.title,
            enabled: body.enabled,
            ...(body.enabled ? {} : { disableReason: body.disableReason ?? null }),
            ...(body.upiInfo ? { upiInfo: body.upiInfo } : {}),
            version: base.version,
          },
        });
        notify(`${body.title} saved`);
      } else {
        await create.mutateAsync(body);
        notify(`${body.title} added`);
      }
      onClose();
    } catch (caught) {
      refused(caught);
    }
  });

  const heading = mode ? `Edit ${mode.title}` : 'Add payment mode';

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{heading}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <StaleSaveAlert
              message={conflict && staleSaveMessage('payment mode', conflict)}
              onClose={() => setConflict(null)}
            />
            {mode ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Type: {paymentModeTypeLabels[mode.type]}
              </Typography>
            ) : (
              <Controller
                control={control}
                name="type"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="Type"
                    required
                    fullWidth
                    name={field.name}
                    value={field.value}
                    onChange={(event) => {
                      const next = event.target.value as PaymentModeType;
                      field.onChange(next);
                      // The title follows the type until someone writes their own.
                      if (!getFieldState('title').isDirty) setValue('title', paymentModeTypeLabels[next]);
                    }}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'A business has one mode of each type.'}
                  >
                    {types.map((option) => (
                      <MenuItem key={option} value={option}>
                        {paymentModeTypeLabels[option]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <TextField
              label="Title"
              required
              fullWidth
              autoFocus={Boolean(mode)}
              error={Boolean(errors.title)}
              helperText={errors.title?.message ?? 'What customers see at checkout.'}
              {...register('title')}
            />
            {type === 'UPI' ? (
              <>
                <TextField
                  label="Receiver name"
                  required
                  fullWidth
                  error={Boolean(errors.upiInfo?.name)}
                  helperText={errors.upiInfo?.name?.message ?? 'The name customers see when they pay.'}
                  {...register('upiInfo.name')}
                />
                <TextField
                  label="UPI address"
                  required
                  fullWidth
                  placeholder="name@bank"
                  error={Boolean(errors.upiInfo?.upiId)}
                  helperText={
                    errors.upiInfo?.upiId?.message ?? 'The UPI ID payments go to, such as shop@okaxis.'
                  }
                  slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
                  {...register('upiInfo.upiId')}
                />
              </>
            ) : null}
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => (
                <FormControlLabel
                  label="Enabled"
                  control={
                    <Switch
                      name={field.name}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              )}
            />
            {enabled ? null : (
              <TextField
                label="Reason for disabling"
                fullWidth
                error={Boolean(errors.disableReason)}
                helperText={
                  errors.disableReason?.message ?? 'Optional: tells customers why they cannot pay this way.'
                }
                {...register('disableReason')}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <SaveButton saving={saving} label={mode ? 'Save' : 'Add'} />
        </DialogActions>
      </form>
      <ErrorDialog message={dialogMessage} onClose={() => setDialogMessage(null)} />
    </Dialog>
  );
}
