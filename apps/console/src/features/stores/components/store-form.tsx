import { LocalTextField } from '@/components/local-text-field.tsx';
import { NumberSelectField } from '@/components/number-select-field.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@storedesk/shared/messages';
import {
  deliveryRadius,
  storeInputSchema,
  storeSchema,
  timeOfDaySchema,
} from '@storedesk/shared/stores/schemas';
import type { Store, StoreInput } from '@storedesk/shared/stores/schemas';
import { deliverySlotsSchema, slotLimits } from '@storedesk/shared/stores/slots';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useMemo, useState } from 'react';
import type { FieldErrors, FieldPath, Resolver } from 'react-hook-form';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ImagePicker } from '@/components/image-picker.tsx';
import { ZonePickerField } from '@/components/zone-picker-field.tsx';
import type { ApiError } from '@/lib/api-client.ts';
import { changedFields, useEditBase, useStaleSaveMessage } from '@/lib/edit-base.ts';
import { StoreLocationMap } from './store-location-map.tsx';
import { TimeSelect } from './time-select.tsx';
import { useMapTiles } from '@/lib/map-tiles.ts';
import { SaveButton } from '@/components/save-button.tsx';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';
import { DeliverySlotsFields } from './delivery-slots-fields.tsx';
import {
  DeliveryRuleFields,
  deliveryRuleField,
  deliveryRuleFieldNames,
  toDeliveryRuleRows,
} from './delivery-rule-fields.tsx';
import {
  SpecialDaysFields,
  specialDayFieldNames,
  specialDaysField,
  toSpecialDayRows,
} from './special-days-fields.tsx';
import type { Translate } from '@/i18n/index.ts';

const featuredChoices = [1, 2, 3, 4, 5, 6, 7, 8, 9];

const timeField = z.string().min(1, messages.isRequired).pipe(timeOfDaySchema);
const formBase = storeInputSchema.extend({
  featured: z.number({ error: messages.isRequired }).pipe(storeInputSchema.shape.featured),
  openTime: timeField,
  closeTime: timeField,
  // Required here: the API keeps a store's radius when a save leaves it out.
  deliveryRadiusKm: storeInputSchema.shape.deliveryRadiusKm.unwrap(),
  // The rule as its fields hold it; sent only while "Deliver in slots" is on (B19).
  deliverySlots: deliverySlotsSchema,
  // The rows as the form holds them, checked by the shared rule; always sent, as the whole list (B19).
  specialDays: specialDaysField,
  // The rule as its fields hold it; always sent: the rule while "Its own minimum order and delivery
  // fee" is on, else null, the store following the business's order settings (B19, ADR 0081).
  deliveryRule: deliveryRuleField,
});
/** The owner chooses the store's zone (`chooseZone` says so); an admin's stores always go to their own zone (D4). */
const ownerFormSchema = (chooseZone: string) => formBase.extend({ zoneId: z.uuid({ error: chooseZone }) });
const adminFormSchema = formBase.omit({ zoneId: true });
/** Slots off: the rule's fields are kept for the switch coming back on, and the store delivers as soon as possible. */
const slotsOff = { deliverySlots: z.unknown().transform(() => null) };
/** Its own rule off: the fields are kept for the switch coming back on, and the store follows the business's order settings. */
const ruleOff = { deliveryRule: z.unknown().transform(() => null) };

type StoreFormResolver = Resolver<StoreFormValues, unknown, StoreInput>;

/**
 * The form's check of its values, by who saves and which switches are on. `slotsOn` and `ruleOn`
 * are the form's own and are not sent (the schemas leave out what they do not name).
 */
function storeFormResolver(owner: boolean, chooseZone: string): StoreFormResolver {
  const schema = owner ? ownerFormSchema(chooseZone) : adminFormSchema;
  const resolvers = new Map<string, StoreFormResolver>();
  const resolverFor = (slotsOn: boolean, ruleOn: boolean) => {
    const key = `${slotsOn} ${ruleOn}`;
    let resolver = resolvers.get(key);
    if (!resolver) {
      const off = { ...(slotsOn ? {} : slotsOff), ...(ruleOn ? {} : ruleOff) };
      resolver = zodResolver(schema.extend(off)) as unknown as StoreFormResolver;
      resolvers.set(key, resolver);
    }
    return resolver;
  };
  return (values, context, options) => resolverFor(values.slotsOn, values.ruleOn)(values, context, options);
}

