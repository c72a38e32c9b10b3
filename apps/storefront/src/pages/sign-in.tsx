import { useState, type FormEvent } from 'react';
import type { Customer } from '@storedesk/shared/storefront/customers';
import type { ApiError } from '@storedesk/web/api';
import { LanguageChooser, useT } from '@storedesk/web/i18n';
import { useTexts } from '@storedesk/web/texts';
import { useBusiness } from '../business.ts';
import { TextField } from '@storedesk/web/text-field';
import { FormAlert } from '@storedesk/web/states';
import { api } from '../lib/api.ts';
import { navigate, useLocation } from '../lib/router.tsx';
import { session } from '../lib/state.ts';

/** Where to go after signing in: a page of this app only. */
function safeNext(next: string | null): string {
  return next && /^\/[\w/-]*$/.test(next) ? next : '/';
}

/**
 * Sign-in by phone: a 6-digit code goes to it by SMS, and the code signs in. Asked for only when
 * something needs the customer (checkout, their orders), never to browse.
 */
export default function SignInPage() {
  const { query } = useLocation();
  const next = safeNext(query.get('next'));
  const [step, setStep] = useState<'phone' | 'code' | 'referral'>('phone');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [referralCode, setReferralCode] = useState('');
  const business = useBusiness();
  const t = useT();
  const texts = useTexts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  // The number the code went to, said above the code's field.
  const [sentTo, setSentTo] = useState<string | null>(null);

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('POST', '/auth/code', { phone });
      setStep('code');
      setSentTo(phone);
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const signedIn = await api<{ token: string; customer: Customer }>('POST', '/auth/verify', {
        phone,
        code,
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      session.set(signedIn);
      // A friend's code counts only before the first order: given now, or not at all.
      if (referralCode.trim() && business.referral && !signedIn.customer.referred) {
        try {
          const customer = await api<Customer>('PATCH', '/account', { referralCode });
          session.set({ ...signedIn, customer });
        } catch (failure) {
          setStep('referral');
          setError(failure as ApiError);
          setBusy(false);
          return;
        }
      }
      navigate(next, { replace: true });
    } catch (failure) {
      setError(failure as ApiError);
      setBusy(false);
    }
  };

  const fieldError = (field: string) => error?.fields?.[field];
  const general = error && Object.keys(error.fields ?? {}).length === 0 ? texts.error(error) : null;

  return (
    <section className="panel narrow">
      <h1>{t('signIn.title')}</h1>
      {step === 'referral' ? (
        <div>
          <p>{t('signIn.signedIn')}</p>
          <p className="field-error" role="alert">
            {error?.fields?.referralCode ?? (error ? texts.error(error) : null)}
          </p>
          <button type="button" className="button block" onClick={() => navigate(next, { replace: true })}>
            {t('signIn.continueWithout')}
          </button>
        </div>
      ) : step === 'phone' ? (
        <form onSubmit={sendCode} noValidate>
          <p className="muted">{t('signIn.intro')}</p>
          <TextField
            id="phone"
            label={t('signIn.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={fieldError('phone')}
            required
          />
          <FormAlert message={general} />
          <button type="submit" className="button block" disabled={busy || phone.trim() === ''}>
            {t(busy ? 'signIn.sending' : 'signIn.sendCode')}
          </button>
        </form>
      ) : (
        <form onSubmit={verify} noValidate>
          <p className="muted" role="status">
            {sentTo === null ? null : t('signIn.sent', { phone: sentTo })}
          </p>
          <TextField
            id="code"
            label={t('signIn.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={fieldError('code')}
            required
          />
          <label htmlFor="name">{t('signIn.name')}</label>
          <input
            id="name"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          {business.referral ? (
            <>
              <label htmlFor="referral-code">{t('signIn.referralCode')}</label>
              <input
                id="referral-code"
                autoCapitalize="characters"
                autoComplete="off"
                value={referralCode}
                onChange={(event) => setReferralCode(event.target.value)}
              />
            </>
          ) : null}
          <FormAlert message={general} />
          <button type="submit" className="button block" disabled={busy || code.length !== 6}>
            {t(busy ? 'signIn.busy' : 'signIn.submit')}
          </button>
          <div className="row-buttons">
            <button type="button" className="text-button" disabled={busy} onClick={() => void sendCode()}>
              {t('signIn.newCode')}
            </button>
            <button
              type="button"
              className="text-button"
              onClick={() => {
                setStep('phone');
                setCode('');
                setError(null);
              }}
            >
              {t('signIn.changeNumber')}
            </button>
          </div>
        </form>
      )}
      <LanguageChooser />
    </section>
  );
}
