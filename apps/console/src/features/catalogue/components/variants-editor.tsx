import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Item } from '@storedesk/shared/catalogue/schemas';
import {
  countedAgain,
  isLowStock,
  lineName,
  lowStockMark,
  variantLimits,
  weightText,
} from '@storedesk/shared/catalogue/variants';
import type { Variant } from '@storedesk/shared/catalogue/variants';
import { rupeesTextSchema } from '@storedesk/shared/money-schemas';
import { FormattedMessage, useT } from '@storedesk/web/i18n';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { stockShown } from '@/features/catalogue/stock-shown.ts';
import { useVariantWords } from '@/features/catalogue/variant-words.ts';
import type { StockTarget } from './adjust-stock-dialog.tsx';
import {
  countShown,
  emptyVariantRow,
  type ItemFormOutput,
  type ItemFormValues,
  type VariantRow,
} from './item-form-values.ts';

type VariantsEditorProps = {
  form: UseFormReturn<ItemFormValues, unknown, ItemFormOutput>;
  /** Edit: the item as it is now, whose counted variants show their stock as it is now. */
  item?: Item;
  disabled: boolean;
  onAdjustStock: (target: StockTarget) => void;
};

type Direction = 'up' | 'down';

/** A step or most per order as typed, when it is a weight the shared rules take. */
function gramsTyped(text: string | undefined): number | null {
  const grams = Number(text?.trim() || Number.NaN);
  return Number.isInteger(grams) && grams >= 1 && grams <= variantLimits.maxGrams ? grams : null;
}

/** A step as typed when the variant is sold loose, else null. */
const stepTyped = (row: VariantRow | undefined) => (row?.loose ? gramsTyped(row.stepGrams) : null);

type VariantWords = ReturnType<typeof useVariantWords>;

/** "Save ₹12 (10%)" (per kg when loose) for what is typed so far, when both amounts are amounts. */
function savingShown(row: VariantRow | undefined, words: VariantWords): string | null {
  const price = rupeesTextSchema.safeParse(row?.price ?? '');
  const mrp = rupeesTextSchema.safeParse(row?.mrp ?? '');
  if (!price.success || !mrp.success) return null;
  // Per kg while the switch is on, whatever step is typed yet: only whether there is one counts.
  const stepGrams = row?.loose ? 1 : null;
  return words.saving({ pricePaise: price.data, mrpPaise: mrp.data, stepGrams });
}

/** "250 g for ₹9.00": what a step costs at the price typed, once both are typed and it is exact. */
function stepPriceShown(row: VariantRow | undefined, words: VariantWords): string | null {
  const price = rupeesTextSchema.safeParse(row?.price ?? '');
  const step = stepTyped(row);
  return price.success && step !== null ? words.stepPrice(price.data, step) : null;
}

/**
 * B17: an item's variants, edited in place, in the order the customer app lists them. One
 * variant reads as the item's price and stock (its name optional); several each get a box with
 * their number, Move up, Move down and Remove. A variant already counted shows its stock, which
 * changes by Adjust stock (at once, apart from the form's save), never by typing over it. A variant
 * sold loose, by weight, is priced per kg and has a step and a most per order in grams; its stock
 * is then in grams.
 */
