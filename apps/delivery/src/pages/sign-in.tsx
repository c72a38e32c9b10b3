import { useState, type FormEvent } from 'react';
import type { DeliverySignInResponse } from '@storedesk/shared/delivery/schemas';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { LanguageChooser, useT } from '@storedesk/web/i18n';
import { TextField } from '@storedesk/web/text-field';
import { FormAlert } from '@storedesk/web/states';
import { useTexts } from '@storedesk/web/texts';
import { api } from '../lib/api.ts';
import { forgetOrders } from '../lib/orders.ts';
import { Link } from '../lib/router.tsx';
import { lastExecutive, session } from '../lib/session.ts';

type Choice = { id: string; name: string };

/**
 * Sign-in of a delivery executive with the e-mail and password the business gave them; an address
 * that signs in to several businesses is asked which one. Staff are refused here (403), as
 * executives are on the console.
 */
export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const t = useT();
  const texts = useTexts();

  const signIn = async (businessId?: string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api<DeliverySignInResponse | { chooseBusiness: Choice[] }>('POST', '/sign-in', {
        email: email.trim(),
        password,
        ...(businessId ? { businessId } : {}),
      });
      if ('chooseBusiness' in answer) {
        setChoices(answer.chooseBusiness);
        setBusy(false);
        return;
      }
      // Changes left waiting by someone else on this phone are not this executive's to send.
      if (lastExecutive.get() !== answer.user.id) forgetOrders();
      lastExecutive.set(answer.user.id);
      session.set({
        token: answer.token,
        user: answer.user,
        business: answer.business,
        onDuty: answer.onDuty,
      });
    } catch (failure) {
      setError(asApiError(failure));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn();
  };

  const fieldError = (field: string) => error?.fields?.[field];
  const general = error && !fieldError('email') && !fieldError('password') ? texts.error(error) : null;

  if (choices) {
    return (
      <section className="panel narrow" aria-labelledby="choose-title">
        <h1 id="choose-title">{t('signIn.chooseTitle')}</h1>
        <p className="muted">{t('signIn.chooseText', { email: email.trim() })}</p>
        <ul className="choices">
          {choices.map((choice) => (
            <li key={choice.id}>
              <button
                type="button"
                className="button block secondary"
                disabled={busy}
                onClick={() => void signIn(choice.id)}
              >
                {choice.name}
              </button>
            </li>
          ))}
        </ul>
        <FormAlert message={general} />
        <button
          type="button"
          className="text-button"
          onClick={() => {
            setChoices(null);
            setError(null);
          }}
        >
          {t('signIn.back')}
        </button>
      </section>
    );
  }

  return (
    <section className="panel narrow" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('signIn.title')}</h1>
      <p className="muted">{t('signIn.intro')}</p>
      <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <TextField
          id="email"
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError('email')}
          required
        />
        <TextField
          id="password"
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError('password')}
          required
        />
        <FormAlert message={general} />
        <button type="submit" className="button block" disabled={busy}>
          {t(busy ? 'signIn.busy' : 'signIn.submit')}
        </button>
      </form>
      <p>
        <Link to="/forgot-password" className="text-link">
          {t('signIn.forgot')}
        </Link>
      </p>
      <LanguageChooser />
    </section>
  );
}
