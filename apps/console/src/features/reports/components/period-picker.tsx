import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { maxReportDays, daysInPeriod } from '@storedesk/shared/reports/schemas';
import { DayField } from '@/components/day-field.tsx';
import { presetLabels, presetOf, presetPeriod, type PeriodPreset } from '@/features/reports/period.ts';

type Period = { from: string; to: string };

type PeriodPickerProps = {
  period: Period;
  /** The business's today (YYYY-MM-DD), which the presets count from. */
  today: string;
  onChange: (period: Period) => void;
};

/** The period: a preset, or Custom with its two days (a year at most, the report's limit). */
export function PeriodPicker({ period, today, onChange }: PeriodPickerProps) {
  const preset = presetOf(period, today);
  const days = daysInPeriod(period.from, period.to);
  const reversed = days < 1;
  const tooLong = days > maxReportDays;
  const choose = (next: PeriodPreset) => {
    // Custom starts from the period shown, for the person to change.
    const range = presetPeriod(next, today);
    if (range) onChange(range);
  };
  const dateField = (label: string, key: 'from' | 'to') => (
    <DayField
      label={label}
      value={period[key]}
      onChange={(day) => {
        if (day) onChange({ ...period, [key]: day });
      }}
      clearable={false}
      min={key === 'to' ? period.from : undefined}
      max={key === 'from' ? period.to : undefined}
      error={key === 'to' && (reversed || tooLong)}
      helperText={
        key === 'to' && reversed
          ? 'On or after From'
          : key === 'to' && tooLong
            ? `At most ${maxReportDays} days`
            : undefined
      }
      sx={{ minWidth: 170 }}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        select
        label="Period"
        size="small"
        value={preset}
        onChange={(event) => choose(event.target.value as PeriodPreset)}
        sx={{ minWidth: 160 }}
      >
        {(Object.keys(presetLabels) as PeriodPreset[]).map((key) => (
          <MenuItem key={key} value={key} disabled={key === 'custom'}>
            {presetLabels[key]}
          </MenuItem>
        ))}
      </TextField>
      {dateField('From', 'from')}
      {dateField('To', 'to')}
    </Stack>
  );
}