export function VariantsEditor({ form, item, disabled, onAdjustStock }: VariantsEditorProps) {
  const t = useT();
  const variantWords = useVariantWords();
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const rows = useWatch({ control, name: 'variants' });
  const baseId = useId();
  const single = fields.length === 1;

  // After a move the focus stays on the moved variant's button (or its other one, at an end);
  // after a removal it goes to Add variant.
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<{ key: string; direction: Direction } | 'add' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    if (next === 'add') {
      addButton.current?.focus();
      return;
    }
    const other: Direction = next.direction === 'up' ? 'down' : 'up';
    const wanted = moveButtons.current.get(`${next.key}:${next.direction}`);
    (wanted && !wanted.disabled ? wanted : moveButtons.current.get(`${next.key}:${other}`))?.focus();
  });

  const moveRow = (index: number, direction: Direction) => {
    focusNext.current = { key: fields[index]!.key, direction };
    move(index, direction === 'up' ? index - 1 : index + 1);
  };
  const moveButtonRef = (key: string, direction: Direction) => (button: HTMLButtonElement | null) => {
    if (button) moveButtons.current.set(`${key}:${direction}`, button);
    else moveButtons.current.delete(`${key}:${direction}`);
  };

  const listError = errors.variants?.message ?? errors.variants?.root?.message;

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {single ? t('variant.priceAndStock') : t('variant.variants')}
      </Typography>
      {fields.map((field, index) => {
        const row = rows?.[index];
        const live = row?.id ? item?.variants.find((variant) => variant.id === row.id) : undefined;
        const rowErrors = errors.variants?.[index];
        const name = (key: keyof VariantRow) => `variants.${index}.${key}` as const;
        const headingId = `${baseId}-${field.key}`;
        const saving = savingShown(row, variantWords);
        const loose = Boolean(row?.loose);

        const label = (
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              label={t('variant.name')}
              fullWidth
              required={!single}
              disabled={disabled}
              error={Boolean(rowErrors?.label)}
              helperText={
                rowErrors?.label?.message ?? (single ? t('variant.nameHintSingle') : t('variant.nameHint'))
              }
              slotProps={{ htmlInput: { autoComplete: 'off', maxLength: variantLimits.labelMax } }}
              {...register(name('label'))}
            />
          </Grid>
        );
        const fieldsOfRow = (
          <Grid container spacing={2}>
            {single ? null : label}
            <Grid size={{ xs: 12, md: single ? 12 : 8 }}>
              <LooseFields form={form} index={index} loose={loose} live={live} disabled={disabled} />
            </Grid>
            <Grid size={{ xs: 6, md: 4 }}>
              <TextField
                label={loose ? t('variant.pricePerKg') : t('item.price')}
                fullWidth
                required
                placeholder="0.00"
                disabled={disabled}
                error={Boolean(rowErrors?.price)}
                helperText={rowErrors?.price?.message ?? t('variant.priceHint')}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                  input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                }}
                {...register(name('price'))}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 4 }}>
              <TextField
                label={loose ? t('variant.mrpPerKg') : t('variant.mrp')}
                fullWidth
                placeholder="0.00"
                disabled={disabled}
                error={Boolean(rowErrors?.mrp)}
                helperText={rowErrors?.mrp?.message ?? saving ?? t('variant.mrpHint')}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                  input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                }}
                {...register(name('mrp'))}
              />
            </Grid>
            {single ? label : null}
            <Grid size={{ xs: 6, md: 4 }}>
              <TextField
                label={t('variant.sku')}
                fullWidth
                disabled={disabled}
                error={Boolean(rowErrors?.sku)}
                helperText={rowErrors?.sku?.message ?? t('variant.optional')}
                slotProps={{ htmlInput: { autoComplete: 'off', maxLength: variantLimits.codeMax } }}
                {...register(name('sku'))}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 4 }}>
              <TextField
                label={t('variant.barcode')}
                fullWidth
                disabled={disabled}
                error={Boolean(rowErrors?.barcode)}
                helperText={rowErrors?.barcode?.message ?? t('variant.optional')}
                slotProps={{ htmlInput: { autoComplete: 'off', maxLength: variantLimits.codeMax } }}
                {...register(name('barcode'))}
              />
            </Grid>
            <Grid size={12}>
              <StockFields
                form={form}
                index={index}
                counted={Boolean(row?.counted)}
                stepGrams={stepTyped(row)}
                loose={loose}
                live={live}
                disabled={disabled}
                onAdjust={
                  item && live && live.stock !== null
                    ? () =>
                        onAdjustStock({
                          storeId: item.storeId,
                          itemId: item.id,
                          variantId: live.id,
                          name: lineName(item.name, live.label),
                          stock: live.stock ?? 0,
                          stepGrams: live.stepGrams,
                        })
                    : undefined
                }
              />
            </Grid>
          </Grid>
        );

        if (single) return <Box key={field.key}>{fieldsOfRow}</Box>;
        return (
          <Paper key={field.key} variant="outlined" role="group" aria-labelledby={headingId} sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
              <Typography id={headingId} variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
                {t('variant.numbered', { number: String(index + 1) })}
              </Typography>
              <Tooltip title={t('common.moveUp')}>
                <span>
                  <IconButton
                    ref={moveButtonRef(field.key, 'up')}
                    aria-label={t('variant.moveUp', { number: String(index + 1) })}
                    disabled={disabled || index === 0}
                    onClick={() => moveRow(index, 'up')}
                  >
                    <ArrowUpwardOutlined />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('common.moveDown')}>
                <span>
                  <IconButton
                    ref={moveButtonRef(field.key, 'down')}
                    aria-label={t('variant.moveDown', { number: String(index + 1) })}
                    disabled={disabled || index === fields.length - 1}
                    onClick={() => moveRow(index, 'down')}
                  >
                    <ArrowDownwardOutlined />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('common.remove')}>
                <IconButton
                  aria-label={t('variant.remove', { number: String(index + 1) })}
                  disabled={disabled}
                  onClick={() => {
                    focusNext.current = 'add';
                    remove(index);
                  }}
                >
                  <DeleteOutlined />
                </IconButton>
              </Tooltip>
            </Stack>
            {fieldsOfRow}
          </Paper>
        );
      })}
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Box>
        <Button
          ref={addButton}
          startIcon={<AddOutlined />}
          disabled={disabled || fields.length >= variantLimits.maxVariants}
          onClick={() =>
            append(emptyVariantRow, { shouldFocus: true, focusName: `variants.${fields.length}.label` })
          }
        >
          {t('variant.add')}
        </Button>
        {single ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('variant.addHint')}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}

