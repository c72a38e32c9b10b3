import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatRupees, parseRupees, rupeesDecimal } from '@storedesk/shared/money';
import { rupeesTextSchema } from '@storedesk/shared/money-schemas';
import type { StoreInput } from '@storedesk/shared/stores/schemas';
import type { DeliveryFeeBand, StoreDeliveryRule } from '@storedesk/shared/stores/delivery-rule';
import { deliveryRuleLimits } from '@storedesk/shared/stores/delivery-rule';
import { deliveryRuleMessages, deliveryRuleSchema } from '@storedesk/shared/stores/delivery-rule-schemas';
import { FormattedMessage, useT } from '@storedesk/web/i18n';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Control, FieldErrors, UseFormRegister, UseFormReturn } from 'react-hook-form';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths.ts';
import type { StoreFormValues } from './store-form.tsx';
import { useStoreWords } from './store-words.ts';
import type { Translate } from '@/i18n/index.ts';

/**
 * The bands' distances by the shared rule: each from 0 to 50 km, the first at 0, each further than
 * the one before. A distance not typed yet says so, and the others are put in order without it, so
 * that a band still empty does not hide a band out of order.
 */
function kmIssues(bands: readonly { fromKm: number }[]) {
  const typed = bands.flatMap(({ fromKm }, index) =>
    typeof fromKm === 'number' && !Number.isNaN(fromKm) ? [index] : [],
  );
  const checked = deliveryRuleSchema.safeParse({
    minimumOrderPaise: 0,
    feeBands: typed.map((index) => ({ fromKm: bands[index]!.fromKm, feePaise: 0 })),
    freeFromPaise: null,
  });
  const ordered = (checked.error?.issues ?? []).map(({ path, message }) => {
    const [field, at, ...rest] = path;
    return { path: typeof at === 'number' ? [field!, typed[at]!, ...rest] : path, message };
  });
  const empty = bands.flatMap((_, index) =>
    typed.includes(index) ? [] : [{ path: ['feeBands', index, 'fromKm'], message: deliveryRuleMessages.km }],
  );
  return [...ordered, ...empty];
}

/**
 * The rule as its fields hold it: amounts as typed in rupees ('' free delivery: never), kilometres
 * as numbers (empty or NaN: none typed). The kilometres are checked on their own, so that the bands' order
 * is told even while an amount is still to fix; then the whole rule is the shared schema's.
 */
export const deliveryRuleField = z
  .object({
    minimumOrderPaise: rupeesTextSchema,
    feeBands: z.array(z.object({ fromKm: z.custom<number>(), feePaise: rupeesTextSchema })),
    freeFromPaise: z
      .string()
      .trim()
      .transform((text) => (text === '' ? null : text))
      .pipe(rupeesTextSchema.nullable()),
  })
  .superRefine(
    (rows, ctx) => {
      for (const issue of kmIssues(rows.feeBands))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    },
    { when: () => true },
  )
  .pipe(deliveryRuleSchema);

type DeliveryRuleRows = z.input<typeof deliveryRuleField>;

/** The rule's fields for a store's rule, or for a store without one: one band from 0 km, the rest empty. */
export function toDeliveryRuleRows(rule: StoreDeliveryRule | null): DeliveryRuleRows {
  if (!rule) return { minimumOrderPaise: '', feeBands: [{ fromKm: 0, feePaise: '' }], freeFromPaise: '' };
  return {
    minimumOrderPaise: rupeesDecimal(rule.minimumOrderPaise),
    feeBands: rule.feeBands.map((band) => ({ fromKm: band.fromKm, feePaise: rupeesDecimal(band.feePaise) })),
    freeFromPaise: rule.freeFromPaise === null ? '' : rupeesDecimal(rule.freeFromPaise),
  };
}

/** The rule's fields in the order shown, for the server's messages on them (`deliveryRule.feeBands.1.fromKm`). */
export function deliveryRuleFieldNames(bands: number) {
  return [
    'deliveryRule',
    'deliveryRule.minimumOrderPaise',
    'deliveryRule.freeFromPaise',
    'deliveryRule.feeBands',
    ...Array.from({ length: bands }, (_, index) =>
      (['fromKm', 'feePaise'] as const).map((field) => `deliveryRule.feeBands.${index}.${field}` as const),
    ).flat(),
  ] as const;
}

/** The bands in words: "0–2 km ₹20.00, 2–5 km ₹40.00, over 5 km ₹60.00". */
function bandsInWords(
  bands: DeliveryFeeBand[],
  bandText: (bands: DeliveryFeeBand[], index: number) => string,
): string {
  return bands.map((band, index) => `${bandText(bands, index)} ${formatRupees(band.feePaise)}`).join(', ');
}

