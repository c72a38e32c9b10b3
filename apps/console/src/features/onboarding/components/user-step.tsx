import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormContext } from 'react-hook-form';
import type { OnboardingFormValues } from './onboarding-form.ts';

/** Step 3: the owner's account. */
export function UserStep() {
  const {
    register,
    trigger,
    getFieldState,
    formState: { errors },
  } = useFormContext<OnboardingFormValues>();
  const fieldErrors = errors.user;
  return (
    <Stack spacing={2}>
      <TextField
        label="Name"
        fullWidth
        autoComplete="name"
        error={Boolean(fieldErrors?.name)}
        helperText={fieldErrors?.name?.message}
        {...register('user.name')}
      />
      <TextField
        label="Email"
        type="email"
        fullWidth
        autoComplete="email"
        error={Boolean(fieldErrors?.email)}
        helperText={fieldErrors?.email?.message}
        {...register('user.email')}
      />
      <TextField
        label="Phone"
        type="tel"
        fullWidth
        autoComplete="tel-national"
        placeholder="1234567890"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        error={Boolean(fieldErrors?.phone)}
        helperText={fieldErrors?.phone?.message ?? '10 digits'}
        {...register('user.phone')}
      />
      <TextField
        label="Password"
        type="password"
        fullWidth
        autoComplete="new-password"
        error={Boolean(fieldErrors?.password)}
        helperText={fieldErrors?.password?.message ?? 'At least 8 characters'}
        {...register('user.password', {
          // A changed password is checked against its confirmation again, once that has been left:
          // checked earlier, an empty confirmation would show its message until it is left, and its
          // going away then would move Next from under the pointer that pressed it.
          onChange: () => {
            if (getFieldState('user.confirmPassword').isTouched) void trigger('user.confirmPassword');
          },
        })}
      />
      <TextField
        label="Confirm password"
        type="password"
        fullWidth
        autoComplete="new-password"
        error={Boolean(fieldErrors?.confirmPassword)}
        helperText={fieldErrors?.confirmPassword?.message}
        {...register('user.confirmPassword')}
      />
    </Stack>
  );
}
