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
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { RecordLoader } from '@/components/record-loader.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { useRecordSave } from '@/components/record-save.ts';
import { fieldMessages } from '@/lib/save-refusal.ts';
import {
  orderSettingsQueryKey,
  useOrderSettings,
  useSaveOrderSettings,
} from '@/features/settings/api/order-settings.ts';

const labels = {
  deliveryChargesEnabled: 'Delivery charges',
  standardDeliveryChargesPaise: 'Standard delivery charges',
  minimumOrderPaise: 'Minimum order value',
  maxOpenOrdersPerExecutive: 'Open orders per executive',
  dispatchWaitMinutes: 'Highlight unassigned orders after (minutes)',
  printKitchenOnConfirm: 'Print the kitchen ticket on confirming',
  payWithinMinutes: 'Time to pay online (minutes)',
  executiveFeePaise: 'Fee per delivery',
  executiveFeePerKmPaise: 'Plus per km',
} as const;

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
const executiveFeeHint =
  'Paid to the executive for each order delivered, plus this much per km from the store to the customer (as the crow flies). Fixed when the order is placed.';

/** A rupee field described by the pay group's hint, and by its own error when it has one. */
function executiveFeeSlots(id: string, invalid: boolean) {
  const describedBy = invalid ? `${id}-helper-text ${executiveFeeHintId}` : executiveFeeHintId;
  return { ...rupeeAdornment, htmlInput: { ...rupeeAdornment.htmlInput, 'aria-describedby': describedBy } };
}

function OrderSettingsForm({ record }: { record: OrderSettings }) {
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
    recordName: 'business’s order settings',
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
    savedMessage: 'Order settings saved',
  });

  const onSubmit = handleSubmit(async (values) => {
    const savedRecord = await saving.save(values);
    if (savedRecord) reset(toFormValues(savedRecord));
  });

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
      <StaleSaveAlert message={saving.conflictMessage} onClose={saving.dismissConflict} />
      {record.version === 0 ? (
        <Alert severity="info">
          These are the starting values: no delivery charges and no minimum order. Save to change them.
        </Alert>
      ) : null}
      <Controller
        control={control}
        name="deliveryChargesEnabled"
        render={({ field }) => (
          <FormControlLabel
            label="Charge for delivery"
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
        label="Standard delivery charges"
        required
        fullWidth
        error={Boolean(errors.standardDeliveryChargesPaise)}
        helperText={
          errors.standardDeliveryChargesPaise?.message ??
          (chargesOn
            ? 'Added to every order, in rupees with up to two decimals.'
            : 'Not charged while delivery charges are off.')
        }
        slotProps={rupeeAdornment}
        {...register('standardDeliveryChargesPaise')}
      />
      <TextField
        label="Minimum order value"
        required
        fullWidth
        error={Boolean(errors.minimumOrderPaise)}
        helperText={
          errors.minimumOrderPaise?.message ?? 'Orders whose items cost less are refused. 0 for no minimum.'
        }
        slotProps={rupeeAdornment}
        {...register('minimumOrderPaise')}
      />
      <TextField
        label={labels.payWithinMinutes}
        required
        fullWidth
        error={Boolean(errors.payWithinMinutes)}
        helperText={
          errors.payWithinMinutes?.message ??
          'An order to be paid online that is not paid this long after it is placed is cancelled. 5 to 120.'
        }
        slotProps={wholeNumber}
        {...register('payWithinMinutes')}
      />
      <Typography variant="subtitle1" component="h3" sx={{ pt: 1 }}>
        Dispatch
      </Typography>
      <TextField
        label={labels.maxOpenOrdersPerExecutive}
        required
        fullWidth
        error={Boolean(errors.maxOpenOrdersPerExecutive)}
        helperText={
          errors.maxOpenOrdersPerExecutive?.message ??
          'An executive carrying this many open orders cannot be given another. 1 to 50.'
        }
        slotProps={wholeNumber}
        {...register('maxOpenOrdersPerExecutive')}
      />
      <TextField
        label={labels.dispatchWaitMinutes}
        required
        fullWidth
        error={Boolean(errors.dispatchWaitMinutes)}
        helperText={
          errors.dispatchWaitMinutes?.message ??
          'Dispatch marks an order that has waited this long without an executive. 1 to 240.'
        }
        slotProps={wholeNumber}
        {...register('dispatchWaitMinutes')}
      />
      <Typography variant="subtitle1" component="h3" sx={{ pt: 1 }}>
        Delivery executives’ pay
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
        {executiveFeeHint}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ pt: 1 }}>
        Printing
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
        When an order is confirmed on its page, this browser prints its kitchen ticket at once.
      </Typography>
      <div>
        <SaveButton
          saving={saving.saving}
          label="Save"
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
  return (
    <RecordLoader query={useOrderSettings()} what="the order settings" fields={7}>
      {(record) => <OrderSettingsForm record={record} />}
    </RecordLoader>
  );
}
