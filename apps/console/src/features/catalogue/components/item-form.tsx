import { NumberSelectField } from '@/components/number-select-field.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { itemFeaturedLabels, itemInputSchema, itemSchema } from '@storedesk/shared/catalogue/schemas';
import type { Item, ItemInput } from '@storedesk/shared/catalogue/schemas';
import { messages } from '@storedesk/shared/messages';
import { rupeesDecimal } from '@storedesk/shared/money';
import { rupeesTextSchema } from '@storedesk/shared/money-schemas';
import { gstRates, hsnSchema, type GstRate } from '@storedesk/shared/orders/invoice';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ImagePicker } from '@/components/image-picker.tsx';
import type { ApiError } from '@/lib/api-client.ts';
import type { CategoryChoice } from './category-autocomplete.tsx';
import { CategoryAutocomplete } from './category-autocomplete.tsx';
import { TagsField } from './tags-field.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { changedFields, staleSaveMessage, useEditBase } from '@/lib/edit-base.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';

/**
 * The shared item schema, with what the form holds instead of two fields: the
 * chosen category (its id is sent) and the price as typed in rupees (sent as
 * paise, D11).
 */
const itemFormSchema = itemInputSchema.omit({ categoryId: true, pricePaise: true }).extend({
  category: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .refine((category) => category !== null, messages.isRequired),
  price: rupeesTextSchema,
  // The HSN code as typed: empty is none.
  hsn: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(hsnSchema.nullable()),
});

type ItemFormValues = z.input<typeof itemFormSchema>;
type ItemFormOutput = z.output<typeof itemFormSchema>;

const featuredChoices = [0, 1, 2, 3];
const gstRateLabel = (rate: number) => (rate === 0 ? '0% (exempt or nil)' : `${rate}%`);

function toItemFormValues(item: Item): ItemFormValues {
  return {
    name: item.name,
    category: item.categoryId && item.categoryName ? { id: item.categoryId, name: item.categoryName } : null,
    featured: item.featured,
    price: rupeesDecimal(item.pricePaise),
    gstRate: item.gstRate as GstRate,
    hsn: item.hsn ?? '',
    tags: item.tags,
    veg: item.veg,
    inStock: item.inStock,
  };
}

const emptyItemFormValues: ItemFormValues = {
  name: '',
  category: null,
  featured: 0,
  price: '',
  gstRate: 0,
  hsn: '',
  tags: [],
  veg: false,
  inStock: true,
};

function toItemInput({ category, price, ...rest }: ItemFormOutput): ItemInput {
  return { ...rest, categoryId: (category as CategoryChoice).id, pricePaise: price };
}

export type ItemSaveResult = { ok: true } | { ok: false; error: ApiError };

/** What the stale-save alert names when a colleague's save changed it (D9). */
const changeLabels: Partial<Record<keyof Item, string>> = {
  name: 'Name',
  categoryId: 'Category',
  featured: 'Featured',
  pricePaise: 'Price',
  gstRate: 'GST rate',
  hsn: 'HSN code',
  tags: 'Tags',
  veg: 'Pure Veg',
  inStock: 'In stock',
  imageUrl: 'Image',
};

type ItemFormProps = {
  /** Leaves the form without saving (back where the person came from). */
  onCancel: () => void;
  storeId: string;
  /** Edit: the item as it is now. The form follows it until the first edit (D9). */
  item?: Item;
  submitLabel: string;
  /** `base` is the item the edits started from: save with its version. */
  onSave: (input: ItemInput, image: File | null, base: Item | undefined) => Promise<ItemSaveResult>;
};