type LooseFieldsProps = {
  form: UseFormReturn<ItemFormValues, unknown, ItemFormOutput>;
  index: number;
  loose: boolean;
  /** The variant as the server has it now, when it exists. */
  live: Variant | undefined;
  disabled: boolean;
};

/**
 * Sold loose, by weight: the switch, and while it is on the step and the most one order may take,
 * in grams, the step's price beside it. Turning it off empties both. A variant counted in packs
 * (or grams) that changes unit is counted again: its stock and low-stock mark are emptied for
 * figures in the new unit, and come back as they were when the switch does.
 */
function LooseFields({ form, index, loose, live, disabled }: LooseFieldsProps) {
  const t = useT();
  const variantWords = useVariantWords();
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = form;
  const rowErrors = errors.variants?.[index];
  const row = useWatch({ control, name: `variants.${index}` });
  const stepPrice = stepPriceShown(row, variantWords);
  const most = gramsTyped(row?.maxGrams);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
      <Controller
        control={control}
        name={`variants.${index}.loose`}
        render={({ field }) => (
          <FormControlLabel
            label={t('variant.loose')}
            sx={{ minHeight: 56, flexShrink: 0 }}
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                disabled={disabled}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                  if (!event.target.checked) {
                    setValue(`variants.${index}.stepGrams`, '', { shouldDirty: true });
                    setValue(`variants.${index}.maxGrams`, '', { shouldDirty: true });
                  }
                  if (live && live.stock !== null) {
                    // Its mark, in the same unit as its count, goes and comes back with it.
                    const again = countedAgain(live, event.target.checked);
                    setValue(`variants.${index}.stock`, again ? '' : String(live.stock), {
                      shouldDirty: true,
                    });
                    setValue(`variants.${index}.lowStockAt`, again ? '' : countShown(live.lowStockAt), {
                      shouldDirty: true,
                    });
                  }
                }}
                onBlur={field.onBlur}
              />
            }
          />
        )}
      />
      {loose ? (
        <>
          <TextField
            label={t('variant.stepGrams')}
            required
            disabled={disabled}
            error={Boolean(rowErrors?.stepGrams)}
            helperText={rowErrors?.stepGrams?.message ?? stepPrice ?? t('variant.stepHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            sx={{ width: { xs: '100%', sm: 200 } }}
            {...register(`variants.${index}.stepGrams`)}
          />
          <TextField
            label={t('variant.mostGrams')}
            required
            disabled={disabled}
            error={Boolean(rowErrors?.maxGrams)}
            helperText={
              rowErrors?.maxGrams?.message ??
              (most === null ? t('variant.mostHint') : t('variant.mostUpTo', { weight: weightText(most) }))
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            sx={{ width: { xs: '100%', sm: 200 } }}
            {...register(`variants.${index}.maxGrams`)}
          />
        </>
      ) : null}
    </Stack>
  );
}

type StockFieldsProps = {
  form: UseFormReturn<ItemFormValues, unknown, ItemFormOutput>;
  index: number;
  counted: boolean;
  /** Sold loose (as the form has it now): stock and mark in grams; `stepGrams` its step once typed. */
  loose: boolean;
  stepGrams: number | null;
  /** The variant as the server has it now, when it exists. */
  live: Variant | undefined;
  disabled: boolean;
  /** Present for a variant the server counts already. */
  onAdjust: (() => void) | undefined;
};

/** Count stock, and the stock: typed to start counting, or shown with Adjust stock once counted. */
function StockFields({ form, index, counted, loose, stepGrams, live, disabled, onAdjust }: StockFieldsProps) {
  const t = useT();
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const rowErrors = errors.variants?.[index];
  // The mark when none is typed: the shared default, five units or five steps.
  const markShown = loose
    ? stepGrams === null
      ? null
      : lowStockMark({ stock: null, lowStockAt: null, stepGrams })
    : lowStockMark({ stock: null, lowStockAt: null });
  // A loose stock and mark as typed, read back as weights ("40 kg").
  const typed = useWatch({ control, name: [`variants.${index}.stock`, `variants.${index}.lowStockAt`] });
  const [stockTyped, markTyped] = typed.map((text) => {
    const grams = Number(text?.trim() || Number.NaN);
    return loose && Number.isInteger(grams) && grams >= 0 ? weightText(grams) : null;
  });
  let stock: ReactNode = null;
  // Counted in another unit than it is now (packs, grams): counted again, typed here.
  const newUnit = live !== undefined && countedAgain(live, loose);
  if (counted && live && live.stock !== null && onAdjust && !newUnit) {
    stock = (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 56 }}>
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
          <FormattedMessage
            id="stock.inStock"
            values={{
              stock: stockShown(live, live.stock),
              b: (words: ReactNode) => <strong>{words}</strong>,
            }}
          />
        </Typography>
        {live.stock === 0 ? (
          <Chip label={t('stock.out')} color="error" size="small" />
        ) : isLowStock(live) ? (
          <Chip label={t('stock.low')} color="warning" size="small" />
        ) : null}
        <Button variant="outlined" size="small" disabled={disabled} onClick={onAdjust}>
          {t('stock.adjust')}
        </Button>
      </Stack>
    );
  } else if (counted) {
    stock = (
      <TextField
        label={loose ? t('stock.grams') : t('stock.title')}
        required
        disabled={disabled}
        error={Boolean(rowErrors?.stock)}
        helperText={
          rowErrors?.stock?.message ??
          [
            newUnit ? t(loose ? 'stock.countAgainWeight' : 'stock.countAgainPacks') : null,
            loose
              ? stockTyped
                ? t('stock.howManyGramsTyped', { weight: stockTyped })
                : t('stock.howManyGrams')
              : t('stock.howMany'),
          ]
            .filter(Boolean)
            .join(' ')
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        sx={{ width: { xs: '100%', sm: 200 } }}
        {...register(`variants.${index}.stock`)}
      />
    );
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
      <Controller
        control={control}
        name={`variants.${index}.counted`}
        render={({ field }) => (
          <FormControlLabel
            label={t('stock.count')}
            sx={{ minHeight: 56, flexShrink: 0 }}
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                disabled={disabled}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
            }
          />
        )}
      />
      {stock}
      {counted ? (
        <TextField
          label={loose ? t('stock.lowAtGrams') : t('stock.lowAt')}
          disabled={disabled}
          placeholder={markShown === null ? undefined : String(markShown)}
          error={Boolean(rowErrors?.lowStockAt)}
          helperText={
            rowErrors?.lowStockAt?.message ??
            (markTyped
              ? t('stock.lowAtTyped', { weight: markTyped })
              : loose
                ? markShown === null
                  ? t('stock.lowAtGramsHint', { steps: String(variantLimits.defaultLowStockAt) })
                  : t('stock.lowAtGramsHintWeight', {
                      steps: String(variantLimits.defaultLowStockAt),
                      weight: weightText(markShown),
                    })
                : t('stock.lowAtHint', { count: String(variantLimits.defaultLowStockAt) }))
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
          {...register(`variants.${index}.lowStockAt`)}
        />
      ) : null}
    </Stack>
  );
}
