import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { apiFetch, asApiError } from '@/lib/api-client.ts';
import { useSignedInSession } from '@/lib/session.ts';

/** While the signed-in user's e-mail is unverified: a banner saying so, with Resend (docs/spec.md, Onboarding; ADR 0057). */
export function EmailVerificationBanner() {
  const { user } = useSignedInSession();
  const [dialog, setDialog] = useState<{ title: string; message: string } | null>(null);
  const resend = useMutation({
    mutationFn: () => apiFetch('/account/verification-email', { method: 'POST' }),
    onSuccess: () => setDialog({ title: 'Email sent', message: 'Verification email is sent.' }),
    onError: (error) => setDialog({ title: 'Error', message: asApiError(error).message }),
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
            {resend.isPending ? 'Sending…' : 'Resend'}
          </Button>
        }
      >
        Please verify your email, {user.email}: follow the link we sent there.
      </Alert>
      <ErrorDialog message={dialog?.message ?? null} title={dialog?.title} onClose={() => setDialog(null)} />
    </>
  );
}