export type StoreFormValues = z.input<typeof formBase> & {
  /** "Deliver in slots": off sends `deliverySlots: null`. */
  slotsOn: boolean;
  /** "Its own minimum order and delivery fee": off sends `deliveryRule: null`. */
  ruleOn: boolean;
};

/** The rule's fields of a store that has none yet: the cut-off starts at its default, the rest empty. */
const noSlotRule = {
  lengthMinutes: undefined as unknown as number,
  capacity: undefined as unknown as number,
  daysAhead: undefined as unknown as number,
  cutoffMinutes: slotLimits.cutoffMinutes.default,
};

const formFields = [
  'name',
  'featured',
  'location',
  'description',
  'descriptionHi',
  'descriptionKn',
  'phone',
  'openTime',
  'closeTime',
  'deliveryRadiusKm',
  'zoneId',
  'deliverySlots',
  'deliverySlots.lengthMinutes',
  'deliverySlots.capacity',
  'deliverySlots.daysAhead',
  'deliverySlots.cutoffMinutes',
] as const satisfies readonly FieldPath<StoreFormValues>[];

function toStoreFormValues(store: Store, owner: boolean): StoreFormValues {
  return {
    name: store.name,
    featured: store.featured,
    location: store.location,
    description: store.description,
    // Blank is none: sent as null, the English shows.
    descriptionHi: store.descriptionHi ?? '',
    descriptionKn: store.descriptionKn ?? '',
    phone: store.phone,
    openTime: store.openTime,
    closeTime: store.closeTime,
    latitude: store.latitude,
    longitude: store.longitude,
    deliveryRadiusKm: store.deliveryRadiusKm,
    slotsOn: store.deliverySlots !== null,
    deliverySlots: store.deliverySlots ?? noSlotRule,
    specialDays: toSpecialDayRows(store.specialDays),
    ruleOn: store.deliveryRule !== null,
    deliveryRule: toDeliveryRuleRows(store.deliveryRule),
    ...(owner ? { zoneId: store.zoneId } : {}),
  };
}

export function emptyStoreFormValues(zoneId: string | undefined): StoreFormValues {
  return {
    name: '',
    featured: undefined as unknown as number,
    location: '',
    description: '',
    descriptionHi: '',
    descriptionKn: '',
    phone: '',
    openTime: '',
    closeTime: '',
    latitude: undefined as unknown as number,
    longitude: undefined as unknown as number,
    deliveryRadiusKm: deliveryRadius.defaultKm,
    slotsOn: false,
    deliverySlots: noSlotRule,
    specialDays: [],
    ruleOn: false,
    deliveryRule: toDeliveryRuleRows(null),
    ...(zoneId === undefined ? {} : { zoneId }),
  };
}

export type StoreSaveResult = { ok: true } | { ok: false; error: ApiError };

/** What the stale-save alert names when a colleague's save changed it (D9). */
const changeLabels = (t: Translate): Partial<Record<keyof Store, string>> => ({
  name: t('common.name'),
  featured: t('storeForm.featured'),
  zoneId: t('zones.zone'),
  phone: t('storeForm.phone'),
  openTime: t('storeForm.openTime'),
  closeTime: t('storeForm.closeTime'),
  description: t('storeForm.description'),
  descriptionHi: t('storeForm.descriptionHi'),
  descriptionKn: t('storeForm.descriptionKn'),
  location: t('storeForm.location'),
  latitude: t('storeForm.mapLocation'),
  longitude: t('storeForm.mapLocation'),
  deliveryRadiusKm: t('storeForm.deliveryRadius'),
  deliverySlots: t('slots.title'),
  specialDays: t('specialDays.title'),
  deliveryRule: t('storeForm.ruleTitle'),
  imageUrl: t('storeForm.image'),
  status: t('stores.colStatus'),
});

