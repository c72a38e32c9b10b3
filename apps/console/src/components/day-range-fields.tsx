import type { SxProps, Theme } from '@mui/material/styles';
import { useT } from '@storedesk/web/i18n';
import { DayField } from './day-field.tsx';

type DayRangeFieldsProps = {
  from: string | undefined;
  to: string | undefined;
  /** The day changed: undefined when a clearable field is emptied. */
  onChange: (changes: { from?: string | undefined } | { to?: string | undefined }) => void;
  /** Emptying a field clears its day (a filter); otherwise each keeps its last day (a period). */
  clearable?: boolean;
  /** The caller's own reason To is refused (a longest period); To before From says so first. */
  toError?: string | undefined;
  sx?: SxProps<Theme>;
};

/**
 * From and To, two calendar days typed DD/MM/YYYY (both included): To may not be before From,
 * which To says. Every period and day filter of the console is this pair.
 */
export function DayRangeFields({ from, to, onChange, clearable = true, toError, sx }: DayRangeFieldsProps) {
  const t = useT();
  const reversed = from !== undefined && to !== undefined && from > to;
  const toMessage = reversed ? t('days.toBeforeFrom') : toError;
  const width = sx ?? { width: { xs: '100%', sm: 180 } };
  return (
    <>
      <DayField
        label={t('days.from')}
        value={from}
        clearable={clearable}
        onChange={(day) => onChange({ from: day })}
        max={to}
        sx={width}
      />
      <DayField
        label={t('days.to')}
        value={to}
        clearable={clearable}
        onChange={(day) => onChange({ to: day })}
        min={from}
        error={toMessage !== undefined}
        helperText={toMessage}
        sx={width}
      />
    </>
  );
}
