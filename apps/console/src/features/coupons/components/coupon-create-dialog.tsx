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
  couponTypeLabels,
  couponTypes,
  defaultCouponWindow,
  generateCouponCode,
} from '@storedesk/shared/coupons/schemas';
import type { CouponFormOutput, CouponFormValues, CouponType } from '@storedesk/shared/coupons/schemas';
import { businessDay } from '@storedesk/shared/dates';
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
      notify(`Coupon ${coupon.code} created`);
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
        <DialogTitle id={titleId}>Create new coupon</DialogTitle>
        <DialogContent dividers>
          {refusal ? (
            <Alert severity="error" onClose={() => setRefusal(null)} sx={{ mb: 2 }}>
              {refusal}
            </Alert>
          ) : null}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Code"
                autoFocus
                {...text('code', `${couponLimits.codeMin} to ${couponLimits.codeMax} letters and digits.`)}
                slotProps={{
                  htmlInput: {
                    maxLength: couponLimits.codeMax,
                    autoCapitalize: 'characters',
                    spellCheck: false,
                  },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <Tooltip title="Generate another code">
                          <IconButton
                            aria-label="Generate another code"
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
              <TextField label="Name" {...text('name')} {...register('name')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="validFrom"
                render={({ field }) => (
                  <DayField
                    label="Valid from"
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
                    label="Expires at"
                    size="medium"
                    required
                    value={field.value || undefined}
                    onChange={(day) => field.onChange(day ?? '')}
                    error={text('expiresAt').error}
                    helperText={text('expiresAt', 'The last day it can be used.').helperText}
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
                    label="Type"
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
                        {couponTypeLabels[type]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Discount percent"
                {...text('discountPercent', freeDelivery ? 'Not used for free delivery.' : '1 to 100.')}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', readOnly: freeDelivery },
                  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                }}
                {...register('discountPercent')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Max discount"
                {...text(
                  'maxDiscount',
                  freeDelivery ? 'Not used for free delivery.' : 'In rupees: the most one order can save.',
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
                label="Min order value"
                {...text('minOrderValue', 'In rupees, before delivery charges.')}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                }}
                {...register('minOrderValue')}
              />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <TextField
                label="Start time"
                type="time"
                slotProps={shrunk}
                {...text('availStartTime', 'Each day, from.')}
                {...register('availStartTime')}
              />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <TextField
                label="End time"
                type="time"
                slotProps={shrunk}
                {...text('availEndTime', 'Each day, until.')}
                {...register('availEndTime')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Usage limit"
                {...text('usageLimit', 'How many orders can use it in all.')}
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
                    label="New users only"
                  />
                )}
              />
              <FormHelperText error={Boolean(errors.newUsersOnly)}>
                {errors.newUsersOnly?.message ?? 'Only for a customer’s first order.'}
              </FormHelperText>
            </Grid>
            <Grid size={12}>
              <Controller
                control={control}
                name="stores"
                render={({ field }) => (
                  <ChoicesField
                    label="Stores"
                    noun="stores"
                    helperText="Optional. Leave empty for every store."
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
                    label="Customers"
                    noun="customers"
                    helperText="Optional. Search by name or phone; leave empty for every customer."
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
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} loading={busy} loadingPosition="start">
            {busy ? 'Creating…' : 'Create coupon'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
