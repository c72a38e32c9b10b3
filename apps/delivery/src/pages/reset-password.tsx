import { useState, type FormEvent } from 'react';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { useT } from '@storedesk/web/i18n';
import { TextField } from '@storedesk/web/text-field';
import { useTexts } from '@storedesk/web/texts';
import { api } from '../lib/api.ts';
import { Link, useLocation } from '../lib/router.tsx';

/** The password's one rule (D18), checked here before the server does. */
const passwordMin = 8;

/** A refusal of the link itself (expired 400, used 409, not valid 400), as opposed to the password. */
const isLinkRefusal = (error: ApiError) =>
  error.status === 409 || (error.status === 400 && Boolean(error.fields?.token));

function LinkProblem({ message }: { message: string }) {
  const t = useT();
  return (
    <section className="panel narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      <p className="field-error" role="alert">
        {message}
      </p>
      <p>
        <Link to="/forgot-password" className="text-link">
          {t('reset.askAgain')}
        </Link>
        {' · '}
        <Link to="/" className="text-link">
          {t('reset.signIn')}
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
  const t = useT();
  const texts = useTexts();

  if (!token) return <LinkProblem message={t('reset.invalid')} />;
  if (error && isLinkRefusal(error)) return <LinkProblem message={texts.error(error)} />;

  if (done) {
    return (
      <section className="panel narrow" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('reset.doneTitle')}</h1>
        <p className="success" role="status">
          {t('reset.done')}
        </p>
        <Link to="/" className="button block">
          {t('reset.signIn')}
        </Link>
      </section>
    );
  }

  const passwordProblem =
    error?.fields?.password ??
    (checked && password.length < passwordMin ? t('reset.passwordLength') : undefined);
  const confirmProblem =
    checked && confirm !== password && password.length >= passwordMin ? t('reset.mismatch') : undefined;

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
      <h1 id="reset-title">{t('reset.title')}</h1>
      <p className="muted">{t('reset.intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="reset-title">
        {error && !error.fields?.password ? (
          <p className="field-error" role="alert">
            {texts.error(error)}
          </p>
        ) : null}
        <TextField
          id="new-password"
          label={t('reset.newPassword')}
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
          label={t('reset.confirm')}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={confirmProblem}
          required
        />
        <button type="submit" className="button block" disabled={busy}>
          {t(busy ? 'common.saving' : 'reset.save')}
        </button>
      </form>
      <p>
        <Link to="/" className="text-link">
          {t('common.backToSignIn')}
        </Link>
      </p>
    </section>
  );
}
