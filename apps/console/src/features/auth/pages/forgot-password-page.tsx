import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  forgotPasswordRequestSchema,
  type ForgotPasswordRequest,
} from '@storedesk/shared/auth/password-reset';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { TextInput } from '@/components/text-input.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useForgotPassword } from '@/features/auth/api/password-reset.ts';
import { AuthCard } from './auth-card.tsx';

/** B8: ask for a link to reset the password; the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((input) =>
    forgot.mutate(input, {
      onError: (error) => {
        const message = isApiError(error) ? error.fields?.email : undefined;
        if (message) setError('email', { message });
      },
    }),
  );

  const backToSignIn = (
    <Typography variant="body2" sx={{ mt: 3 }}>
      <Link component={RouterLink} to={paths.signIn.getHref()}>
        Back to sign in
      </Link>
    </Typography>
  );

  if (forgot.isSuccess) {
    return (
      <AuthCard title="Check your e-mail">
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {forgot.data.message}
        </Alert>
        <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
          The link works once, for 30 minutes. Nothing there? Look in the spam folder, or{' '}
          <Link component="button" type="button" variant="body2" onClick={() => forgot.reset()}>
            send another
          </Link>
          .
        </Typography>
        {backToSignIn}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the e-mail you sign in with and we'll send you a link to set a new password."
    >
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Forgot password">
        {forgot.error && !(isApiError(forgot.error) && forgot.error.fields?.email) ? (
          <Alert severity="error" role="alert">
            {forgot.error.message}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          {...register('email')}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={forgot.isPending}
          loading={forgot.isPending}
          loadingPosition="start"
        >
          {forgot.isPending ? 'Sending…' : 'Send'}
        </Button>
      </Stack>
      {backToSignIn}
    </AuthCard>
  );
}
