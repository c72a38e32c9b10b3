import { useState, type FormEvent } from 'react';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { FormattedMessage, useT } from '@storedesk/web/i18n';
import { TextField } from '@storedesk/web/text-field';
import { useTexts } from '@storedesk/web/texts';
import { api } from '../lib/api.ts';
import { Link } from '../lib/router.tsx';

/** B8: ask for a link to reset the password; the answer never says whether the account exists. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const t = useT();
  const texts = useTexts();

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
        {t('common.backToSignIn')}
      </Link>
    </p>
  );

  if (sent) {
    return (
      <section className="panel narrow" aria-labelledby="forgot-title">
        <h1 id="forgot-title">{t('forgot.sentTitle')}</h1>
        <p className="success" role="status">
          {t('forgot.sent')}
        </p>
        <p className="muted">
          <FormattedMessage
            id="forgot.sentHint"
            values={{
              again: (words) => (
                <button type="button" className="text-button inline" onClick={() => setSent(false)}>
                  {words}
                </button>
              ),
            }}
          />
        </p>
        {backToSignIn}
      </section>
    );
  }

  const emailError = error?.fields?.email;
  return (
    <section className="panel narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('forgot.title')}</h1>
      <p className="muted">{t('forgot.intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="forgot-title">
        {error && !emailError ? (
          <p className="field-error" role="alert">
            {texts.error(error)}
          </p>
        ) : null}
        <TextField
          id="email"
          label={t('signIn.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
          required
        />
        <button type="submit" className="button block" disabled={busy}>
          {t(busy ? 'common.sending' : 'forgot.send')}
        </button>
      </form>
      {backToSignIn}
    </section>
  );
}