function freeFromHint(text: string | undefined, t: Translate): string {
  const paise = parseRupees(text ?? '');
  if (paise === null || paise < 0) return t('storeForm.freeFromEmpty');
  return t('storeForm.freeFromHint', { amount: formatRupees(paise) });
}

type DeliveryRuleFieldsProps = {
  control: Control<StoreFormValues, unknown, StoreInput>;
  register: UseFormRegister<StoreFormValues>;
  errors: FieldErrors<StoreFormValues>;
  clearErrors: UseFormReturn<StoreFormValues, unknown, StoreInput>['clearErrors'];
  trigger: UseFormReturn<StoreFormValues, unknown, StoreInput>['trigger'];
  setFocus: UseFormReturn<StoreFormValues, unknown, StoreInput>['setFocus'];
  /** Settings are the owner's: only the owner gets a link there. */
  owner: boolean;
};

/**
 * The store form's "Minimum order and delivery fee" (B19, ADR 0081): off, the store follows the
 * business's order settings; on, its own minimum order, delivery fee by distance bands from 0 km,
 * and an amount from which delivery is free. The fields stay mounted while off (hidden), so they
 * keep their place in the form's order and what was typed comes back with the switch.
 */
export function DeliveryRuleFields({
  control,
  register,
  errors,
  clearErrors,
  trigger,
  setFocus,
  owner,
}: DeliveryRuleFieldsProps) {
  const t = useT();
  const words = useStoreWords();
  const headingId = useId();
  const hintId = useId();
  const bandsHeadingId = useId();
  const bandsHintId = useId();
  const addId = useId();
  const [on, rule] = useWatch({ control, name: ['ruleOn', 'deliveryRule'] });
  const { fields, append, remove } = useFieldArray({ control, name: 'deliveryRule.feeBands' });
  const ruleErrors = errors.deliveryRule;
  const bandErrors = ruleErrors?.feeBands;
  const listMessage = bandErrors?.message ?? bandErrors?.root?.message;
  const full = fields.length >= deliveryRuleLimits.bands.max;
  const bands = rule?.feeBands ?? [];
  // The bands' distances for their words ("2–5 km"), once they are all in order.
  const kmsRead = kmIssues(bands).length === 0;
  const kmBands = bands.map(({ fromKm }) => ({ fromKm, feePaise: 0 }));
  const preview = deliveryRuleField.safeParse(rule);
  // After a band goes, the focus goes to the band now in its place, or to "Add a band" after the last.
  const removedAt = useRef<number | null>(null);

  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    if (index < fields.length) setFocus(`deliveryRule.feeBands.${index}.fromKm`);
    else document.getElementById(addId)?.focus();
  }, [fields, addId, setFocus]);

  // A band's start decides whether its neighbours are in order: the bands with a distance typed are
  // checked again (an empty one is left until it is reached).
  const checkKms = (kms: readonly { fromKm: number }[]) =>
    void trigger(
      kms.flatMap(({ fromKm }, index) =>
        index > 0 && Number.isFinite(fromKm) ? [`deliveryRule.feeBands.${index}.fromKm` as const] : [],
      ),
    );

  const amountField = (name: 'minimumOrderPaise' | 'freeFromPaise', label: string, hint: string) => (
    <TextField
      label={label}
      fullWidth
      required={name === 'minimumOrderPaise'}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      error={Boolean(ruleErrors?.[name])}
      helperText={ruleErrors?.[name]?.message ?? hint}
      {...register(`deliveryRule.${name}`)}
    />
  );

  // The owner's way to the business's order settings; an admin is only told where they are.
  const settingsLink = (chunks: ReactNode[]) => (
    <Link component={RouterLink} to={`${paths.settings.getHref()}?tab=order`}>
      {chunks}
    </Link>
  );

  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2">
        {t('storeForm.ruleTitle')}
      </Typography>
      <div>
        <Controller
          control={control}
          name="ruleOn"
          render={({ field }) => (
            <FormControlLabel
              label={t('storeForm.ruleSwitch')}
              control={
                <Switch
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => {
                    field.onChange(event.target.checked);
                    if (!event.target.checked) clearErrors('deliveryRule');
                  }}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': hintId } }}
                />
              }
            />
          )}
        />
        <FormHelperText id={hintId} error={Boolean(ruleErrors?.message)} sx={{ mt: 0 }}>
          {ruleErrors?.message ??
            (owner ? (
              <FormattedMessage
                id={on ? 'storeForm.ruleOnOwner' : 'storeForm.ruleOffOwner'}
                values={{ link: settingsLink }}
              />
            ) : (
              t(on ? 'storeForm.ruleOn' : 'storeForm.ruleOff')
            ))}
        </FormHelperText>
      </div>
      {/* Only hidden while off: what was typed comes back with the switch. */}
      <Stack spacing={2} sx={on ? undefined : { display: 'none' }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            {amountField('minimumOrderPaise', t('storeForm.minimumLabel'), t('storeForm.minimumHint'))}
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            {amountField('freeFromPaise', t('storeForm.freeFromLabel'), freeFromHint(rule?.freeFromPaise, t))}
          </Grid>
        </Grid>
        <div>
          <Typography id={bandsHeadingId} variant="subtitle2" component="h3">
            {t('storeForm.bandsTitle')}
          </Typography>
          <Typography id={bandsHintId} variant="body2" sx={{ color: 'text.secondary' }}>
            {t('storeForm.bandsHint')}
          </Typography>
        </div>
        <Stack spacing={2} role="list" aria-labelledby={bandsHeadingId}>
          {fields.map((item, index) => {
            const rowErrors = bandErrors?.[index];
            const kmMessage = rowErrors?.fromKm?.message;
            // The watched values catch up with a band just added on the next render.
            const bandText = kmsRead && index < kmBands.length ? words.band(kmBands, index) : null;
            return (
              <Box
                key={item.id}
                role="listitem"
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
              >
                <Grid
                  container
                  spacing={2}
                  role="group"
                  aria-label={t('storeForm.band', { number: String(index + 1) })}
                  sx={{ alignItems: 'flex-start' }}
                >
                  <Grid size={{ xs: 6, sm: 4 }}>
                    {index === 0 ? (
                      // The first band starts at the store: not a field to fill.
                      <TextField
                        label={t('storeForm.fromKm')}
                        fullWidth
                        disabled
                        value="0"
                        error={Boolean(kmMessage)}
                        helperText={kmMessage ?? bandText ?? t('storeForm.bandsStart')}
                      />
                    ) : (
                      <TextField
                        label={t('storeForm.fromKm')}
                        type="number"
                        fullWidth
                        required
                        slotProps={{
                          htmlInput: {
                            min: 0,
                            max: deliveryRuleLimits.km.max,
                            step: 0.1,
                            inputMode: 'decimal',
                          },
                        }}
                        error={Boolean(kmMessage)}
                        helperText={
                          kmMessage ??
                          bandText ??
                          t('storeForm.kmHint', { max: String(deliveryRuleLimits.km.max) })
                        }
                        {...register(`deliveryRule.feeBands.${index}.fromKm`, {
                          valueAsNumber: true,
                          onBlur: () => checkKms(bands),
                        })}
                      />
                    )}
                  </Grid>
                  <Grid size={{ xs: 6, sm: 4 }}>
                    <TextField
                      label={t('storeForm.fee')}
                      fullWidth
                      required
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      error={Boolean(rowErrors?.feePaise)}
                      helperText={rowErrors?.feePaise?.message}
                      {...register(`deliveryRule.feeBands.${index}.feePaise`)}
                    />
                  </Grid>
                  {index === 0 ? null : (
                    <Grid
                      size={{ xs: 12, sm: 4, md: 'auto' }}
                      sx={{
                        display: 'flex',
                        justifyContent: { xs: 'flex-end', sm: 'flex-start' },
                        pt: { sm: 1 },
                      }}
                    >
                      <Button
                        color="inherit"
                        startIcon={<DeleteOutlined />}
                        aria-label={t('storeForm.removeBand', { number: String(index + 1) })}
                        onClick={() => {
                          remove(index);
                          checkKms(bands.filter((_, each) => each !== index));
                          removedAt.current = index;
                        }}
                      >
                        {t('common.remove')}
                      </Button>
                    </Grid>
                  )}
                </Grid>
              </Box>
            );
          })}
        </Stack>
        <div>
          <Button
            id={addId}
            variant="outlined"
            startIcon={<AddOutlined />}
            disabled={full}
            aria-describedby={bandsHintId}
            onClick={() =>
              append(
                // No distance yet: the field starts empty, and reads as a number once typed.
                { fromKm: undefined as unknown as number, feePaise: '' },
                { focusName: `deliveryRule.feeBands.${fields.length}.fromKm` },
              )
            }
          >
            {t('storeForm.addBand')}
          </Button>
          {listMessage || full ? (
            <FormHelperText error={Boolean(listMessage)}>
              {listMessage ?? t('storeForm.maxBands', { max: String(deliveryRuleLimits.bands.max) })}
            </FormHelperText>
          ) : null}
        </div>
        <div>
          <Typography variant="body2">
            <Box component="span" sx={{ fontWeight: 'fontWeightMedium' }}>
              {t('storeForm.customersRead')}{' '}
            </Box>
            {preview.success ? words.deliveryRule(preview.data) : t('storeForm.rulePending')}
          </Typography>
          {preview.success ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {bandsInWords(preview.data.feeBands, words.band)}
            </Typography>
          ) : null}
        </div>
      </Stack>
    </Stack>
  );
}
