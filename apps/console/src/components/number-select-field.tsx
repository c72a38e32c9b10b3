import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type NumberSelectFieldProps<T extends FieldValues, Out> = {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  label: string;
  choices: readonly number[];
  /** What each choice reads as; the number itself by default. */
  labelOf?: (choice: number) => string;
  error: string | undefined;
  helperText: string;
};

/** A required select of a form's number field (a store's featured rank, a slide's position): the value stays a number. */
export function NumberSelectField<T extends FieldValues, Out>({
  control,
  name,
  label,
  choices,
  labelOf = String,
  error,
  helperText,
}: NumberSelectFieldProps<T, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          fullWidth
          required
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(Number(event.target.value))}
          onBlur={field.onBlur}
          error={Boolean(error)}
          helperText={error ?? helperText}
        >
          {choices.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {labelOf(choice)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
