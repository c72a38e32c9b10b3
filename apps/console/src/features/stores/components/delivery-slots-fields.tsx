import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { deliverySlotsSchema, slotLimits } from '@storedesk/shared/stores/slots';
import { useId } from 'react';
import type { StoreInput } from '@storedesk/shared/stores/schemas';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import { plural } from '@/lib/plural.ts';
import type { StoreFormValues } from './store-form.tsx';

type RuleField = keyof StoreFormValues['deliverySlots'];

/** Whether a field's value meets the shared rule, so the helper text may say what it means. */
const valid = (field: RuleField, value: unknown): value is number =>
  deliverySlotsSchema.shape[field].safeParse(value).success;

const range = (field: RuleField, unit: string) =>
  `From ${slotLimits[field].min} to ${slotLimits[field].max} ${unit}.`;

/** What each number means, in plain words, once it is one the rule takes; else its range. */
const helperTexts: Record<RuleField, (value: unknown) => string> = {
  lengthMinutes: (value) =>
    valid('lengthMinutes', value)
      ? `Customers choose a ${value}-minute slot within the store’s hours.`
      : range('lengthMinutes', 'minutes'),
  capacity: (value) =>
    valid('capacity', value)
      ? `A slot takes at most ${plural(value, 'order', 'orders')}; a full slot is not offered.`
      : range('capacity', 'orders'),
  daysAhead: (value) => {
    if (!valid('daysAhead', value)) return `From 0 (today only) to ${slotLimits.daysAhead.max} days.`;
    return value === 0
      ? 'Customers can book for today only.'
      : `Customers can book up to ${plural(value, 'day', 'days')} ahead.`;
  },
  cutoffMinutes: (value) => {
    if (!valid('cutoffMinutes', value)) return range('cutoffMinutes', 'minutes');
    return value === 0
      ? 'A slot can be booked until it starts.'
      : `A slot can be booked until ${value} minutes before it starts.`;
  },
};

const labels: Record<RuleField, string> = {
  lengthMinutes: 'Slot length (minutes)',
  capacity: 'Orders per slot',
  daysAhead: 'Days ahead',
  cutoffMinutes: 'Cut-off before a slot (minutes)',
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
  const headingId = useId();
  const hintId = useId();
  const [on, rule] = useWatch({ control, name: ['slotsOn', 'deliverySlots'] });
  const ruleErrors = errors.deliverySlots;

  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2">
        Delivery slots
      </Typography>
      <div>
        <Controller
          control={control}
          name="slotsOn"
          render={({ field }) => (
            <FormControlLabel
              label="Deliver in slots"
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
          {ruleErrors?.message ??
            (on
              ? 'Customers choose a delivery slot when they order.'
              : 'Off: orders are delivered as soon as possible.')}
        </FormHelperText>
      </div>
      {on
        ? ruleFields.map((name) => {
            const message = ruleErrors?.[name]?.message;
            return (
              <TextField
                key={name}
                label={labels[name]}
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
                helperText={message ?? helperTexts[name](rule?.[name])}
                {...register(`deliverySlots.${name}`, { valueAsNumber: true })}
              />
            );
          })
        : null}
    </Stack>
  );
}
