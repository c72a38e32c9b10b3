import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { rupeesDecimal } from '@storedesk/shared/money';
import { orderSettingsFieldsSchema, orderSettingsSchema } from '@storedesk/shared/settings/order-settings';
import type {
  OrderSettings,
  OrderSettingsFieldOutput,
  OrderSettingsFieldValues,
} from '@storedesk/shared/settings/order-settings';
import Typography from '@mui/material/Typography';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { useRecordSave } from '@/components/record-save.ts';
import { fieldMessages } from '@/lib/save-refusal.ts';
import { RecordLoader } from '@/components/record-loader.tsx';
import {
  orderSettingsQueryKey,
  useOrderSettings,
  useSaveOrderSettings,
} from '@/features/settings/api/order-settings.ts';
import type { Translate } from '@/i18n/index.ts';

/** The fields by their label, for the stale-save alert's "Minimum order value changed" and the fields themselves. */
const fieldLabels = (t: Translate) => ({
  deliveryChargesEnabled: t('settings.order.deliveryCharges'),
  standardDeliveryChargesPaise: t('settings.order.standardCharges'),
  minimumOrderPaise: t('settings.order.minimumOrder'),
  maxOpenOrdersPerExecutive: t('settings.order.maxOpenOrders'),
  dispatchWaitMinutes: t('settings.order.dispatchWait'),
  printKitchenOnConfirm: t('settings.order.printOnConfirm'),
  payWithinMinutes: t('settings.order.payWithin'),
  executiveFeePaise: t('settings.order.executiveFee'),
  executiveFeePerKmPaise: t('settings.order.executiveFeePerKm'),
});

function toFormValues(record: OrderSettings): OrderSettingsFieldValues {
  return {
    deliveryChargesEnabled: record.deliveryChargesEnabled,
    standardDeliveryChargesPaise: rupeesDecimal(record.standardDeliveryChargesPaise),
    minimumOrderPaise: rupeesDecimal(record.minimumOrderPaise),
    maxOpenOrdersPerExecutive: String(record.maxOpenOrdersPerExecutive),
    dispatchWaitMinutes: String(record.dispatchWaitMinutes),
    printKitchenOnConfirm: record.printKitchenOnConfirm,
    payWithinMinutes: String(record.payWithinMinutes),
    executiveFeePaise: rupeesDecimal(record.executiveFeePaise),
    executiveFeePerKmPaise: rupeesDecimal(record.executiveFeePerKmPaise),
  };
}

const wholeNumber = { htmlInput: { inputMode: 'numeric' as const } };

const rupeeAdornment = {
  input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};

const executiveFeeHintId = 'executive-fee-hint';

/** A rupee field described by the pay group's hint, and by its own error when it has one. */
function executiveFeeSlots(id: string, invalid: boolean) {
  const describedBy = invalid ? `${id}-helper-text ${executiveFeeHintId}` : executiveFeeHintId;
  return { ...rupeeAdornment, htmlInput: { ...rupeeAdornment.htmlInput, 'aria-describedby': describedBy } };
}

