import { LocalTextField } from '@/components/local-text-field.tsx';
import { NumberSelectField } from '@/components/number-select-field.tsx';
import { StaleSaveAlert } from '@/components/stale-save-alert.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { itemSchema } from '@storedesk/shared/catalogue/schemas';
import type { Item, ItemInput } from '@storedesk/shared/catalogue/schemas';
import type { Variant } from '@storedesk/shared/catalogue/variants';
import { gstRates } from '@storedesk/shared/orders/invoice';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ImagePicker } from '@/components/image-picker.tsx';
import type { MessageId } from '@/i18n/index.ts';
import type { ApiError } from '@/lib/api-client.ts';
import { AdjustStockDialog, type StockTarget } from './adjust-stock-dialog.tsx';
import { CategoryAutocomplete } from './category-autocomplete.tsx';
import {
  emptyItemFormValues,
  itemFormSchema,
  itemServerFields,
  toItemFormValues,
  toItemInput,
  type ItemFormOutput,
  type ItemFormValues,
} from './item-form-values.ts';
import { TagsField } from './tags-field.tsx';
import { VariantsEditor } from './variants-editor.tsx';
import { SaveButton } from '@/components/save-button.tsx';
import { changedFields, useEditBase, useStaleSaveMessage } from '@/lib/edit-base.ts';
import { featuredText } from '@/i18n/codes.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';

const featuredChoices = [0, 1, 2, 3];
export type ItemSaveResult = { ok: true } | { ok: false; error: ApiError };

/** What the stale-save alert names when a colleague's save changed it (D9). */
const changeLabels: Partial<Record<keyof Item, MessageId>> = {
  name: 'common.name',
  nameHi: 'catalogue.nameHi',
  nameKn: 'catalogue.nameKn',
  categoryId: 'item.category',
  featured: 'item.featured',
  gstRate: 'item.gstRate',
  hsn: 'item.hsn',
  tags: 'item.tags',
  aliases: 'item.aliases',
  veg: 'item.veg',
  inStock: 'item.inStock',
  imageUrl: 'item.image',
};

/** The fields of an item's one variant, by the names the form gives them. */
const variantChangeLabels: Partial<Record<keyof Variant, MessageId>> = {
  label: 'variant.name',
  pricePaise: 'item.price',
  mrpPaise: 'variant.mrp',
  sku: 'variant.sku',
  barcode: 'variant.barcode',
  lowStockAt: 'stock.lowAt',
  stepGrams: 'variant.step',
  maxGrams: 'variant.mostPerOrder',
};

/**
 * What a colleague's save changed. Stock is left out: it moves with orders and adjustments, which
 * never make a save stale. An item of one variant names its fields; one of several, "Variants".
 */
function itemChanges(before: Item, after: Item): MessageId[] {
  const changed = changedFields(before, after, changeLabels) as MessageId[];
  const [one, ...others] = before.variants;
  const [oneAfter, ...othersAfter] = after.variants;
  if (one && oneAfter && others.length === 0 && othersAfter.length === 0 && one.id === oneAfter.id) {
    return [...changed, ...(changedFields(one, oneAfter, variantChangeLabels) as MessageId[])];
  }
  const withoutStock = (item: Item) => item.variants.map(({ stock: _stock, ...variant }) => variant);
  if (JSON.stringify(withoutStock(before)) !== JSON.stringify(withoutStock(after)))
    changed.push('variant.variants');
  return changed;
}

/** What the form shows of an item, with a counted variant's stock left out: it is shown apart. */
const formKeyOf = (values: ItemFormValues) =>
  JSON.stringify({
    ...values,
    variants: values.variants.map((row) => (row.counted ? { ...row, stock: '' } : row)),
  });

/**
 * The item as the form shows it, changing only when what the form holds changes: a sale or a stock
 * adjustment (the counted stock is shown from the item itself) does not build the form again,
 * which would take the focus from where it is.
 */
function useLiveFormValues(item: Item | undefined): ItemFormValues | undefined {
  const values = item ? toItemFormValues(item) : undefined;
  const key = values ? formKeyOf(values) : null;
  const [shown, setShown] = useState({ key, values });
  // Adjusting state while rendering: the values follow the item when the form's part of it changed.
  if (shown.key !== key) setShown({ key, values });
  return shown.key === key ? shown.values : values;
}

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

/**
 * SPEC §5 item form: name, category, featured and price required; tags, Pure Veg, In stock, image;
 * and its variants with their prices, codes and stock, and the other names customers search by (B17).
 */
