import { zodResolver } from '@hookform/resolvers/zod';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import {
  couponFormFieldOf,
  couponFormSchema,
  couponInputOf,
  couponLimits,
  couponSchema,
  couponTypes,
  defaultCouponWindow,
  generateCouponCode,
} from '@storedesk/shared/coupons/schemas';
import type { CouponFormOutput, CouponFormValues, CouponType } from '@storedesk/shared/coupons/schemas';
import { businessDay } from '@storedesk/shared/dates';
import { useT } from '@storedesk/web/i18n';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError } from '@/lib/api-client.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';
import { useTimeZone } from '@/lib/session.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useCreateCoupon } from '@/features/coupons/api/create-coupon.ts';
import { useCouponCustomerChoices } from '@/features/coupons/api/get-customer-choices.ts';
import { useCouponStoreChoices } from '@/features/coupons/api/get-store-choices.ts';
import { ChoicesField } from './choices-field.tsx';
import { DayField } from '@/components/day-field.tsx';
import { couponTypeText } from '@/features/coupons/coupon-words.ts';

function emptyCoupon(today: string): CouponFormValues {
  return {
    code: generateCouponCode(),
    name: '',
    validFrom: today,
    expiresAt: '',
    type: 'DISCOUNT',
    discountPercent: '',
    maxDiscount: '',
    minOrderValue: '',
    availStartTime: defaultCouponWindow.availStartTime,
    availEndTime: defaultCouponWindow.availEndTime,
    usageLimit: '',
    newUsersOnly: false,
    stores: [],
    customers: [],
  };
}

/** Date and time inputs show their own placeholder, so their label always sits above. */
const shrunk = { inputLabel: { shrink: true } } as const;

type CouponCreateDialogProps = { open: boolean; onClose: () => void };

/**
 * 'Create new coupon' (SPEC §5 Coupon): every field required but new users
 * only, stores and customers; the code starts as 8 generated characters.
 * Checked with the server's own rules; the server's refusals land on their fields.
 */