function OrderSettingsForm({ record }: { record: OrderSettings }) {
  const t = useT();
  const labels = fieldLabels(t);
  const saveSettings = useSaveOrderSettings();
  const live = useMemo(() => toFormValues(record), [record]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<OrderSettingsFieldValues, unknown, OrderSettingsFieldOutput>({
    resolver: zodResolver(orderSettingsFieldsSchema),
    mode: 'onTouched',
    defaultValues: live,
  });
  const chargesOn = useWatch({ control, name: 'deliveryChargesEnabled' });

  // Untouched, the form follows a colleague's saves; once edited it keeps the edits.
  useEffect(() => {
    if (!isDirty) reset(live);
  }, [live, isDirty, reset]);

  const saving = useRecordSave(record, isDirty, {
    schema: orderSettingsSchema,
    queryKey: orderSettingsQueryKey,
    mutation: saveSettings,
    recordName: t('settings.order.noun'),
    labels,
    showCurrent: (current) => reset(toFormValues(current)),
    fields: fieldMessages(setError, [
      'deliveryChargesEnabled',
      'standardDeliveryChargesPaise',
      'minimumOrderPaise',
      'maxOpenOrdersPerExecutive',
      'dispatchWaitMinutes',
      'payWithinMinutes',
      'executiveFeePaise',
      'executiveFeePerKmPaise',
    ]),
    savedMessage: t('settings.order.saved'),
  });

  const onSubmit = handleSubmit(async (values) => {
    const savedRecord = await saving.save(values);
    if (savedRecord) reset(toFormValues(savedRecord));
  });

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
      <StaleSaveAlert message={saving.conflictMessage} onClose={saving.dismissConflict} />
      {record.version === 0 ? <Alert severity="info">{t('settings.order.starting')}</Alert> : null}
      <Controller
        control={control}
        name="deliveryChargesEnabled"
        render={({ field }) => (
          <FormControlLabel
            label={t('settings.order.chargeForDelivery')}
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
      <TextField
        label={labels.standardDeliveryChargesPaise}
        required
        fullWidth
        error={Boolean(errors.standardDeliveryChargesPaise)}
        helperText={
          errors.standardDeliveryChargesPaise?.message ??
          (chargesOn ? t('settings.order.standardChargesHelp') : t('settings.order.standardChargesOff'))
        }
        slotProps={rupeeAdornment}
        {...register('standardDeliveryChargesPaise')}
      />
      <TextField
        label={labels.minimumOrderPaise}
        required
        fullWidth
        error={Boolean(errors.minimumOrderPaise)}
        helperText={errors.minimumOrderPaise?.message ?? t('settings.order.minimumOrderHelp')}
        slotProps={rupeeAdornment}
        {...register('minimumOrderPaise')}
      />
      <TextField
        label={labels.payWithinMinutes}
        required
        fullWidth
        error={Boolean(errors.payWithinMinutes)}
        helperText={errors.payWithinMinutes?.message ?? t('settings.order.payWithinHelp')}
        slotProps={wholeNumber}
        {...register('payWithinMinutes')}
      />
      <Typography variant="subtitle1" component="h3" sx={{ pt: 1 }}>
        {t('settings.order.dispatch')}
      </Typography>
      <TextField
        label={labels.maxOpenOrdersPerExecutive}
        required
        fullWidth
        error={Boolean(errors.maxOpenOrdersPerExecutive)}
        helperText={errors.maxOpenOrdersPerExecutive?.message ?? t('settings.order.maxOpenOrdersHelp')}
        slotProps={wholeNumber}
        {...register('maxOpenOrdersPerExecutive')}
      />
      <TextField
        label={labels.dispatchWaitMinutes}
        required
        fullWidth
        error={Boolean(errors.dispatchWaitMinutes)}
        helperText={errors.dispatchWaitMinutes?.message ?? t('settings.order.dispatchWaitHelp')}
        slotProps={wholeNumber}
        {...register('dispatchWaitMinutes')}
      />
      <Typography variant="subtitle1" component="h3" sx={{ pt: 1 }}>
        {t('settings.order.pay')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id="executiveFeePaise"
          label={labels.executiveFeePaise}
          required
          fullWidth
          error={Boolean(errors.executiveFeePaise)}
          helperText={errors.executiveFeePaise?.message}
          slotProps={executiveFeeSlots('executiveFeePaise', Boolean(errors.executiveFeePaise))}
          {...register('executiveFeePaise')}
        />
        <TextField
          id="executiveFeePerKmPaise"
          label={labels.executiveFeePerKmPaise}
          required
          fullWidth
          error={Boolean(errors.executiveFeePerKmPaise)}
          helperText={errors.executiveFeePerKmPaise?.message}
          slotProps={executiveFeeSlots('executiveFeePerKmPaise', Boolean(errors.executiveFeePerKmPaise))}
          {...register('executiveFeePerKmPaise')}
        />
      </Stack>
      <Typography
        id={executiveFeeHintId}
        variant="body2"
        sx={{ color: 'text.secondary', mt: '-12px !important' }}
      >
        {t('settings.order.executiveFeeHelp')}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ pt: 1 }}>
        {t('settings.order.printing')}
      </Typography>
      <Controller
        control={control}
        name="printKitchenOnConfirm"
        render={({ field }) => (
          <FormControlLabel
            label={labels.printKitchenOnConfirm}
            control={
              <Switch
                name={field.name}
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { 'aria-describedby': 'print-on-confirm-hint' } }}
              />
            }
          />
        )}
      />
      <Typography
        id="print-on-confirm-hint"
        variant="body2"
        sx={{ color: 'text.secondary', mt: '-12px !important' }}
      >
        {t('settings.order.printOnConfirmHelp')}
      </Typography>
      <div>
        <SaveButton
          saving={saving.saving}
          label={t('common.save')}
          onCancel={() => reset(live)}
          cancelDisabled={!isDirty}
        />
      </div>
      <ErrorDialog message={saving.dialogMessage} onClose={saving.closeDialog} />
    </Stack>
  );
}

/**
 * Settings > Order Settings (SPEC §5): delivery charges on or off, the
 * standard delivery charge and the minimum order value, in rupees with two
 * decimals; and dispatch's limit of open orders per executive and the minutes
 * after which an unassigned order is highlighted (B14); what an executive is paid per order
 * delivered and per km (B18). The customer app's next order follows a save at once.
 */
export function OrderSettingsTab() {
  const t = useT();
  return (
    <RecordLoader
      query={useOrderSettings()}
      failed={t('settings.order.loadFailed')}
      loading={t('settings.order.loading')}
      fields={7}
    >
      {(record) => <OrderSettingsForm record={record} />}
    </RecordLoader>
  );
}
