import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { businessDay, formatDay } from '@storedesk/shared/dates';
import type { StoreInput } from '@storedesk/shared/stores/schemas';
import { specialDaysSchema } from '@storedesk/shared/stores/special-day-schemas';
import type { SpecialDay } from '@storedesk/shared/stores/special-days';
import { specialDayLimits, specialDayMessages } from '@storedesk/shared/stores/special-days';
import { useLanguage, useT } from '@storedesk/web/i18n';
import { useEffect, useId, useRef } from 'react';
import type { Control, FieldErrors, UseFormReturn } from 'react-hook-form';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DayField } from '@/components/day-field.tsx';
import { useTimeZone } from '@/lib/session.ts';
import { useNow } from '@/lib/use-now.ts';
import { dayHint, firstFreeDay } from './special-day-text.ts';
import type { Translate } from '@/i18n/index.ts';
import type { StoreFormValues } from './store-form.tsx';
import { TimeSelect } from './time-select.tsx';

/** A special day as its row holds it: a time not chosen is '', and a closed day keeps the times chosen before. */
const specialDayRow = z.object({
  day: z.string(),
  closed: z.boolean(),
  openTime: z.string(),
  closeTime: z.string(),
  reason: z.string(),
});
type SpecialDayRow = z.infer<typeof specialDayRow>;

/** The rows as the shared rule takes them: a closed day, or a time not chosen, has none. */
export const specialDaysField = z
  .array(specialDayRow)
  .transform((rows): z.input<typeof specialDaysSchema> =>
    rows.map(({ closed, openTime, closeTime, ...row }) => ({
      ...row,
      closed,
      openTime: closed || openTime === '' ? null : openTime,
      closeTime: closed || closeTime === '' ? null : closeTime,
    })),
  )
  .pipe(specialDaysSchema);

export function toSpecialDayRows(days: readonly SpecialDay[]): SpecialDayRow[] {
  return days.map((day) => ({
    day: day.day,
    closed: day.closed,
    openTime: day.openTime ?? '',
    closeTime: day.closeTime ?? '',
    reason: day.reason,
  }));
}

/** The fields of each row, for the server's messages on them (`specialDays.1.day`). */
export function specialDayFieldNames(count: number) {
  return Array.from({ length: count }, (_, index) =>
    (['day', 'closed', 'openTime', 'closeTime', 'reason'] as const).map(
      (field) => `specialDays.${index}.${field}` as const,
    ),
  ).flat();
}

/** What customers read on the day (the shared words, as the server tells them), once there is a reason to tell them. */
function reasonHint(row: SpecialDayRow | undefined, t: Translate): string {
  const reason = row?.reason.trim() ?? '';
  if (!row || reason === '') return t('specialDays.reasonHint');
  if (row.closed) return t('specialDays.customersRead', { text: specialDayMessages.closedToday(reason) });
  if (row.openTime && row.closeTime)
    return t('specialDays.customersReadOutside', {
      text: specialDayMessages.closedNowToday(reason, row.openTime, row.closeTime),
    });
  return t('specialDays.toldOnDay');
}

const hoursFields = [
  { name: 'openTime', label: 'storeForm.openTime' },
  { name: 'closeTime', label: 'storeForm.closeTime' },
] as const;

type SpecialDaysFieldsProps = {
  control: Control<StoreFormValues, unknown, StoreInput>;
  errors: FieldErrors<StoreFormValues>;
  clearErrors: UseFormReturn<StoreFormValues, unknown, StoreInput>['clearErrors'];
  trigger: UseFormReturn<StoreFormValues, unknown, StoreInput>['trigger'];
  setFocus: UseFormReturn<StoreFormValues, unknown, StoreInput>['setFocus'];
};

/**
 * The store form's "Holidays and special hours" (B19, ADR 0080): days of the business's calendar on
 * which the store is closed all day, or keeps other hours, each with the reason customers are told.
 * The form sends the whole list; its usual hours stand on every other day.
 */
