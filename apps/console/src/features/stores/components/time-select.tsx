import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTimeFormat } from '@storedesk/web/times';
import { quarterHours } from './time-of-day.ts';

type TimeSelectProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
};

/** A time of day shown as hh:mm A (in the language shown), kept as "HH:mm"; a saved time off the quarter hours stays choosable. */
export function TimeSelect({ label, name, value, onChange, onBlur, error, inputRef }: TimeSelectProps) {
  const { timeOfDay } = useTimeFormat();
  const choices = value && !quarterHours.includes(value) ? [...quarterHours, value].sort() : quarterHours;
  return (
    <TextField
      select
      fullWidth
      required
      label={label}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
    >
      {choices.map((time) => (
        <MenuItem key={time} value={time}>
          {timeOfDay(time)}
        </MenuItem>
      ))}
    </TextField>
  );
}