type StoreFormProps = {
  /** Leaves the form without saving (back where the person came from). */
  onCancel: () => void;
  /** The owner chooses the zone; an admin's stores stay in their zone. */
  owner: boolean;
  /** Edit: the store as it is now. The form follows it until the first edit (D9). */
  store?: Store;
  /** Add: what the form starts with. */
  defaultValues?: StoreFormValues;
  submitLabel: string;
  /**
   * Saves the store, then the image when one was chosen. `base` is the store
   * the edits started from: send its version, so a colleague's save in between
   * is refused (409) instead of undone.
   */
  onSave: (values: StoreInput, image: File | null, base: Store | undefined) => Promise<StoreSaveResult>;
};

/**
 * SPEC §5 store form: details, zone (owner), open hours, image and the point on the map; delivery
 * slots, its own minimum order and delivery fee, holidays and special hours (B19).
 */
export function StoreForm({ owner, store, defaultValues, submitLabel, onSave, onCancel }: StoreFormProps) {
  const t = useT();
  const staleSaveMessage = useStaleSaveMessage();
  const mapTiles = useMapTiles();
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  // A picture being shrunk is not yet the form's: saving waits for it (the Save button says so).
  const [shrinking, setShrinking] = useState(false);
  const [dialog, setDialog] = useState<{ title: string; message: string } | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const live = useMemo(() => (store ? toStoreFormValues(store, owner) : undefined), [store, owner]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setValue,
    setFocus,
    trigger,
    formState: { errors, isDirty },
  } = useForm<StoreFormValues, unknown, StoreInput>({
    resolver: useMemo(() => storeFormResolver(owner, t('storeForm.chooseZone')), [owner, t]),
    mode: 'onTouched',
    defaultValues: live ?? defaultValues,
  });
  const base = useEditBase(store, isDirty);

  // Untouched, the form shows a colleague's save as it arrives.
  useEffect(() => {
    if (live && !isDirty) reset(live);
  }, [live, isDirty, reset]);

  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] });
  const point =
    typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;

  // The spec's 'Store Location' dialog, only when the point is the one thing missing; with other
  // fields to fix, the focus goes to the first of them and the map says so under itself.
  const onInvalid = (invalid: FieldErrors<StoreFormValues>) => {
    const pointMissing = Boolean(invalid.latitude || invalid.longitude);
    const others = Object.keys(invalid).filter((field) => field !== 'latitude' && field !== 'longitude');
    if (pointMissing && others.length === 0) {
      setDialog({ title: t('storeForm.locationTitle'), message: t('storeForm.pickOnMap') });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setStale(null);
    const savedFrom = base;
    try {
      const result = await onSave(values, image, savedFrom);
      if (result.ok) return;
      const current = storeSchema.safeParse(result.error.current);
      if (savedFrom && result.error.status === 409 && current.success) {
        reset(toStoreFormValues(current.data, owner));
        setStale(
          staleSaveMessage(t('stores.nounOne'), changedFields(savedFrom, current.data, changeLabels(t))),
        );
        return;
      }
      const message = applySaveRefusal(result.error, {
        current: storeSchema,
        showCurrent: (shown) => reset(toStoreFormValues(shown, owner)),
        fields: fieldMessages(setError, [
          ...formFields,
          ...deliveryRuleFieldNames(values.deliveryRule?.feeBands.length ?? 0),
          'specialDays',
          ...specialDayFieldNames(values.specialDays?.length ?? 0),
        ]),
      });
      if (message) setDialog({ title: t('common.error'), message });
    } finally {
      setSaving(false);
    }
  }, onInvalid);

  return (
    <Card variant="outlined">
      <CardContent>
        <Grid component="form" container spacing={3} noValidate onSubmit={onSubmit}>
          {stale ? (
            <Grid size={12}>
              <StaleSaveAlert message={stale} onClose={() => setStale(null)} />
            </Grid>
          ) : null}
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <TextField
                label={t('common.name')}
                fullWidth
                required
                error={Boolean(errors.name)}
                helperText={errors.name?.message}
                {...register('name')}
              />
              <NumberSelectField
                control={control}
                name="featured"
                label={t('storeForm.featured')}
                choices={featuredChoices}
                error={errors.featured?.message}
                helperText={t('storeForm.featuredHint')}
              />
              {owner ? (
                <ZonePickerField
                  control={control}
                  name="zoneId"
                  recordZone={store ? { id: store.zoneId, name: store.zoneName } : undefined}
                  error={errors.zoneId?.message}
                />
              ) : null}
              <TextField
                label={t('storeForm.phone')}
                type="tel"
                fullWidth
                required
                placeholder="+91-1234567890"
                error={Boolean(errors.phone)}
                helperText={errors.phone?.message}
                {...register('phone')}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Controller
                  control={control}
                  name="openTime"
                  render={({ field }) => (
                    <TimeSelect
                      label={t('storeForm.openTime')}
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={errors.openTime?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="closeTime"
                  render={({ field }) => (
                    <TimeSelect
                      label={t('storeForm.closeTime')}
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={errors.closeTime?.message}
                    />
                  )}
                />
              </Stack>
              <TextField
                label={t('storeForm.description')}
                fullWidth
                required
                multiline
                minRows={3}
                error={Boolean(errors.description)}
                helperText={errors.description?.message}
                {...register('description')}
              />
              <LocalTextField
                language="hi"
                label={t('storeForm.description')}
                error={errors.descriptionHi?.message}
                registration={register('descriptionHi')}
                multiline
              />
              <LocalTextField
                language="kn"
                label={t('storeForm.description')}
                error={errors.descriptionKn?.message}
                registration={register('descriptionKn')}
                multiline
              />
              <div>
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                  {t('storeForm.image')}
                </Typography>
                <ImagePicker
                  label={t('storeForm.storeImage')}
                  imageUrl={store?.imageUrl ?? null}
                  file={image}
                  onChange={setImage}
                  onShrinkingChange={setShrinking}
                  disabled={saving}
                />
              </div>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <TextField
                label={t('storeForm.location')}
                fullWidth
                required
                helperText={errors.location?.message ?? t('storeForm.locationHint')}
                error={Boolean(errors.location)}
                {...register('location')}
              />
              <StoreLocationMap
                value={point}
                error={errors.latitude || errors.longitude ? t('storeForm.pickOnMap') : undefined}
                tiles={mapTiles.data}
                onChange={({ latitude: lat, longitude: lng }) => {
                  setValue('latitude', lat, { shouldDirty: true, shouldValidate: true });
                  setValue('longitude', lng, { shouldDirty: true, shouldValidate: true });
                }}
              />
              <TextField
                label={t('storeForm.radius')}
                type="number"
                fullWidth
                required
                slotProps={{
                  htmlInput: {
                    min: deliveryRadius.minKm,
                    max: deliveryRadius.maxKm,
                    step: 0.5,
                    inputMode: 'decimal',
                  },
                }}
                error={Boolean(errors.deliveryRadiusKm)}
                helperText={errors.deliveryRadiusKm?.message ?? t('storeForm.radiusHint')}
                {...register('deliveryRadiusKm', { valueAsNumber: true })}
              />
              <DeliverySlotsFields
                control={control}
                register={register}
                errors={errors}
                onSwitchOff={() => clearErrors('deliverySlots')}
              />
            </Stack>
          </Grid>
          <Grid size={12}>
            <DeliveryRuleFields
              control={control}
              register={register}
              errors={errors}
              clearErrors={clearErrors}
              trigger={trigger}
              setFocus={setFocus}
              owner={owner}
            />
          </Grid>
          <Grid size={12}>
            <SpecialDaysFields
              control={control}
              errors={errors}
              clearErrors={clearErrors}
              trigger={trigger}
              setFocus={setFocus}
            />
          </Grid>
          <Grid size={12}>
            <SaveButton
              waiting={shrinking ? t('storeForm.waitingForImage') : null}
              saving={saving}
              label={submitLabel}
              onCancel={onCancel}
            />
          </Grid>
        </Grid>
      </CardContent>
      <ErrorDialog title={dialog?.title} message={dialog?.message ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
