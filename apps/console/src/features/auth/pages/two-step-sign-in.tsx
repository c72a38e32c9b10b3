import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { twoFactorMessages } from '@storedesk/shared/auth/two-factor-messages';
import type { EnrolledSignInResponse } from '@storedesk/shared/auth/two-factor';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AuthenticatorSecret } from '@/components/authenticator-secret.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { RecoveryCodes } from '@/components/recovery-codes.tsx';
import { TextInput } from '@/components/text-input.tsx';
import { startSession } from '@/lib/session.ts';
import { usePasskeySignIn } from '@/features/auth/api/passkey.ts';
import { startEnrolment, useConfirmEnrolment, useSignInWithCode } from '@/features/auth/api/two-factor.ts';

/** A code as typed, without the spaces an app groups its digits with. */
const digitsOf = (value: string) => value.replace(/\s/g, '');

/** The 6 digits of an authenticator app, or null with what is wrong. */
function checkAppCode(value: string): string | null {
  return /^\d{6}$/.test(digitsOf(value)) ? null : twoFactorMessages.codeRequired;
}

/**
 * The second step of signing in (ADR 0044): the authenticator app's code, or
 * a recovery code instead. "Back" starts the sign-in again.
 */
export function TwoStepSignIn({
  challenge,
  passkey = false,
  onBack,
}: {
  challenge: string;
  /** The person has a passkey this browser may use in place of a code (ADR 0049). */
  passkey?: boolean;
  onBack: () => void;
}) {
  const verify = useSignInWithCode();
  const withPasskey = usePasskeySignIn();
  const busy = verify.isPending || withPasskey.isPending;
  const failure = verify.error ?? withPasskey.error;
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = recovery
      ? code.trim() === ''
        ? 'Enter one of your recovery codes'
        : null
      : checkAppCode(code);
    setFieldError(problem);
    if (problem) return;
    withPasskey.reset();
    verify.mutate({ challenge, code: recovery ? code.trim() : digitsOf(code) });
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-labelledby="two-step-title">
      <Typography id="two-step-title" variant="h6" component="h2">
        Two-step sign-in
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        {recovery
          ? 'Enter one of your recovery codes. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </Typography>
      {failure ? (
        <Alert severity="error" role="alert">
          {failure.message}
        </Alert>
      ) : null}
      <TextInput
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? 'Recovery code' : 'Code'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        fullWidth
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (fieldError) setFieldError(null);
        }}
        error={Boolean(fieldError)}
        helperText={fieldError ?? undefined}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        loading={verify.isPending}
        loadingPosition="start"
      >
        {verify.isPending ? 'Verifying…' : 'Verify'}
      </Button>
      {passkey ? (
        <Button
          variant="outlined"
          disabled={busy}
          loading={withPasskey.isPending}
          loadingPosition="start"
          onClick={() => {
            verify.reset();
            withPasskey.mutate(challenge);
          }}
        >
          {withPasskey.isPending ? 'Waiting for your passkey…' : 'Use a passkey'}
        </Button>
      ) : null}
      <Button
        onClick={() => {
          setRecovery(!recovery);
          setCode('');
          setFieldError(null);
          verify.reset();
          withPasskey.reset();
        }}
        disabled={busy}
      >
        {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
      </Button>
      <Button onClick={onBack} disabled={busy}>
        Back
      </Button>
    </Stack>
  );
}

/**
 * For staff whose business requires two-step sign-in and who have not set it
 * up: the app's secret, its first code, then the recovery codes; the session
 * starts once they are saved.
 */
export function TwoStepEnrolment({ challenge, onBack }: { challenge: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  // A query, not an effect, so that the secret is asked for once per challenge.
  const secret = useQuery({
    queryKey: ['auth', 'two-factor-enrolment', challenge],
    queryFn: () => startEnrolment(challenge),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [enrolled, setEnrolled] = useState<EnrolledSignInResponse | null>(null);

  if (enrolled) {
    return (
      <Stack spacing={2} component="section" aria-labelledby="two-step-title">
        <Typography id="two-step-title" variant="h6" component="h2">
          Save your recovery codes
        </Typography>
        <RecoveryCodes
          codes={enrolled.recoveryCodes}
          fileName="storedesk-recovery-codes.txt"
          doneLabel="Continue"
          onDone={() => startSession(queryClient, { user: enrolled.user, business: enrolled.business })}
        />
      </Stack>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkAppCode(code);
    setFieldError(problem);
    if (problem) return;
    confirm.mutate({ challenge, code: digitsOf(code) }, { onSuccess: setEnrolled });
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-labelledby="two-step-title">
      <Typography id="two-step-title" variant="h6" component="h2">
        Set up two-step sign-in
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{twoFactorMessages.enrolmentRequired}</Typography>
      {secret.data ? (
        <AuthenticatorSecret secret={secret.data.secret} otpauthUrl={secret.data.otpauthUrl} />
      ) : secret.isError ? (
        <LoadError
          title="Could not start the setup"
          error={secret.error}
          onRetry={() => void secret.refetch()}
          retrying={secret.isFetching}
        />
      ) : (
        <Skeleton variant="rounded" width={180} height={180} aria-label="Loading the secret" />
      )}
      {confirm.error ? (
        <Alert severity="error" role="alert">
          {confirm.error.message}
        </Alert>
      ) : null}
      <TextInput
        label="Code from the app"
        autoComplete="one-time-code"
        inputMode="numeric"
        fullWidth
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (fieldError) setFieldError(null);
        }}
        error={Boolean(fieldError)}
        helperText={fieldError ?? 'Enter the 6-digit code the app shows'}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!secret.data || confirm.isPending}
        loading={confirm.isPending}
        loadingPosition="start"
      >
        {confirm.isPending ? 'Confirming…' : 'Confirm'}
      </Button>
      <Button onClick={onBack} disabled={confirm.isPending}>
        Back
      </Button>
    </Stack>
  );
}
