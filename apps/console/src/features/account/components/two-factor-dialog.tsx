import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { twoFactorMessages } from '@storedesk/shared/auth/two-factor-messages';
import { type TotpEnrolment } from '@storedesk/shared/auth/two-factor';
import { useT } from '@storedesk/web/i18n';
import { useId, useState, type FormEvent } from 'react';
import { AuthenticatorSecret } from '@/components/authenticator-secret.tsx';
import { RecoveryCodes } from '@/components/recovery-codes.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import type { MessageId } from '@/i18n/index.ts';
import { useRenewRecoveryCodes } from '@/features/account/api/renew-recovery-codes.ts';
import { useTurnOffTwoFactor } from '@/features/account/api/turn-off-two-factor.ts';
import { useConfirmTotp, useStartTotp } from '@/features/account/api/turn-on-two-factor.ts';

export type TwoFactorAction = 'turn-on' | 'new-codes' | 'turn-off';

const titles: Record<TwoFactorAction, MessageId> = {
  'turn-on': 'twoStep.turnOnTitle',
  'new-codes': 'twoStep.newCodes',
  'turn-off': 'twoStep.turnOffTitle',
};

const intros: Record<TwoFactorAction, MessageId> = {
  'turn-on': 'twoStep.turnOnIntro',
  'new-codes': 'twoStep.newCodesIntro',
  'turn-off': 'twoStep.turnOffIntro',
};

type Step =
  { kind: 'password' } | { kind: 'app'; enrolment: TotpEnrolment } | { kind: 'codes'; codes: string[] };

/**
 * One dialog for each change of two-step sign-in: the current password first
 * (D18), then for turning on the app's secret and its first code, and the new
 * recovery codes, shown once, whenever there are some.
 */
export function TwoFactorDialog({
  action,
  onClose,
  onDone,
}: {
  action: TwoFactorAction;
  onClose: () => void;
  /** After the change: what the snackbar says. */
  onDone: (message: string) => void;
}) {
  const t = useT();
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const renew = useRenewRecoveryCodes();
  const turnOff = useTurnOffTwoFactor();
  const busy = start.isPending || confirm.isPending || renew.isPending || turnOff.isPending;

  const refused = (field: 'currentPassword' | 'code') => (failure: unknown) => {
    if (isApiError(failure, 401)) return;
    const apiError = asApiError(failure);
    const onField = apiError.fields?.[field];
    setFieldError(onField ?? null);
    setError(onField ? null : apiError.message);
  };

  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password === '') {
      setFieldError(t('account.enterCurrentPassword'));
      return;
    }
    setFieldError(null);
    const onError = refused('currentPassword');
    if (action === 'turn-on')
      start.mutate(password, { onSuccess: (enrolment) => setStep({ kind: 'app', enrolment }), onError });
    else if (action === 'new-codes')
      renew.mutate(password, {
        onSuccess: ({ recoveryCodes }) => setStep({ kind: 'codes', codes: recoveryCodes }),
        onError,
      });
    else turnOff.mutate(password, { onSuccess: () => onDone(t('twoStep.isOff')), onError });
  };

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setFieldError(twoFactorMessages.codeRequired);
      return;
    }
    setFieldError(null);
    confirm.mutate(digits, {
      onSuccess: ({ recoveryCodes }) => setStep({ kind: 'codes', codes: recoveryCodes }),
      onError: refused('code'),
    });
  };

  const alert = error ? (
    <Alert severity="error" role="alert">
      {error}
    </Alert>
  ) : null;

  let content;
  if (step.kind === 'codes') {
    content = (
      <DialogContent>
        <RecoveryCodes
          codes={step.codes}
          fileName="storedesk-recovery-codes.txt"
          doneLabel={t('twoStep.done')}
          onDone={() => onDone(action === 'turn-on' ? t('twoStep.isOn') : t('twoStep.codesSaved'))}
        />
      </DialogContent>
    );
  } else if (step.kind === 'app') {
    content = (
      <form noValidate onSubmit={onCode}>
        <DialogContent>
          <Stack spacing={2}>
            <AuthenticatorSecret secret={step.enrolment.secret} otpauthUrl={step.enrolment.otpauthUrl} />
            {alert}
            <TextField
              label={t('twoStep.code')}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={Boolean(fieldError)}
              helperText={fieldError ?? t('twoStep.codeHint')}
              fullWidth
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} loading={confirm.isPending}>
            {confirm.isPending ? t('twoStep.confirming') : t('twoStep.confirm')}
          </Button>
        </DialogActions>
      </form>
    );
  } else {
    content = (
      <form noValidate onSubmit={onPassword}>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>{t(intros[action])}</Typography>
            {alert}
            <TextField
              label={t('account.currentPassword')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(fieldError)}
              helperText={fieldError ?? undefined}
              fullWidth
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={action === 'turn-off' ? 'error' : 'primary'}
            disabled={busy}
            loading={busy}
          >
            {action === 'turn-off' ? t('twoStep.turnOff') : t('common.continue')}
          </Button>
        </DialogActions>
      </form>
    );
  }

  return (
    <Dialog
      open
      // The codes are shown once: only "I have saved them" closes the dialog then.
      onClose={busy || step.kind === 'codes' ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>
        {step.kind === 'codes' ? t('twoStep.saveCodes') : t(titles[action])}
      </DialogTitle>
      {content}
    </Dialog>
  );
}
