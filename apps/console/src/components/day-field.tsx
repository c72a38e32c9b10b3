import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { dayFromText, formatDay } from '@storedesk/shared/dates';
import { useRef, useState } from 'react';
import { useT } from '@storedesk/web/i18n';

type DayFieldProps = {
  label: string;
  /** The day as YYYY-MM-DD; empty or undefined for none. */
  value: string | undefined;
  /** A real day once typed or picked; undefined when the field is emptied (if `clearable`). */
  onChange: (day: string | undefined) => void;
  min?: string | undefined;
  max?: string | undefined;
  error?: boolean;
  helperText?: string | undefined;
  /** Emptying the field clears the day; otherwise it keeps the last one. */
  clearable?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
};

/**
 * A calendar day as the console shows every date, DD/MM/YYYY (SPEC §9), typed or chosen on the
 * browser's calendar: a browser's own date field shows its locale's order (mm/dd/yyyy in en-US)
 * beside the console's dates. The value travels as YYYY-MM-DD.
 */
export function DayField({
  label,
  value,
  onChange,
  min,
  max,
  error = false,
  helperText,
  clearable = true,
  required,
  size = 'small',
  sx,
}: DayFieldProps) {
  const t = useT();
  const [text, setText] = useState(value ? formatDay(value) : '');
  const [wrong, setWrong] = useState(false);
  const [shownValue, setShownValue] = useState(value);
  const picker = useRef<HTMLInputElement>(null);

  // A day set from outside (Today, Clear filters, a preset, or this field's own last one) shows as it is.
  if (shownValue !== value) {
    setShownValue(value);
    setText(value ? formatDay(value) : '');
    setWrong(false);
  }

  const take = (typed: string, finished: boolean) => {
    if (typed.trim() === '') {
      setWrong(false);
      if (clearable && value) onChange(undefined);
      else if (!clearable && finished && value) setText(formatDay(value));
      return;
    }
    const day = dayFromText(typed);
    if (day) {
      setWrong(false);
      if (day !== value) onChange(day);
    } else if (finished) {
      setWrong(true);
    }
  };

  return (
    <TextField
      label={label}
      size={size}
      value={text}
      required={required}
      placeholder="DD/MM/YYYY"
      onChange={(event) => {
        setText(event.target.value);
        take(event.target.value, false);
      }}
      onBlur={() => take(text, true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') take(text, true);
      }}
      error={wrong || error}
      helperText={wrong ? t('days.typedWrong') : helperText}
      sx={sx}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                aria-label={t('days.chooseOnCalendar', { label: label.toLowerCase() })}
                edge="end"
                size="small"
                onClick={() => picker.current?.showPicker?.()}
              >
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                aria-label={t('days.calendar')}
                value={value ?? ''}
                min={min}
                max={max}
                onChange={(event) => {
                  if (event.target.value) onChange(event.target.value);
                }}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                  pointerEvents: 'none',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
