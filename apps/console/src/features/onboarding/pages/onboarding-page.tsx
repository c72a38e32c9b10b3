import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import {
  onboardingMessages,
  onboardingSubmitSchema,
  onboardingVerificationMessages,
} from '@storedesk/shared/onboarding/schemas';
import type { OnboardingVerificationResult } from '@storedesk/shared/onboarding/schemas';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useFinishOnboarding } from '@/features/onboarding/api/finish-onboarding.ts';
import { useRegisterAccount } from '@/features/onboarding/api/register-account.ts';
import { useResendVerification } from '@/features/onboarding/api/resend-verification.ts';
import { AlmostThereStep } from '@/features/onboarding/components/almost-there-step.tsx';
import { BusinessStep } from '@/features/onboarding/components/business-step.tsx';
import type { OnboardingFormValues } from '@/features/onboarding/components/onboarding-form.ts';
import {
  emptyOnboardingForm,
  stepFields,
  userFieldNames,
} from '@/features/onboarding/components/onboarding-form.ts';
import { UserStep } from '@/features/onboarding/components/user-step.tsx';
import { WelcomeStep } from '@/features/onboarding/components/welcome-step.tsx';

const stepTitles = ['Welcome', 'Business details', 'User details', 'Almost there'] as const;
const [welcomeStep, businessStep, userStep, lastStep] = [0, 1, 2, 3] as const;

type Notice = { title: string; message: string };

const oops: Notice = { title: onboardingMessages.oopsTitle, message: onboardingMessages.oops };

/**
 * Refusals whose message says what to do (verify first, start again, wait) are shown as the
 * server words them; anything else is the spec's "Oops...".
 */
function noticeOf(error: unknown): Notice {
  return isApiError(error) && [401, 403, 429].includes(error.status)
    ? { title: onboardingMessages.oopsTitle, message: error.message }
    : oops;
}

/**
 * What a registration keeps: the name and phone go with Finish. Only a change of these registers
 * again, since each registration mails a link of its own, and Finish needs the latest one's.
 */
const registrationKeyOf = (user: { email: string; password: string }) =>
  JSON.stringify([user.email.trim().toLowerCase(), user.password]);
const emailSent: Notice = { title: onboardingMessages.emailSentTitle, message: onboardingMessages.emailSent };

function verificationResultOf(value: string | null): OnboardingVerificationResult | null {
  return value !== null && Object.hasOwn(onboardingVerificationMessages, value)
    ? (value as OnboardingVerificationResult)
    : null;
}

/** Where the mailed link lands: what became of it, and where to carry on. */
function VerificationNotice({ result }: { result: OnboardingVerificationResult }) {
  return (
    <Alert severity={result === 'verified' ? 'success' : 'warning'} sx={{ mb: 3 }}>
      {onboardingVerificationMessages[result]}{' '}
      {result === 'verified' ? 'Go back to the page where you signed up and press Finish.' : null}
    </Alert>
  );
}

/**
 * /onboarding (SPEC §2 Onboarding wizard, §4, §5): Welcome, Business details,
 * User details and Almost there. One form holds every step, so Previous and
 * Next keep what was typed; leaving User details registers the owner and mails
 * the verification link, Finish creates the business and signs the owner in.
 */