export function SpecialDaysFields({
  control,
  errors,
  clearErrors,
  trigger,
  setFocus,
}: SpecialDaysFieldsProps) {
  const t = useT();
  const language = useLanguage();
  const headingId = useId();
  const hintId = useId();
  const addId = useId();
  const today = businessDay(useNow(), useTimeZone());
  const { fields, append, remove } = useFieldArray({ control, name: 'specialDays' });
  const rows = useWatch({ control, name: 'specialDays' });
  const listErrors = errors.specialDays;
  const listMessage = listErrors?.message ?? listErrors?.root?.message;
  const full = fields.length >= specialDayLimits.max;
  // After a row goes, the focus goes to the row now in its place, the one before it, or "Add a day".
  const removedAt = useRef<number | null>(null);

  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    if (fields.length === 0) document.getElementById(addId)?.focus();
    else setFocus(`specialDays.${Math.min(index, fields.length - 1)}.day`);
  }, [fields, addId, setFocus]);

  // A day given twice is said on the later one; any change of a day may make or end that.
  const checkDays = (count: number) =>
    void trigger(Array.from({ length: count }, (_, index) => `specialDays.${index}.day` as const));

  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <div>
        <Typography id={headingId} variant="subtitle1" component="h2">
          {t('specialDays.title')}
        </Typography>
        <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
          {fields.length === 0 ? t('specialDays.none') : t('specialDays.some')}
        </Typography>
      </div>
      {fields.map((item, index) => {
        const row = rows?.[index];
        const rowErrors = listErrors?.[index];
        const dayText = row?.day ? formatDay(row.day) : `${index + 1}`;
        // Every field of a row is a Controller, always mounted, in the order shown: the fields join
        // the form in that order, and on a refused save the first with a message takes the focus.
        return (
          <Box
            key={item.id}
            role="group"
            aria-label={t('specialDays.group', { day: dayText })}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
          >
            <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <Controller
                  control={control}
                  name={`specialDays.${index}.day`}
                  render={({ field }) => (
                    // The day field takes no ref: the form reaches its text box through this box, to focus it.
                    <Box
                      ref={(element: HTMLDivElement | null) =>
                        field.ref(element && { focus: () => element.querySelector('input')?.focus() })
                      }
                    >
                      <DayField
                        label={t('specialDays.day')}
                        size="medium"
                        required
                        clearable={false}
                        value={field.value}
                        min={today}
                        onChange={(day) => {
                          if (!day) return;
                          field.onChange(day);
                          checkDays(fields.length);
                        }}
                        error={Boolean(rowErrors?.day)}
                        helperText={rowErrors?.day?.message ?? dayHint(field.value, today, t, language)}
                        sx={{ width: '100%' }}
                      />
                    </Box>
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }} sx={{ pt: { md: 1 } }}>
                <Controller
                  control={control}
                  name={`specialDays.${index}.closed`}
                  render={({ field }) => (
                    <FormControlLabel
                      label={t('specialDays.closedAllDay')}
                      control={
                        <Checkbox
                          name={field.name}
                          checked={field.value}
                          onChange={(event) => {
                            field.onChange(event.target.checked);
                            if (event.target.checked)
                              clearErrors([
                                `specialDays.${index}.openTime`,
                                `specialDays.${index}.closeTime`,
                              ]);
                          }}
                          onBlur={field.onBlur}
                          slotProps={{ input: { ref: field.ref } }}
                        />
                      }
                    />
                  )}
                />
              </Grid>
              {hoursFields.map(({ name, label }) => (
                // Only hidden while the day is closed: a time chosen comes back with the hours.
                <Grid
                  key={name}
                  size={{ xs: 12, sm: 6, md: 2 }}
                  sx={row?.closed === false ? undefined : { display: 'none' }}
                >
                  <Controller
                    control={control}
                    name={`specialDays.${index}.${name}`}
                    render={({ field }) => (
                      <TimeSelect
                        label={t(label)}
                        name={field.name}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        error={rowErrors?.[name]?.message}
                      />
                    )}
                  />
                </Grid>
              ))}
              <Grid size={{ xs: 12, md: 10 }}>
                <Controller
                  control={control}
                  name={`specialDays.${index}.reason`}
                  render={({ field }) => (
                    <TextField
                      label={t('specialDays.reason')}
                      fullWidth
                      required
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={Boolean(rowErrors?.reason)}
                      helperText={rowErrors?.reason?.message ?? reasonHint(row, t)}
                    />
                  )}
                />
              </Grid>
              <Grid
                size={{ xs: 12, md: 2 }}
                sx={{ display: 'flex', justifyContent: 'flex-end', pt: { md: 1 } }}
              >
                <Button
                  color="inherit"
                  startIcon={<DeleteOutlined />}
                  aria-label={t('specialDays.remove', { day: dayText })}
                  onClick={() => {
                    remove(index);
                    checkDays(fields.length - 1);
                    removedAt.current = index;
                  }}
                >
                  {t('common.remove')}
                </Button>
              </Grid>
            </Grid>
          </Box>
        );
      })}
      <div>
        <Button
          id={addId}
          variant="outlined"
          startIcon={<AddOutlined />}
          disabled={full}
          aria-describedby={hintId}
          onClick={() =>
            append(
              {
                day: firstFreeDay(
                  (rows ?? []).map((each) => each.day),
                  today,
                ),
                closed: true,
                openTime: '',
                closeTime: '',
                reason: '',
              },
              { focusName: `specialDays.${fields.length}.day` },
            )
          }
        >
          {t('specialDays.add')}
        </Button>
        {listMessage || full ? (
          <FormHelperText error={Boolean(listMessage)}>
            {listMessage ?? specialDayMessages.tooMany}
          </FormHelperText>
        ) : null}
      </div>
    </Stack>
  );
}
