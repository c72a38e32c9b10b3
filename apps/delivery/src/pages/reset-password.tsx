import { useState, type FormEvent } from 'react';
import { passwordResetMessages } from '@storedesk/shared/auth/password-reset-messages';
import { messages } from '@storedesk/shared/messages';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { TextField } from '@storedesk/web/text-field';
import { api } from '../lib/api.ts';
import { Link, useLocation } from '../lib/router.tsx';

/** The password's one rule (D18), checked here before the server does. */
const passwordMin = 8;

/** A refusal of the link itself (expired 400, used 409, not valid 400), as opposed to the password. */
const isLinkRefusal = (error: ApiError) =>
  error.status === 409 || (error.status === 400 && Boolean(error.fields?.token));

function LinkProblem({ message }: { message: string }) {
  return (
    <section className="panel narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset password</h1>
      <p className="field-error" role="alert">
        {message}
      </p>
      <p>
        <Link to="/forgot-password" className="text-link">
          Ask for a new link
        </Link>
        {' · '}
        <Link to="/" className="text-link">
          Sign in
        </Link>
      </p>
    </section>
  );
}

/** B8: set a new password with the link from the e-mail (`/deliver/reset-password?token=…`). */
export default function ResetPasswordPage() {
  const { query } = useLocation();
  const token = query.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  if (!token) return <LinkProblem message={passwordResetMessages.invalid} />;
  if (error && isLinkRefusal(error)) return <LinkProblem message={error.message} />;

  if (done) {
    return (
      <section className="panel narrow" aria-labelledby="reset-title">
        <h1 id="reset-title">Password changed</h1>
        <p className="success" role="status">
          Your password is changed, and every session that used the old one has ended.
        </p>
        <Link to="/" className="button block">
          Sign in
        </Link>
      </section>
    );
  }

  const passwordProblem =
    error?.fields?.password ??
    (checked && password.length < passwordMin ? messages.passwordLength : undefined);
  const confirmProblem =
    checked && confirm !== password && password.length >= passwordMin
      ? passwordResetMessages.confirmMismatch
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setError(null);
    if (password.length < passwordMin || confirm !== password) return;
    setBusy(true);
    try {
      await api('POST', '/reset-password', { token, password });
      setDone(true);
    } catch (failure) {
      setError(asApiError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset password</h1>
      <p className="muted">Choose a new password of 8 to 128 characters.</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="reset-title">
        {error && !error.fields?.password ? (
          <p className="field-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <TextField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordProblem}
          required
        />
        <TextField
          id="confirm-password"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={confirmProblem}
          required
        />
        <button type="submit" className="button block" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </form>
      <p>
        <Link to="/" className="text-link">
          Back to sign in
        </Link>
      </p>
    </section>
  );
}
