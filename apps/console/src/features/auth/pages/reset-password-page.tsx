import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { newPasswordSchema, passwordResetMessages } from '@storedesk/shared/auth/password-reset';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths.ts';
import { TextInput } from '@/components/text-input.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { isLinkRefusal, useResetPassword } from '@/features/auth/api/password-reset.ts';
import { AuthCard } from './auth-card.tsx';

export const confirmMismatch = 'Confirm password should be same as password';

const formSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((form) => form.password === form.confirm, { path: ['confirm'], message: confirmMismatch });
type ResetForm = z.infer<typeof formSchema>;

function LinkProblem({ message }: { message: string }) {
  return (
    <AuthCard title="Reset password">
      <Alert severity="error" role="alert" sx={{ mt: 2 }}>
        {message}
      </Alert>
      <Typography variant="body2" sx={{ mt: 3 }}>
        <Link component={RouterLink} to={paths.forgotPassword.getHref()}>
          Ask for a new link
        </Link>
        {' · '}
        <Link component={RouterLink} to={paths.signIn.getHref()}>
          Sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}

/** B8: set a new password with the link from the e-mail (`?token=…`). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetForm>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '' },
  });

  if (!token) return <LinkProblem message={passwordResetMessages.invalid} />;
  if (reset.error && isLinkRefusal(reset.error)) return <LinkProblem message={reset.error.message} />;

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          Your password is changed, and every session that used the old one has ended.
        </Alert>
        <Button
          component={RouterLink}
          to={paths.signIn.getHref()}
          variant="contained"
          size="large"
          sx={{ mt: 3 }}
        >
          Sign in
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          const message = isApiError(error) ? error.fields?.password : undefined;
          if (message) setError('password', { message });
        },
      },
    ),
  );
  const fieldRefusal = isApiError(reset.error) && Boolean(reset.error.fields?.password);

  return (
    <AuthCard title="Reset password" intro="Choose a new password of 8 to 128 characters.">
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Reset password">
        {reset.error && !fieldRefusal ? (
          <Alert severity="error" role="alert">
            {reset.error.message}
          </Alert>
        ) : null}
        <TextInput
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
          {...register('password')}
        />
        <TextInput
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          fullWidth
          error={Boolean(errors.confirm)}
          helperText={errors.confirm?.message}
          {...register('confirm')}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={reset.isPending}
          loading={reset.isPending}
          loadingPosition="start"
        >
          {reset.isPending ? 'Saving…' : 'Save'}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3 }}>
        <Link component={RouterLink} to={paths.signIn.getHref()}>
          Back to sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