export function OnboardingPage() {
  const [step, setStep] = useState<number>(welcomeStep);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [searchParams] = useSearchParams();
  const verification = verificationResultOf(searchParams.get('verification'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);
  /** The registration last made (registrationKeyOf), so Next after Previous does not mail a new link for nothing. */
  const registered = useRef<string | null>(null);

  const form = useForm<OnboardingFormValues>({
    resolver: zodResolver(onboardingSubmitSchema),
    mode: 'onTouched',
    defaultValues: emptyOnboardingForm,
  });
  const { trigger, getValues, setError, handleSubmit, setFocus } = form;
  const registerAccount = useRegisterAccount();
  const resend = useResendVerification();
  const finish = useFinishOnboarding();
  const busy = registerAccount.isPending || finish.isPending;

  useEffect(() => {
    // Screen readers hear the new step's title; the first render keeps the browser's own focus.
    if (stepChanged.current) headingRef.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    stepChanged.current = true;
    setStep(next);
  };

  const leaveUserDetails = () => {
    const user = getValues('user');
    const key = registrationKeyOf(user);
    if (registered.current === key) {
      goTo(lastStep);
      return;
    }
    registerAccount.mutate(user, {
      onSuccess: () => {
        registered.current = key;
        goTo(lastStep);
      },
      onError: (error) => {
        const fields =
          isApiError(error) && (error.status === 400 || error.status === 409) ? error.fields : undefined;
        const refused = userFieldNames.filter((name) => fields?.[name]);
        if (refused.length === 0) {
          setNotice(noticeOf(error));
          return;
        }
        for (const name of refused) setError(`user.${name}`, { message: fields?.[name] });
        setFocus(`user.${refused[0]!}`);
      },
    });
  };

  /**
   * Checks a step's fields. They then count as touched, so each re-checks as it
   * is typed in: a message goes away while typing, not when the pointer presses
   * Next, which would move Next from under the pointer and lose the click.
   */
  const checkStep = (fields: (typeof stepFields)[keyof typeof stepFields]) => {
    for (const name of fields) form.setValue(name, getValues(name), { shouldTouch: true });
    return trigger(fields, { shouldFocus: true });
  };

  const next = async () => {
    if (step === welcomeStep) {
      goTo(businessStep);
      return;
    }
    if (step === businessStep) {
      if (await checkStep(stepFields.business)) goTo(userStep);
      return;
    }
    if (step === userStep) {
      if (await checkStep(stepFields.user)) leaveUserDetails();
      return;
    }
    await handleSubmit(
      (values) => finish.mutate(values, { onError: (error) => setNotice(noticeOf(error)) }),
      // Every step was checked on the way here; a field that is wrong now was changed behind it.
      () => setNotice(oops),
    )();
  };

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => setNotice(emailSent),
      onError: (error) =>
        setNotice(
          isApiError(error, 409)
            ? // The link was followed meanwhile (in another tab): nothing to resend.
              {
                title: onboardingMessages.alreadyVerifiedTitle,
                message: onboardingMessages.alreadyVerified,
              }
            : noticeOf(error),
        ),
    });

  const primaryLabel =
    step === welcomeStep
      ? 'Get started'
      : step === lastStep
        ? finish.isPending
          ? 'Creating your business…'
          : 'Finish'
        : step === userStep && registerAccount.isPending
          ? 'Registering…'
          : 'Next';

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 6 }, px: { xs: 1, sm: 3 } }}>
      <title>Sign up · Storedesk</title>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
          Sign up your business
        </Typography>
        {verification ? <VerificationNotice result={verification} /> : null}
        <Stepper
          activeStep={step}
          alternativeLabel
          aria-label="Sign-up steps"
          // On a phone the labels take a smaller size and keep 4 px inside their column each side,
          // so that two neighbours never run together into one phrase.
          sx={{
            mb: 4,
            '& .MuiStepLabel-labelContainer': { px: 0.5 },
            '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } },
          }}
        >
          {stepTitles.map((title, index) => (
            <Step key={title} completed={index < step}>
              <StepLabel aria-current={index === step ? 'step' : undefined}>{title}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <FormProvider {...form}>
          <Box
            component="form"
            noValidate
            aria-label={stepTitles[step]}
            onSubmit={(event) => {
              event.preventDefault();
              if (!busy) void next();
            }}
          >
            <Typography
              variant="h5"
              component="h2"
              ref={headingRef}
              tabIndex={-1}
              sx={{ mb: 2, outline: 'none' }}
            >
              {stepTitles[step]}
            </Typography>
            {step === welcomeStep ? <WelcomeStep /> : null}
            {step === businessStep ? <BusinessStep /> : null}
            {step === userStep ? <UserStep /> : null}
            {step === lastStep ? (
              <AlmostThereStep
                email={getValues('user.email')}
                onResend={onResend}
                resending={resend.isPending}
              />
            ) : null}
            <Stack direction="row" spacing={1} sx={{ mt: 4, justifyContent: 'flex-end' }}>
              {step !== welcomeStep ? (
                <Button onClick={() => goTo(step - 1)} disabled={busy}>
                  Previous
                </Button>
              ) : null}
              <Button
                type="submit"
                variant="contained"
                disabled={busy}
                loading={busy}
                loadingPosition="start"
              >
                {primaryLabel}
              </Button>
            </Stack>
          </Box>
        </FormProvider>
        <Typography variant="body2" sx={{ mt: 3, color: 'text.secondary' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to={paths.signIn.getHref()}>
            Sign in
          </Link>
        </Typography>
      </Paper>
      <ErrorDialog
        title={notice?.title ?? ''}
        message={notice?.message ?? null}
        onClose={() => setNotice(null)}
      />
    </Container>
  );
}
