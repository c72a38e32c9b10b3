import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { useId } from 'react';

type InputProps = Omit<ComponentProps<'input'>, 'ref' | 'size'>;

export type TextInputProps = InputProps & {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  /** The input element (react-hook-form's `register` gives it as `ref`). */
  ref?: Ref<HTMLInputElement>;
};

/**
 * An outlined text field that looks and reads as MUI's TextField, without the select mode that
 * brings Select, Menu and Modal with it (20 KB on the sign-in page; ADR 0028). The sign-in and
 * password-reset pages use it; the other forms, which load later, use TextField.
 */
export function TextInput({
  label,
  helperText,
  error,
  fullWidth,
  id,
  required,
  ref,
  ...input
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl error={error} fullWidth={fullWidth} required={required} variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        inputRef={ref}
        inputProps={input}
        aria-describedby={helperId}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
