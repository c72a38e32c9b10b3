import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  businessAboutSchema,
  businessLimits,
  businessSettingsSchema,
  timeZoneNames,
} from '@storedesk/shared/settings/business';
import type {
  BusinessAbout,
  BusinessAboutInput,
  BusinessSettings,
} from '@storedesk/shared/settings/business';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import {
  businessSettingsQueryKey,
  useBusinessSettings,
  useUpdateBusinessSettings,
} from '@/features/settings/api/business.ts';
import { useRecordSave } from '@/components/record-save.ts';
import { fieldMessages } from '@/lib/save-refusal.ts';
import { RecordLoader } from '@/components/record-loader.tsx';
import type { Translate } from '@/i18n/index.ts';

/** The fields by their label, for the stale-save alert's "Name changed". */
const changeLabels = (t: Translate) => ({
  name: t('common.name'),
  description: t('settings.about.description'),
  timeZone: t('settings.about.timeZone'),
  gstin: t('settings.about.gstin'),
});

function toFormValues(record: BusinessSettings): BusinessAboutInput {
  return {
    name: record.name,
    description: record.description,
    timeZone: record.timeZone,
    gstin: record.gstin ?? '',
  };
}

const allTimeZones = timeZoneNames();

function AboutForm({ record }: { record: BusinessSettings }) {
  const t = useT();
  const live = useMemo(() => toFormValues(record), [record]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<BusinessAboutInput, unknown, BusinessAbout>({
    resolver: zodResolver(businessAboutSchema),
    mode: 'onTouched',
    defaultValues: live,
  });
  const update = useUpdateBusinessSettings();
  const saving = useRecordSave(record, isDirty, {
    schema: businessSettingsSchema,
    queryKey: businessSettingsQueryKey,
    mutation: update,
    recordName: t('settings.businessNoun'),
    labels: changeLabels(t),
    showCurrent: (current) => reset(toFormValues(current)),
    fields: fieldMessages(setError, ['name', 'description', 'timeZone', 'gstin']),
    savedMessage: t('settings.about.saved'),
  });
  const description = useWatch({ control, name: 'description' });

  // Untouched, the form follows a colleague's saves; once edited it keeps the edits.
  useEffect(() => {
    if (!isDirty) reset(live);
  }, [live, isDirty, reset]);

  // The record's own zone stays choosable even where this browser does not list it.
  const zoneOptions = useMemo(
    () => (allTimeZones.includes(record.timeZone) ? allTimeZones : [record.timeZone, ...allTimeZones]),
    [record.timeZone],
  );

  const onSubmit = handleSubmit(async (values) => {
    const saved = await saving.save(values, saving.base.version);
    if (saved) reset(toFormValues(saved));
  });

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} sx={{ maxWidth: 640 }}>
      <StaleSaveAlert message={saving.conflictMessage} onClose={saving.dismissConflict} />
      <TextField
        label={t('settings.about.name')}
        required
        fullWidth
        error={Boolean(errors.name)}
        helperText={errors.name?.message ?? t('settings.about.nameHelp')}
        {...register('name')}
      />
      <TextField
        label={t('settings.about.description')}
        fullWidth
        multiline
        minRows={3}
        error={Boolean(errors.description)}
        helperText={
          errors.description?.message ??
          t('settings.about.characters', {
            count: String(description?.length ?? 0),
            max: String(businessLimits.descriptionMax),
          })
        }
        {...register('description')}
      />
      <Controller
        control={control}
        name="timeZone"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={zoneOptions}
            value={field.value}
            onChange={(_event, next) => field.onChange(next)}
            onBlur={field.onBlur}
            disableClearable
            autoHighlight
            fullWidth
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label={t('settings.about.timeZone')}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? t('settings.about.timeZoneHelp')}
              />
            )}
          />
        )}
      />
      <TextField
        label={t('settings.about.gstin')}
        fullWidth
        error={Boolean(errors.gstin)}
        helperText={errors.gstin?.message ?? t('settings.about.gstinHelp')}
        slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters', spellCheck: false } }}
        {...register('gstin', {
          setValueAs: (value: string | null) => (value ?? '').replace(/\s+/g, '').toUpperCase(),
        })}
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

/** Settings > About: the business's name, description and time zone (SPEC §5 Business info, D19). */
export function AboutTab() {
  const t = useT();
  return (
    <RecordLoader
      query={useBusinessSettings()}
      failed={t('settings.about.loadFailed')}
      loading={t('settings.about.loading')}
      fields={3}
    >
      {(record) => <AboutForm record={record} />}
    </RecordLoader>
  );
}