export function CouponCreateDialog({ open, onClose }: CouponCreateDialogProps) {
  const t = useT();
  const phone = useCompact();
  const titleId = useId();
  const timeZone = useTimeZone();
  const notify = useSnackbar();
  const create = useCreateCoupon();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [defaults] = useState(() => emptyCoupon(businessDay(new Date(), timeZone)));
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CouponFormValues, unknown, CouponFormOutput>({
    resolver: zodResolver(couponFormSchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const freeDelivery = useWatch({ control, name: 'type' }) === 'FREE_DELIVERY';

  const changeType = (type: CouponType) => {
    // Free delivery waives the delivery charges: no percent and no maximum apply.
    const amount = type === 'FREE_DELIVERY' ? '0' : '';
    setValue('discountPercent', amount, { shouldValidate: false });
    setValue('maxDiscount', amount, { shouldValidate: false });
  };

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const coupon = await create.mutateAsync(couponInputOf(values));
      notify(t('coupons.created', { code: coupon.code }));
      onClose();
    } catch (caught) {
      const error = asApiError(caught);
      const fields = fieldMessages(setError, couponFormFieldOf);
      const message = applySaveRefusal(error, {
        current: couponSchema,
        showCurrent: () => undefined,
        fields,
      });
      setRefusal(message);
    }
  });

  const busy = isSubmitting;
  const text = (name: keyof CouponFormValues, helper?: string) => ({
    fullWidth: true,
    required: true,
    error: Boolean(errors[name]),
    helperText: (errors[name]?.message as string | undefined) ?? helper,
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('coupons.createNew')}</DialogTitle>
        <DialogContent dividers>
          {refusal ? (
            <Alert severity="error" onClose={() => setRefusal(null)} sx={{ mb: 2 }}>
              {refusal}
            </Alert>
          ) : null}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('coupons.code')}
                autoFocus
                {...text(
                  'code',
                  t('coupons.codeHelp', {
                    min: String(couponLimits.codeMin),
                    max: String(couponLimits.codeMax),
                  }),
                )}
                slotProps={{
                  htmlInput: {
                    maxLength: couponLimits.codeMax,
                    autoCapitalize: 'characters',
                    spellCheck: false,
                  },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <Tooltip title={t('coupons.generateCode')}>
                          <IconButton
                            aria-label={t('coupons.generateCode')}
                            edge="end"
                            onClick={() =>
                              setValue('code', generateCouponCode(), {
                                shouldValidate: true,
                                shouldDirty: true,
                              })
                            }
                          >
                            <AutorenewOutlined />
                          </IconButton>
                        </Tooltip>
                      </InputAdornment>
                    ),
                  },
                }}
                {...register('code')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('common.name')} {...text('name')} {...register('name')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="validFrom"
                render={({ field }) => (
                  <DayField
                    label={t('coupons.validFrom')}
                    size="medium"
                    required
                    value={field.value || undefined}
                    onChange={(day) => field.onChange(day ?? '')}
                    error={text('validFrom').error}
                    helperText={text('validFrom').helperText}
                    sx={{ width: '100%' }}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="expiresAt"
                render={({ field }) => (
                  <DayField
                    label={t('coupons.expiresAt')}
                    size="medium"
                    required
                    value={field.value || undefined}
                    onChange={(day) => field.onChange(day ?? '')}
                    error={text('expiresAt').error}
                    helperText={text('expiresAt', t('coupons.expiresHelp')).helperText}
                    sx={{ width: '100%' }}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="type"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('coupons.type')}
                    {...text('type')}
                    name={field.name}
                    value={field.value}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      field.onChange(event.target.value);
                      changeType(event.target.value as CouponType);
                    }}
                  >
                    {couponTypes.map((type) => (
                      <MenuItem key={type} value={type}>
                        {t(couponTypeText[type])}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('coupons.discountPercent')}
                {...text(
                  'discountPercent',
                  freeDelivery ? t('coupons.notForFreeDelivery') : t('coupons.percentHelp'),
                )}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', readOnly: freeDelivery },
                  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                }}
                {...register('discountPercent')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('coupons.maxDiscount')}
                {...text(
                  'maxDiscount',
                  freeDelivery ? t('coupons.notForFreeDelivery') : t('coupons.maxDiscountHelp'),
                )}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', readOnly: freeDelivery },
                  input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                }}
                {...register('maxDiscount')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('coupons.minOrderValue')}
                {...text('minOrderValue', t('coupons.minOrderValueHelp'))}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                }}
                {...register('minOrderValue')}
              />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <TextField
                label={t('coupons.startTime')}
                type="time"
                slotProps={shrunk}
                {...text('availStartTime', t('coupons.startTimeHelp'))}
                {...register('availStartTime')}
              />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <TextField
                label={t('coupons.endTime')}
                type="time"
                slotProps={shrunk}
                {...text('availEndTime', t('coupons.endTimeHelp'))}
                {...register('availEndTime')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('coupons.usageLimit')}
                {...text('usageLimit', t('coupons.usageLimitHelp'))}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                {...register('usageLimit')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="newUsersOnly"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        name={field.name}
                        checked={field.value}
                        onBlur={field.onBlur}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                    label={t('coupons.newUsersOnly')}
                  />
                )}
              />
              <FormHelperText error={Boolean(errors.newUsersOnly)}>
                {errors.newUsersOnly?.message ?? t('coupons.newUsersOnlyHelp')}
              </FormHelperText>
            </Grid>
            <Grid size={12}>
              <Controller
                control={control}
                name="stores"
                render={({ field }) => (
                  <ChoicesField
                    label={t('coupons.stores')}
                    noneFound={t('coupons.storesNone')}
                    loadFailed={(message) => t('coupons.storesFailed', { message })}
                    helperText={t('coupons.storesHelp')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    useSearch={useCouponStoreChoices}
                    error={errors.stores?.message}
                  />
                )}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                control={control}
                name="customers"
                render={({ field }) => (
                  <ChoicesField
                    label={t('coupons.customers')}
                    noneFound={t('coupons.customersNone')}
                    loadFailed={(message) => t('coupons.customersFailed', { message })}
                    helperText={t('coupons.customersHelp')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    useSearch={useCouponCustomerChoices}
                    error={errors.customers?.message}
                  />
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} loading={busy} loadingPosition="start">
            {busy ? t('coupons.creating') : t('coupons.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
