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
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { RecordLoader } from '@/components/record-loader.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import type { MainStoreChoice } from '@/features/settings/api/business.ts';
import {
  businessSettingsQueryKey,
  useBusinessSettings,
  useUpdateBusinessSettings,
} from '@/features/settings/api/business.ts';
import { MainStoreField } from './business-main-store-field.tsx';
import { useRecordSave } from '@/components/record-save.ts';
import { fieldMessages } from '@/lib/save-refusal.ts';
import { StorefrontKey } from './business-storefront-key.tsx';
import { ApiKeys } from './api-keys.tsx';
import { useSmsUsage } from '@/features/settings/api/sms-usage.ts';
import { ThemePicker } from '@/components/theme-picker.tsx';

const labels = {
  type: 'Multiple stores',
  mainStoreId: 'Main store',
  theme: 'Theme',
  live: 'Live',
  customerAppUrl: 'Customer app address',
  slug: 'Shop name in its address',
  shopDomain: 'Your own domain',
  smsDailyLimit: 'Texts a day',
} as const;

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
  const usage = useSmsUsage();
  const what = 'Sign-in codes the shop may text a day; past it, customers are asked to try tomorrow.';
  if (!usage.data) return <>{what}</>;
  const { sent, limit } = usage.data;
  return (
    <>
      {what} Sent today: {sent.toLocaleString('en-IN')} of {limit.toLocaleString('en-IN')}.
    </>
  );
}

function OthersForm({ record }: { record: BusinessSettings }) {
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
    recordName: 'business’s settings',
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
    savedMessage: 'Settings saved',
  });
  // The stores chosen here, so the select can name them; the saved one is named by the record.
  const [chosenStore, setChosenStore] = useState<MainStoreChoice | null>(null);
  // Rotating the key moves the version on without touching these fields: a save may build on it.
  const [rotations, setRotations] = useState<ReadonlyMap<number, number>>(new Map());
  const type = useWatch({ control, name: 'type' });
  const typeHelpId = useId();
  const liveHelpId = useId();

  // Untouched, the form follows a colleague's saves; once edited it keeps the edits.
  useEffect(() => {
    if (!isDirty) reset(live);
  }, [live, isDirty, reset]);

  const storeChoice = (id: string | null | undefined): MainStoreChoice | null => {
    if (!id) return null;
    if (chosenStore?.id === id) return chosenStore;
    if (id === record.mainStoreId && record.mainStoreName !== null) return { id, name: record.mainStoreName };
    return { id, name: 'Unknown store' };
  };

  const mainStoreHint =
    type === 'multiple'
      ? 'With multiple stores there is no main store to choose.'
      : record.mainStoreId !== null && record.mainStoreName === null
        ? 'The main store was deleted: choose another. Type to search the stores.'
        : 'The store the customer app opens with. Type to search the stores.';

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
                label="Multiple stores"
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
                {errors.type?.message ??
                  'Off for a business of one store, whose customer app opens its main store.'}
              </FormHelperText>
            </div>
          )}
        />
        <Controller
          control={control}
          name="mainStoreId"
          render={({ field, fieldState }) => (
            <MainStoreField
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
                label="Live"
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
                {errors.live?.message ??
                  'When off, the customer app cannot place orders: the server refuses them.'}
              </FormHelperText>
            </div>
          )}
        />
        <TextField
          label="Customer app address"
          type="url"
          fullWidth
          placeholder="https://shop.example.com"
          error={Boolean(errors.customerAppUrl)}
          helperText={
            errors.customerAppUrl?.message ??
            'Only if your customers use an app of your own: Open App opens this address instead of the shop address below.'
          }
          {...register('customerAppUrl')}
        />
        <TextField
          label={labels.slug}
          fullWidth
          required
          slotProps={{ htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } }}
          error={Boolean(errors.slug)}
          helperText={
            errors.slug?.message ??
            'Lowercase letters, digits and hyphens: the shop address below is made of it.'
          }
          {...register('slug')}
        />
        <TextField
          label={labels.shopDomain}
          fullWidth
          placeholder="shop.freshmart.in"
          slotProps={{ htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } }}
          error={Boolean(errors.shopDomain)}
          helperText={
            errors.shopDomain?.message ??
            'Optional. Point this name at this server (and give it a certificate for https): your shop then opens there, and Open App and every link use it.'
          }
          {...register('shopDomain')}
        />
        <Typography variant="body2">
          Customers open your shop at{' '}
          <Link href={`${record.shopUrl}/`} target="_blank" rel="noopener noreferrer">
            {record.shopUrl}
          </Link>
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
            label="Save"
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
  return (
    <RecordLoader query={useBusinessSettings()} what="the settings" fields={5}>
      {(record) => <OthersForm record={record} />}
    </RecordLoader>
  );
}
