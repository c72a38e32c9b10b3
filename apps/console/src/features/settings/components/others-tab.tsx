import { zodResolver } from '@hookform/resolvers/zod';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { businessOthersSchema, businessSettingsSchema } from '@storedesk/shared/settings/business';
import type {
  BusinessOthers,
  BusinessOthersInput,
  BusinessSettings,
} from '@storedesk/shared/settings/business';
import { FormattedMessage, useFormat, useT } from '@storedesk/web/i18n';
import { useEffect, useId, useMemo, useState } from 'react';
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
import { StorefrontKey } from './business-storefront-key.tsx';
import { ApiKeys } from './api-keys.tsx';
import { useSmsUsage } from '@/features/settings/api/sms-usage.ts';
import { ThemePicker } from '@/components/theme-picker.tsx';
import { StoreAutocomplete } from '@/components/store-choice-field.tsx';
import type { StoreChoice } from '@/lib/store-choices.ts';
import type { Translate } from '@/i18n/index.ts';

/** The fields by their label, for the stale-save alert's "Live changed" and the fields themselves. */
const fieldLabels = (t: Translate) => ({
  type: t('settings.others.multipleStores'),
  mainStoreId: t('settings.others.mainStore'),
  theme: t('settings.others.theme'),
  live: t('settings.others.live'),
  customerAppUrl: t('settings.others.customerAppUrl'),
  slug: t('settings.others.slug'),
  shopDomain: t('settings.others.shopDomain'),
  smsDailyLimit: t('settings.others.smsDailyLimit'),
});

/** A main store deleted since it was chosen is no choice: the form starts without one. */
function toFormValues(record: BusinessSettings): BusinessOthersInput {
  return {
    type: record.type,
    mainStoreId: record.mainStoreName === null ? null : record.mainStoreId,
    theme: record.theme,
    live: record.live,
    customerAppUrl: record.customerAppUrl ?? '',
    slug: record.slug,
    shopDomain: record.shopDomain ?? '',
    smsDailyLimit: record.smsDailyLimit,
  };
}

/** The texts sent today against the ceiling, as the server counts them. */
function TextsToday() {
  const t = useT();
  const { number } = useFormat();
  const usage = useSmsUsage();
  const what = t('settings.others.smsDailyLimitHelp');
  if (!usage.data) return <>{what}</>;
  const { sent, limit } = usage.data;
  return (
    <>
      {what} {t('settings.others.sentToday', { sent: number(sent), limit: number(limit) })}
    </>
  );
}

