import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { maxReportDays, daysInPeriod } from '@storedesk/shared/reports/schemas';
import { useT } from '@storedesk/web/i18n';
import { DayRangeFields } from '@/components/day-range-fields.tsx';
import { presetOf, presets, presetPeriod, type PeriodPreset } from '@/features/reports/period.ts';

type Period = { from: string; to: string };

type PeriodPickerProps = {
  period: Period;
  /** The business's today (YYYY-MM-DD), which the presets count from. */
  today: string;
  onChange: (period: Period) => void;
};

/** The period: a preset, or Custom with its two days (a year at most, the report's limit). */
export function PeriodPicker({ period, today, onChange }: PeriodPickerProps) {
  const t = useT();
  const preset = presetOf(period, today);
  const days = daysInPeriod(period.from, period.to);
  const tooLong = days > maxReportDays;
  const choose = (next: PeriodPreset) => {
    // Custom starts from the period shown, for the person to change.
    const range = presetPeriod(next, today);
    if (range) onChange(range);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        select
        label={t('period.label')}
        size="small"
        value={preset}
        onChange={(event) => choose(event.target.value as PeriodPreset)}
        sx={{ minWidth: 160 }}
      >
        {presets.map((key) => (
          <MenuItem key={key} value={key} disabled={key === 'custom'}>
            {t(`period.preset.${key}`)}
          </MenuItem>
        ))}
      </TextField>
      <DayRangeFields
        from={period.from}
        to={period.to}
        clearable={false}
        toError={tooLong ? t('period.tooLong', { days: String(maxReportDays) }) : undefined}
        onChange={(changes) => {
          if (Object.values(changes).every((day) => day !== undefined)) onChange({ ...period, ...changes });
        }}
        sx={{ minWidth: 170 }}
      />
    </Stack>
  );
}
