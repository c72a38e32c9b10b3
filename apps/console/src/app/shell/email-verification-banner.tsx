import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useT } from '@storedesk/web/i18n';
import { useTexts } from '@storedesk/web/texts';
import { useState } from 'react';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { apiFetch, asApiError } from '@/lib/api-client.ts';
import { useSignedInSession } from '@/lib/session.ts';

/** While the signed-in user's e-mail is unverified: a banner saying so, with Resend (docs/spec.md, Onboarding; ADR 0057). */
export function EmailVerificationBanner() {
  const { user } = useSignedInSession();
  const t = useT();
  // An error this browser made itself (offline) in the language shown; the server's as it sent it.
  const texts = useTexts();
  const [dialog, setDialog] = useState<{ title: string; message: string } | null>(null);
  const resend = useMutation({
    mutationFn: () => apiFetch('/account/verification-email', { method: 'POST' }),
    onSuccess: () => setDialog({ title: t('shell.emailSent'), message: t('shell.emailSentMessage') }),
    onError: (error) => setDialog({ title: t('shell.error'), message: texts.error(asApiError(error)) }),
  });
  if (user.emailVerified) return null;
  return (
    <>
      <Alert
        severity="warning"
        role="status"
        sx={{ mb: 2, '& .MuiAlert-message': { wordBreak: 'break-word' } }}
        action={
          <Button color="inherit" size="small" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? t('shell.sending') : t('shell.resend')}
          </Button>
        }
      >
        {t('shell.verifyEmail', { email: user.email })}
      </Alert>
      <ErrorDialog message={dialog?.message ?? null} title={dialog?.title} onClose={() => setDialog(null)} />
    </>
  );
}
