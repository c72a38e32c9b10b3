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
import { useT } from '@storedesk/web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { paymentText } from '@/i18n/codes.ts';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { changedFields, useEditBase, useStaleSaveMessage } from '@/lib/edit-base.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';
import {
  paymentModesQueryKey,
  useCreatePaymentMode,
  useUpdatePaymentMode,
} from '@/features/settings/api/payment-modes.ts';
import type { Translate } from '@/i18n/index.ts';

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

/** The fields by their label, for the stale-save alert's "Title changed". */
const changeLabels = (t: Translate) => ({
  title: t('settings.paymentModes.title'),
  enabled: t('settings.paymentModes.enabled'),
  disableReason: t('settings.paymentModes.disableReason'),
  upiInfo: t('settings.paymentModes.upiDetails'),
});

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
  const t = useT();
  const staleSaveMessage = useStaleSaveMessage();
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
        setConflict(changedFields(base, current.data, changeLabels(t)));
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
        notify(t('settings.paymentModes.saved', { title: body.title }));
      } else {
        await create.mutateAsync(body);
        notify(t('settings.paymentModes.added', { title: body.title }));
      }
      onClose();
    } catch (caught) {
      refused(caught);
    }
  });

  const heading = mode ? t('lists.editNamed', { name: mode.title }) : t('settings.paymentModes.add');

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{heading}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <StaleSaveAlert
              message={conflict && staleSaveMessage(t('settings.paymentModes.noun'), conflict)}
              onClose={() => setConflict(null)}
            />
            {mode ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('settings.paymentModes.typeIs', { type: t(paymentText[mode.type]) })}
              </Typography>
            ) : (
              <Controller
                control={control}
                name="type"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={t('settings.paymentModes.type')}
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
                    helperText={fieldState.error?.message ?? t('settings.paymentModes.typeHelp')}
                  >
                    {types.map((option) => (
                      <MenuItem key={option} value={option}>
                        {t(paymentText[option])}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <TextField
              label={t('settings.paymentModes.title')}
              required
              fullWidth
              autoFocus={Boolean(mode)}
              error={Boolean(errors.title)}
              helperText={errors.title?.message ?? t('settings.paymentModes.titleHelp')}
              {...register('title')}
            />
            {type === 'UPI' ? (
              <>
                <TextField
                  label={t('settings.paymentModes.receiverName')}
                  required
                  fullWidth
                  error={Boolean(errors.upiInfo?.name)}
                  helperText={errors.upiInfo?.name?.message ?? t('settings.paymentModes.receiverNameHelp')}
                  {...register('upiInfo.name')}
                />
                <TextField
                  label={t('settings.paymentModes.upiAddress')}
                  required
                  fullWidth
                  placeholder="name@bank"
                  error={Boolean(errors.upiInfo?.upiId)}
                  helperText={errors.upiInfo?.upiId?.message ?? t('settings.paymentModes.upiAddressHelp')}
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
                  label={t('settings.paymentModes.enabled')}
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
                label={t('settings.paymentModes.disableReason')}
                fullWidth
                error={Boolean(errors.disableReason)}
                helperText={errors.disableReason?.message ?? t('settings.paymentModes.disableReasonHelp')}
                {...register('disableReason')}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <SaveButton saving={saving} label={mode ? t('common.save') : t('common.add')} />
        </DialogActions>
      </form>
      <ErrorDialog message={dialogMessage} onClose={() => setDialogMessage(null)} />
    </Dialog>
  );
}
