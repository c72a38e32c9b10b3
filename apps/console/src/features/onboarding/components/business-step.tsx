import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { ThemePicker, themePickerEnglish } from '@/components/theme-picker.tsx';
import { LogoPicker } from './logo-picker.tsx';
import type { OnboardingFormValues } from './onboarding-form.ts';

/** Step 2: the business's logo, name, theme and description. */
export function BusinessStep() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<OnboardingFormValues>();
  return (
    <Stack spacing={3}>
      <Controller
        control={control}
        name="iconFileData"
        render={({ field, fieldState }) => (
          <LogoPicker
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label="Business name"
        fullWidth
        autoComplete="organization"
        error={Boolean(errors.business?.name)}
        helperText={errors.business?.name?.message}
        {...register('business.name')}
      />
      <Controller
        control={control}
        name="business.theme"
        render={({ field, fieldState }) => (
          <ThemePicker
            words={themePickerEnglish}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label="Business description"
        fullWidth
        multiline
        minRows={3}
        error={Boolean(errors.business?.description)}
        helperText={errors.business?.description?.message}
        {...register('business.description')}
      />
    </Stack>
  );
}