export function ItemForm({ storeId, item, submitLabel, onSave, onCancel }: ItemFormProps) {
  const t = useT();
  const staleSaveMessage = useStaleSaveMessage();
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  // A picture being shrunk is not yet the form's: saving waits for it (the Save button says so).
  const [shrinking, setShrinking] = useState(false);
  const [dialogMessage, setDialogMessage] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const live = useLiveFormValues(item);
  const form = useForm<ItemFormValues, unknown, ItemFormOutput>({
    resolver: zodResolver(itemFormSchema),
    mode: 'onTouched',
    defaultValues: live ?? emptyItemFormValues,
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;
  // The variant whose stock is being adjusted; the dialog shows its stock as it is now.
  const [adjusting, setAdjusting] = useState<StockTarget | null>(null);
  const adjustingStock = item?.variants.find((variant) => variant.id === adjusting?.variantId)?.stock;
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
        setStale(
          staleSaveMessage(
            t('item.nounOne'),
            itemChanges(savedFrom, current.data).map((id) => t(id)),
          ),
        );
        return;
      }
      setDialogMessage(
        applySaveRefusal(result.error, {
          current: itemSchema,
          showCurrent: (shown) => reset(toItemFormValues(shown)),
          // The server's field names, and the form fields that show them.
          fields: fieldMessages(
            setError,
            itemServerFields(values.variants.length) as Record<string, FieldPath<ItemFormValues>>,
          ),
        }),
      );
    } finally {
      setSaving(false);
    }
  });

  const tagsError = errors.tags?.message ?? errors.tags?.find?.((tag) => tag?.message)?.message;
  const aliasesError = errors.aliases?.message ?? errors.aliases?.find?.((alias) => alias?.message)?.message;

  return (
    <Card variant="outlined">
      <CardContent>
        <Grid component="form" container spacing={2} noValidate onSubmit={onSubmit}>
          {stale ? (
            <Grid size={12}>
              <StaleSaveAlert message={stale} onClose={() => setStale(null)} />
            </Grid>
          ) : null}
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              label={t('common.name')}
              fullWidth
              required
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
              {...register('name')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <LocalTextField
              language="hi"
              label={t('common.name')}
              error={errors.nameHi?.message}
              registration={register('nameHi')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <LocalTextField
              language="kn"
              label={t('common.name')}
              error={errors.nameKn?.message}
              registration={register('nameKn')}
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
              label={t('item.featured')}
              choices={featuredChoices}
              labelOf={(choice) => t(featuredText[choice]!)}
              error={errors.featured?.message}
              helperText={t('item.featuredHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <NumberSelectField
              control={control}
              name="gstRate"
              label={t('item.gstRate')}
              choices={gstRates}
              labelOf={(rate) => (rate === 0 ? t('item.gstExempt') : `${rate}%`)}
              error={errors.gstRate?.message}
              helperText={t('item.gstHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={t('item.hsn')}
              fullWidth
              error={Boolean(errors.hsn)}
              helperText={errors.hsn?.message ?? t('item.hsnHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 8 } }}
              {...register('hsn')}
            />
          </Grid>
          <Grid size={12}>
            <VariantsEditor form={form} item={item} disabled={saving} onAdjustStock={setAdjusting} />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="aliases"
              render={({ field }) => (
                <TagsField
                  label={t('item.aliases')}
                  hint={t('item.aliasesHint')}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={aliasesError}
                />
              )}
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <TagsField
                  label={t('item.tags')}
                  hint={t('item.tagsHint')}
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
                    label={t('item.veg')}
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
                    label={t('item.inStock')}
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
              {t('item.image')}
            </Typography>
            <ImagePicker
              label={t('item.imageLabel')}
              imageUrl={item?.imageUrl ?? null}
              file={image}
              onChange={setImage}
              onShrinkingChange={setShrinking}
              disabled={saving}
            />
          </Grid>
          <Grid size={12}>
            <SaveButton
              waiting={shrinking ? t('item.waitingForImage') : null}
              saving={saving}
              label={submitLabel}
              onCancel={onCancel}
            />
          </Grid>
        </Grid>
      </CardContent>
      <ErrorDialog message={dialogMessage} onClose={() => setDialogMessage(null)} />
      {adjusting ? (
        <AdjustStockDialog
          target={{ ...adjusting, stock: adjustingStock ?? adjusting.stock }}
          onClose={() => setAdjusting(null)}
        />
      ) : null}
    </Card>
  );
}