/** SPEC §5 item form: name, category, featured and price required; tags, Pure Veg, In stock, image. */
export function ItemForm({ storeId, item, submitLabel, onSave, onCancel }: ItemFormProps) {
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  // A picture being shrunk is not yet the form's: saving waits for it (the Save button says so).
  const [shrinking, setShrinking] = useState(false);
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const live = useMemo(() => (item ? toItemFormValues(item) : undefined), [item]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ItemFormValues, unknown, ItemFormOutput>({
    resolver: zodResolver(itemFormSchema),
    mode: 'onTouched',
    defaultValues: live ?? emptyItemFormValues,
  });
  const base = useEditBase(item, isDirty);

  // Untouched, the form shows a colleague's save as it arrives.
  useEffect(() => {
    if (live && !isDirty) reset(live);
  }, [live, isDirty, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setStale(null);
    const savedFrom = base;
    try {
      const result = await onSave(toItemInput(values), image, savedFrom);
      if (result.ok) return;
      const current = itemSchema.safeParse(result.error.current);
      if (savedFrom && result.error.status === 409 && current.success) {
        reset(toItemFormValues(current.data));
        setStale(staleSaveMessage('item', changedFields(savedFrom, current.data, changeLabels)));
        return;
      }
      setDialogMessage(
        applySaveRefusal(result.error, {
          current: itemSchema,
          showCurrent: (shown) => reset(toItemFormValues(shown)),
          // The server's field names, and the form fields that show them.
          fields: fieldMessages(setError, {
            name: 'name',
            categoryId: 'category',
            featured: 'featured',
            pricePaise: 'price',
            gstRate: 'gstRate',
            hsn: 'hsn',
            tags: 'tags',
          }),
        }),
      );
    } finally {
      setSaving(false);
    }
  });

  const tagsError = errors.tags?.message ?? errors.tags?.find?.((tag) => tag?.message)?.message;

  return (
    <Card variant="outlined">
      <CardContent>
        <Grid component="form" container spacing={2} noValidate onSubmit={onSubmit}>
          {stale ? (
            <Grid size={12}>
              <StaleSaveAlert message={stale} onClose={() => setStale(null)} />
            </Grid>
          ) : null}
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Name"
              fullWidth
              required
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
              {...register('name')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={control}
              name="category"
              render={({ field }) => (
                <CategoryAutocomplete
                  storeId={storeId}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={errors.category?.message}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <NumberSelectField
              control={control}
              name="featured"
              label="Featured"
              choices={featuredChoices}
              labelOf={(choice) => itemFeaturedLabels[choice]!}
              error={errors.featured?.message}
              helperText="The badge customers see on the item."
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Price"
              fullWidth
              required
              placeholder="0.00"
              error={Boolean(errors.price)}
              helperText={errors.price?.message ?? 'In rupees, up to two decimals.'}
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
              }}
              {...register('price')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <NumberSelectField
              control={control}
              name="gstRate"
              label="GST rate"
              choices={gstRates}
              labelOf={gstRateLabel}
              error={errors.gstRate?.message}
              helperText="Included in the price; shown on tax invoices."
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="HSN code"
              fullWidth
              error={Boolean(errors.hsn)}
              helperText={errors.hsn?.message ?? 'Optional: 4, 6 or 8 digits, printed on tax invoices.'}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 8 } }}
              {...register('hsn')}
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <TagsField
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={tagsError}
                />
              )}
            />
          </Grid>
          <Grid size={12}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 3 }}>
              <Controller
                control={control}
                name="veg"
                render={({ field }) => (
                  <FormControlLabel
                    label="Pure Veg"
                    control={
                      <Switch
                        name={field.name}
                        checked={Boolean(field.value)}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                  />
                )}
              />
              <Controller
                control={control}
                name="inStock"
                render={({ field }) => (
                  <FormControlLabel
                    label="In stock"
                    control={
                      <Switch
                        name={field.name}
                        checked={Boolean(field.value)}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                  />
                )}
              />
            </Stack>
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Image
            </Typography>
            <ImagePicker
              label="Item image"
              imageUrl={item?.imageUrl ?? null}
              file={image}
              onChange={setImage}
              onShrinkingChange={setShrinking}
              disabled={saving}
            />
          </Grid>
          <Grid size={12}>
            <SaveButton
              waiting={shrinking ? 'Waiting for the image…' : null}
              saving={saving}
              label={submitLabel}
              onCancel={onCancel}
            />
          </Grid>
        </Grid>
      </CardContent>
      <ErrorDialog message={dialogMessage} onClose={() => setDialogMessage(null)} />
    </Card>
  );
}
