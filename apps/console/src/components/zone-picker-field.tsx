import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { ZonePicker } from './zone-picker.tsx';

type ZonePickerFieldProps<T extends FieldValues, Out> = {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  /** The zone the edited record is in, so its name shows without a look-up. */
  recordZone?: { id: string; name: string };
  error: string | undefined;
};

/** The owner's required Zone field of a form (store, staff): a ZonePicker bound to the form's zone id. */
export function ZonePickerField<T extends FieldValues, Out>({
  control,
  name,
  recordZone,
  error,
}: ZonePickerFieldProps<T, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ZonePicker
          required
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? null}
          valueName={recordZone && field.value === recordZone.id ? recordZone.name : undefined}
          onChange={(zone) => field.onChange(zone?.id)}
          onBlur={field.onBlur}
          // A zone deleted since it was chosen (the top bar's, or a remembered one): the owner picks another.
          onMissing={() => field.onChange(undefined)}
          error={error}
        />
      )}
    />
  );
}
