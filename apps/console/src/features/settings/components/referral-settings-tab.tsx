import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { rupeesDecimal } from '@storedesk/shared/money';
import {
  referralDiscountPercent,
  referralFormSchema,
  referralLimits,
  referralSettingsSchema,
  referralTypes,
} from '@storedesk/shared/settings/referral-settings';
import type {
  ReferralFormOutput,
  ReferralFormValues,
  ReferralSettings,
} from '@storedesk/shared/settings/referral-settings';
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
  referralSettingsQueryKey,
  useReferralSettings,
  useSaveReferralSettings,
} from '@/features/settings/api/referral-settings.ts';
import type { Translate } from '@/i18n/index.ts';

type Field = Exclude<keyof ReferralFormValues, 'enabled' | 'referralMessage'>;

/** The form's fields, as the server's 400 names them. */
const fieldNames: Array<keyof ReferralFormValues> = [
  'enabled',
  'name',
  'type',
  'usageLimit',
  'discountPercent',
  'maxDiscountPaise',
  'minOrderValuePaise',
  'validForDays',
  'referralMessage',
];

/** The fields by their label, for the fields and the stale-save alert's "Usage limit changed". */
const fieldLabels = (t: Translate): Record<keyof ReferralFormValues, string> => ({
  enabled: t('settings.referral.program'),
  name: t('common.name'),
  type: t('settings.referral.type'),
  usageLimit: t('settings.referral.usageLimit'),
  discountPercent: t('settings.referral.discountPercent'),
  maxDiscountPaise: t('settings.referral.maxDiscount'),
  minOrderValuePaise: t('settings.referral.minOrderValue'),
  validForDays: t('settings.referral.validForDays'),
  referralMessage: t('settings.referral.message'),
});

const fieldHelpers = (t: Translate): Record<Field, string> => ({
  name: t('settings.referral.nameHelp'),
  type: t('settings.referral.typeHelp'),
  usageLimit: t('settings.referral.usageLimitHelp'),
  discountPercent: t('settings.referral.discountPercentHelp', {
    min: String(referralDiscountPercent.min),
    max: String(referralDiscountPercent.max),
  }),
  maxDiscountPaise: t('settings.referral.maxDiscountHelp'),
  minOrderValuePaise: t('settings.referral.minOrderValueHelp'),
  validForDays: t('settings.referral.validForDaysHelp'),
});

function toFormValues(record: ReferralSettings): ReferralFormValues {
  return {
    enabled: record.enabled,
    name: record.name,
    type: record.type,
    usageLimit: String(record.usageLimit),
    discountPercent: String(record.discountPercent),
    maxDiscountPaise: rupeesDecimal(record.maxDiscountPaise),
    minOrderValuePaise: rupeesDecimal(record.minOrderValuePaise),
    validForDays: String(record.validForDays),
    referralMessage: record.referralMessage,
  };
}

const rupees = {
  input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};
const wholeNumber = { htmlInput: { inputMode: 'numeric' as const } };

function ReferralForm({ record }: { record: ReferralSettings }) {
  const t = useT();
  const labels = fieldLabels(t);
  const helpers = fieldHelpers(t);
  const saveSettings = useSaveReferralSettings();
  const live = useMemo(() => toFormValues(record), [record]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ReferralFormValues, unknown, ReferralFormOutput>({
    resolver: zodResolver(referralFormSchema),
    mode: 'onTouched',
    defaultValues: live,
  });
  const enabled = useWatch({ control, name: 'enabled' });
  const message = useWatch({ control, name: 'referralMessage' });

  // Untouched, the form follows a colleague's saves; once edited it keeps the edits.
  useEffect(() => {
    if (!isDirty) reset(live);
  }, [live, isDirty, reset]);

  const saving = useRecordSave(record, isDirty, {
    schema: referralSettingsSchema,
    queryKey: referralSettingsQueryKey,
    mutation: saveSettings,
    recordName: t('settings.referral.noun'),
    labels,
    showCurrent: (current) => reset(toFormValues(current)),
    fields: fieldMessages(setError, fieldNames),
    savedMessage: t('settings.referral.saved'),
  });

  const onSubmit = handleSubmit(async (values) => {
    const saved = await saving.save(values);
    if (saved) reset(toFormValues(saved));
  });

  /** A text field of the program: required while it is on, greyed out while it is off. */
  const text = (field: Exclude<Field, 'type'>, slotProps: object) => (
    <TextField
      label={labels[field]}
      required={enabled}
      disabled={!enabled}
      fullWidth
      error={Boolean(errors[field])}
      helperText={errors[field]?.message ?? helpers[field]}
      slotProps={slotProps}
      {...register(field)}
    />
  );

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} sx={{ maxWidth: 720 }}>
      <StaleSaveAlert message={saving.conflictMessage} onClose={saving.dismissConflict} />
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <FormControlLabel
            label={t('settings.referral.programOn')}
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
      {enabled ? null : <Alert severity="info">{t('settings.referral.off')}</Alert>}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 6 }}>{text('name', {})}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="type"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={labels.type}
                required={enabled}
                disabled={!enabled}
                fullWidth
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? helpers.type}
              >
                {referralTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`settings.referral.types.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('usageLimit', wholeNumber)}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('discountPercent', {
            ...wholeNumber,
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('maxDiscountPaise', rupees)}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('minOrderValuePaise', rupees)}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('validForDays', wholeNumber)}</Grid>
      </Grid>
      <TextField
        label={labels.referralMessage}
        required={enabled}
        disabled={!enabled}
        fullWidth
        multiline
        minRows={3}
        error={Boolean(errors.referralMessage)}
        helperText={
          errors.referralMessage?.message ??
          t('settings.referral.messageCount', {
            count: String(message?.length ?? 0),
            max: String(referralLimits.messageMax),
          })
        }
        {...register('referralMessage')}
      />
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
 * Settings > Referral Settings (SPEC §5): the reward a customer's invitation
 * gives. Every field is required while the program is on; while it is off they
 * are kept but greyed out.
 */
export function ReferralSettingsTab() {
  const t = useT();
  return (
    <RecordLoader
      query={useReferralSettings()}
      failed={t('settings.referral.loadFailed')}
      loading={t('settings.referral.loading')}
      fields={6}
    >
      {(record) => <ReferralForm record={record} />}
    </RecordLoader>
  );
}
