import { useState, type FormEvent } from 'react';
import { passwordResetMessages } from '@storedesk/shared/auth/password-reset-messages';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { TextField } from '@storedesk/web/text-field';
import { api } from '../lib/api.ts';
import { Link } from '../lib/router.tsx';

/** B8: ask for a link to reset the password; the answer never says whether the account exists. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('POST', '/forgot-password', { email: email.trim() });
      setSent(true);
    } catch (failure) {
      setError(asApiError(failure));
    } finally {
      setBusy(false);
    }
  };

  const backToSignIn = (
    <p>
      <Link to="/" className="text-link">
        Back to sign in
      </Link>
    </p>
  );

  if (sent) {
    return (
      <section className="panel narrow" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Check your e-mail</h1>
        <p className="success" role="status">
          {passwordResetMessages.sent}
        </p>
        <p className="muted">
          The link works once, for 30 minutes. Nothing there? Look in the spam folder, or{' '}
          <button type="button" className="text-button inline" onClick={() => setSent(false)}>
            send another
          </button>
          .
        </p>
        {backToSignIn}
      </section>
    );
  }

  const emailError = error?.fields?.email;
  return (
    <section className="panel narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot password</h1>
      <p className="muted">
        Enter the e-mail you sign in with and we'll send you a link to set a new password.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="forgot-title">
        {error && !emailError ? (
          <p className="field-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <TextField
          id="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
          required
        />
        <button type="submit" className="button block" disabled={busy}>
          {busy ? 'Sending…' : 'Send'}
        </button>
      </form>
      {backToSignIn}
    </section>
  );
}
