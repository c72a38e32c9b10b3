import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChooseBusinessResponse, SignInRequest } from '@storedesk/shared/auth/schemas';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { TextInput } from '@/components/text-input.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { usePasskeySignIn } from '@/features/auth/api/passkey.ts';
import { useSignIn } from '@/features/auth/api/sign-in.ts';
import { useSignInForm } from './use-sign-in-form.ts';

const highlights = [
  'See every new order the moment it arrives, and move it along to delivery.',
  'Open and close stores, and keep catalogues, prices and stock up to date.',
  'Run zones, delivery executives, coupons and push notifications from one place.',
];

function Promotion() {
  return (
    <Box
      sx={{
        display: { xs: 'none', md: 'flex' },
        flex: 1,
        flexDirection: 'column',
        justifyContent: 'center',
        p: 8,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      <Typography variant="h3" component="p" sx={{ fontWeight: 700, mb: 3 }}>
        Every store, every order, one desk.
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ pl: 2.5, m: 0 }}>
        {highlights.map((text) => (
          <Typography component="li" variant="h6" key={text} sx={{ fontWeight: 400 }}>
            {text}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}

type Businesses = ChooseBusinessResponse['chooseBusiness'];

// Only people with two-step sign-in need its step: it loads when the password asks for it.
const TwoStepSignIn = lazy(async () => ({ default: (await import('./two-step-sign-in.tsx')).TwoStepSignIn }));
const TwoStepEnrolment = lazy(async () => ({
  default: (await import('./two-step-sign-in.tsx')).TwoStepEnrolment,
}));

/** What follows an accepted password with no session yet (ADR 0044); `passkey`: the person has one to use. */
type SecondStep = { kind: 'code' | 'enrol'; challenge: string; passkey?: boolean };

function SecondStepLoading() {
  return (
    <Typography role="status" sx={{ color: 'text.secondary' }}>
      Loading the second step…
    </Typography>
  );
}

/**
 * When the e-mail and password open accounts in several businesses (ADR 0033):
 * one button per business, the first focused; Back returns to the form.
 */
function ChooseBusiness({
  businesses,
  busy,
  onChoose,
  onBack,
}: {
  businesses: Businesses;
  busy: boolean;
  onChoose: (businessId: string) => void;
  onBack: () => void;
}) {
  return (
    <Stack spacing={2} component="section" aria-labelledby="choose-business">
      <Typography id="choose-business" variant="h6" component="h2">
        Choose a business
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        This e-mail and password sign in to more than one business. Which one do you want to manage?
      </Typography>
      {businesses.map((business, index) => (
        <Button
          key={business.id}
          variant="outlined"
          size="large"
          autoFocus={index === 0}
          disabled={busy}
          onClick={() => onChoose(business.id)}
        >
          {business.name}
        </Button>
      ))}
      <Button onClick={onBack} disabled={busy}>
        Back
      </Button>
    </Stack>
  );
}

/** SPEC §2 and §5: sign in with email and password. The guard moves on once the session exists. */
export function SignInPage() {
  const signIn = useSignIn();
  const passkey = usePasskeySignIn();
  const [businesses, setBusinesses] = useState<Businesses | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const form = useSignInForm();
  const send = (credentials: SignInRequest) =>
    signIn.mutate(credentials, {
      onSuccess: (answer) => {
        setBusinesses('chooseBusiness' in answer ? answer.chooseBusiness : null);
        if ('twoFactorRequired' in answer)
          setSecondStep({ kind: 'code', challenge: answer.challenge, passkey: answer.passkey });
        else if ('twoFactorEnrolmentRequired' in answer)
          setSecondStep({ kind: 'enrol', challenge: answer.challenge });
      },
      onError: (error) => {
        setBusinesses(null);
        if (isApiError(error))
          form.setServerErrors({ email: error.fields?.email, password: error.fields?.password });
      },
    });
  const restart = () => {
    signIn.reset();
    setSecondStep(null);
    setBusinesses(null);
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <title>Sign in · Storedesk</title>
      <Promotion />
      <Box
        sx={{
          flex: { xs: 1, md: '0 0 480px' },
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Storedesk
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>Sign in to manage your stores.</Typography>
          {secondStep ? (
            <Suspense fallback={<SecondStepLoading />}>
              {secondStep.kind === 'code' ? (
                <TwoStepSignIn
                  challenge={secondStep.challenge}
                  passkey={Boolean(secondStep.passkey)}
                  onBack={restart}
                />
              ) : (
                <TwoStepEnrolment challenge={secondStep.challenge} onBack={restart} />
              )}
            </Suspense>
          ) : businesses ? (
            <ChooseBusiness
              businesses={businesses}
              busy={signIn.isPending}
              onChoose={(businessId) => send({ ...form.values, businessId })}
              onBack={() => {
                signIn.reset();
                setBusinesses(null);
              }}
            />
          ) : null}
          {/* POST: if the form were ever sent before its code arrives, the password stays out of the address. */}
          <Stack
            component="form"
            method="post"
            spacing={2}
            noValidate
            onSubmit={form.handleSubmit(send)}
            sx={businesses || secondStep ? { display: 'none' } : undefined}
          >
            {signIn.error || passkey.error ? (
              <Alert severity="error" role="alert">
                {(signIn.error ?? passkey.error)!.message}
              </Alert>
            ) : null}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              fullWidth
              {...form.field('email')}
            />
            <TextInput
              label="Password"
              type="password"
              autoComplete="current-password"
              fullWidth
              {...form.field('password')}
            />
            <Link
              component={RouterLink}
              to={paths.forgotPassword.getHref()}
              variant="body2"
              sx={{ alignSelf: 'flex-end' }}
              // Pressing it leaves the focus where it is, so a field's blur message can't move it from under the pointer.
              onMouseDown={(event) => event.preventDefault()}
            >
              Forgot password?
            </Link>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!form.isValid || signIn.isPending}
              loading={signIn.isPending}
              loadingPosition="start"
            >
              {signIn.isPending ? 'Signing in…' : 'Sign in now'}
            </Button>
            {/*
              Always there, as the page is prerendered: a browser without passkeys is told so when
              it presses it (every current browser has them).
            */}
            <Button
              variant="outlined"
              size="large"
              disabled={passkey.isPending || signIn.isPending}
              loading={passkey.isPending}
              loadingPosition="start"
              onClick={() => {
                signIn.reset();
                passkey.mutate(undefined);
              }}
            >
              {passkey.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ mt: 3 }}>
            New business?{' '}
            <Link component={RouterLink} to="/onboarding">
              Sign up
            </Link>
          </Typography>
        </Paper>
      </Box>
    </Box>
  );
}