function OthersForm({ record }: { record: BusinessSettings }) {
  const t = useT();
  const labels = fieldLabels(t);
  const live = useMemo(() => toFormValues(record), [record]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<BusinessOthersInput, unknown, BusinessOthers>({
    resolver: zodResolver(businessOthersSchema),
    mode: 'onTouched',
    defaultValues: live,
  });
  const update = useUpdateBusinessSettings();
  const saving = useRecordSave(record, isDirty, {
    schema: businessSettingsSchema,
    queryKey: businessSettingsQueryKey,
    mutation: update,
    recordName: t('settings.businessNoun'),
    labels,
    showCurrent: (current) => reset(toFormValues(current)),
    fields: fieldMessages(setError, {
      type: 'type',
      mainStoreId: 'mainStoreId',
      theme: 'theme',
      'theme.primaryColor': 'theme',
      'theme.accentColor': 'theme',
      'theme.textPrimary': 'theme',
      live: 'live',
      customerAppUrl: 'customerAppUrl',
      slug: 'slug',
      shopDomain: 'shopDomain',
      smsDailyLimit: 'smsDailyLimit',
    }),
    savedMessage: t('settings.others.saved'),
  });
  // The stores chosen here, so the select can name them; the saved one is named by the record.
  const [chosenStore, setChosenStore] = useState<StoreChoice | null>(null);
  // Rotating the key moves the version on without touching these fields: a save may build on it.
  const [rotations, setRotations] = useState<ReadonlyMap<number, number>>(new Map());
  const type = useWatch({ control, name: 'type' });
  const typeHelpId = useId();
  const liveHelpId = useId();

  // Untouched, the form follows a colleague's saves; once edited it keeps the edits.
  useEffect(() => {
    if (!isDirty) reset(live);
  }, [live, isDirty, reset]);

  const storeChoice = (id: string | null | undefined): StoreChoice | null => {
    if (!id) return null;
    if (chosenStore?.id === id) return chosenStore;
    if (id === record.mainStoreId && record.mainStoreName !== null) return { id, name: record.mainStoreName };
    return { id, name: t('storeChoice.unknown') };
  };

  const mainStoreHint =
    type === 'multiple'
      ? t('settings.others.mainStoreMultiple')
      : record.mainStoreId !== null && record.mainStoreName === null
        ? t('settings.others.mainStoreDeleted')
        : t('settings.others.mainStoreHelp');

  const onSubmit = handleSubmit(async (values) => {
    let version = saving.base.version;
    while (rotations.has(version)) version = rotations.get(version)!;
    const saved = await saving.save(values, version);
    if (saved) reset(toFormValues(saved));
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
        <StaleSaveAlert message={saving.conflictMessage} onClose={saving.dismissConflict} />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <div>
              <FormControlLabel
                label={labels.type}
                control={
                  <Switch
                    name={field.name}
                    checked={field.value === 'multiple'}
                    onChange={(event) => field.onChange(event.target.checked ? 'multiple' : 'single')}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref, 'aria-describedby': typeHelpId } }}
                  />
                }
              />
              <FormHelperText id={typeHelpId} error={Boolean(errors.type)}>
                {errors.type?.message ?? t('settings.others.multipleStoresHelp')}
              </FormHelperText>
            </div>
          )}
        />
        <Controller
          control={control}
          name="mainStoreId"
          render={({ field, fieldState }) => (
            <StoreAutocomplete
              label={t('settings.others.mainStore')}
              fullWidth
              required={type !== 'multiple'}
              value={storeChoice(field.value)}
              onChange={(store) => {
                setChosenStore(store);
                field.onChange(store?.id ?? null);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={type === 'multiple'}
              error={fieldState.error?.message}
              hint={mainStoreHint}
            />
          )}
        />
        <Controller
          control={control}
          name="theme"
          render={({ field, fieldState }) => (
            <ThemePicker
              words={{
                label: labels.theme,
                hint: t('settings.others.themeHint'),
                swatch: {
                  primaryColor: t('settings.others.themeSwatch.primaryColor'),
                  accentColor: t('settings.others.themeSwatch.accentColor'),
                  textPrimary: t('settings.others.themeSwatch.textPrimary'),
                },
              }}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="live"
          render={({ field }) => (
            <div>
              <FormControlLabel
                label={labels.live}
                control={
                  <Switch
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref, 'aria-describedby': liveHelpId } }}
                  />
                }
              />
              <FormHelperText id={liveHelpId} error={Boolean(errors.live)}>
                {errors.live?.message ?? t('settings.others.liveHelp')}
              </FormHelperText>
            </div>
          )}
        />
        <TextField
          label={labels.customerAppUrl}
          type="url"
          fullWidth
          placeholder="https://shop.example.com"
          error={Boolean(errors.customerAppUrl)}
          helperText={errors.customerAppUrl?.message ?? t('settings.others.customerAppUrlHelp')}
          {...register('customerAppUrl')}
        />
        <TextField
          label={labels.slug}
          fullWidth
          required
          slotProps={{ htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } }}
          error={Boolean(errors.slug)}
          helperText={errors.slug?.message ?? t('settings.others.slugHelp')}
          {...register('slug')}
        />
        <TextField
          label={labels.shopDomain}
          fullWidth
          placeholder="shop.freshmart.in"
          slotProps={{ htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } }}
          error={Boolean(errors.shopDomain)}
          helperText={errors.shopDomain?.message ?? t('settings.others.shopDomainHelp')}
          {...register('shopDomain')}
        />
        <Typography variant="body2">
          <FormattedMessage
            id="settings.others.shopUrl"
            values={{
              link: (
                <Link href={`${record.shopUrl}/`} target="_blank" rel="noopener noreferrer">
                  {record.shopUrl}
                </Link>
              ),
            }}
          />
        </Typography>
        <TextField
          label={labels.smsDailyLimit}
          type="number"
          fullWidth
          required
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
          error={Boolean(errors.smsDailyLimit)}
          helperText={errors.smsDailyLimit?.message ?? <TextsToday />}
          {...register('smsDailyLimit', { valueAsNumber: true })}
        />
        <div>
          <SaveButton
            saving={saving.saving}
            label={t('common.save')}
            onCancel={() => reset(live)}
            cancelDisabled={!isDirty}
          />
        </div>
      </Stack>
      <Divider />
      <StorefrontKey
        record={record}
        onRotated={(from, to) => setRotations((known) => new Map(known).set(from, to))}
      />
      <Divider />
      <ApiKeys />
      <ErrorDialog message={saving.dialogMessage} onClose={saving.closeDialog} />
    </Stack>
  );
}

/** Settings > Others: stores, theme, live, the customer app's address (D15), the keys and the texts a day. */
export function OthersTab() {
  const t = useT();
  return (
    <RecordLoader
      query={useBusinessSettings()}
      failed={t('settings.others.loadFailed')}
      loading={t('settings.others.loading')}
      fields={5}
    >
      {(record) => <OthersForm record={record} />}
    </RecordLoader>
  );
}
