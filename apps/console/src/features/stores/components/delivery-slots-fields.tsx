import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { deliverySlotsSchema, slotLimits } from '@storedesk/shared/stores/slots';
import { useT } from '@storedesk/web/i18n';
import { useId } from 'react';
import type { StoreInput } from '@storedesk/shared/stores/schemas';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import type { MessageId, Translate } from '@/i18n/index.ts';
import type { StoreFormValues } from './store-form.tsx';

type RuleField = keyof StoreFormValues['deliverySlots'];

/** Whether a field's value meets the shared rule, so the helper text may say what it means. */
const valid = (field: RuleField, value: unknown): value is number =>
  deliverySlotsSchema.shape[field].safeParse(value).success;

/** What each number means, in plain words, once it is one the rule takes; else its range. */
function helperText(field: RuleField, value: unknown, t: Translate): string {
  const { min, max } = slotLimits[field];
  const range = { min: String(min), max: String(max) };
  switch (field) {
    case 'lengthMinutes':
      return valid(field, value)
        ? t('slots.lengthHint', { minutes: String(value) })
        : t('slots.rangeMinutes', range);
    case 'capacity':
      return valid(field, value)
        ? t('slots.capacityHint', { count: value, orders: String(value) })
        : t('slots.rangeOrders', range);
    case 'daysAhead':
      return valid(field, value) ? t('slots.daysAheadHint', { count: value }) : t('slots.rangeDays', range);
    case 'cutoffMinutes':
      return valid(field, value)
        ? t('slots.cutoffHint', { count: value, minutes: String(value) })
        : t('slots.rangeMinutes', range);
  }
}

const labels: Record<RuleField, MessageId> = {
  lengthMinutes: 'slots.length',
  capacity: 'slots.capacity',
  daysAhead: 'slots.daysAhead',
  cutoffMinutes: 'slots.cutoff',
};

const ruleFields = ['lengthMinutes', 'capacity', 'daysAhead', 'cutoffMinutes'] as const;

type DeliverySlotsFieldsProps = {
  control: Control<StoreFormValues, unknown, StoreInput>;
  register: UseFormRegister<StoreFormValues>;
  errors: FieldErrors<StoreFormValues>;
  /** Switched off, the rule's messages go: a store that delivers as soon as possible has none. */
  onSwitchOff: () => void;
};

/**
 * The store form's "Delivery slots" (B19): off, the store delivers as soon as possible; on, the
 * customer app offers slots of the rule's length within the store's hours.
 */
export function DeliverySlotsFields({ control, register, errors, onSwitchOff }: DeliverySlotsFieldsProps) {
  const t = useT();
  const headingId = useId();
  const hintId = useId();
  const [on, rule] = useWatch({ control, name: ['slotsOn', 'deliverySlots'] });
  const ruleErrors = errors.deliverySlots;

  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2">
        {t('slots.title')}
      </Typography>
      <div>
        <Controller
          control={control}
          name="slotsOn"
          render={({ field }) => (
            <FormControlLabel
              label={t('slots.switch')}
              control={
                <Switch
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => {
                    field.onChange(event.target.checked);
                    if (!event.target.checked) onSwitchOff();
                  }}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': hintId } }}
                />
              }
            />
          )}
        />
        <FormHelperText id={hintId} error={Boolean(ruleErrors?.message)} sx={{ mt: 0 }}>
          {ruleErrors?.message ?? (on ? t('slots.onHint') : t('slots.offHint'))}
        </FormHelperText>
      </div>
      {on
        ? ruleFields.map((name) => {
            const message = ruleErrors?.[name]?.message;
            return (
              <TextField
                key={name}
                label={t(labels[name])}
                type="number"
                fullWidth
                required
                slotProps={{
                  htmlInput: {
                    min: slotLimits[name].min,
                    max: slotLimits[name].max,
                    step: 1,
                    inputMode: 'numeric',
                  },
                }}
                error={Boolean(message)}
                helperText={message ?? helperText(name, rule?.[name], t)}
                {...register(`deliverySlots.${name}`, { valueAsNumber: true })}
              />
            );
          })
        : null}
    </Stack>
  );
}
