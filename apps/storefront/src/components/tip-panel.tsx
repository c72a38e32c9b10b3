import type { Tip } from '@storedesk/shared/delivery/earnings';
import { suggestedTipsPaise, tipAmountProblem, tipLimits } from '@storedesk/shared/delivery/earnings-rules';
import { parseRupees } from '@storedesk/shared/money';
import type { Checkout } from '@storedesk/shared/payments/online';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import { isApiError } from '@storedesk/web/api';
import { useFormat, useT } from '@storedesk/web/i18n';
import { FormAlert } from '@storedesk/web/states';
import { useTexts } from '@storedesk/web/texts';
import { useEffect, useRef, useState } from 'react';
import { useBusiness } from '../business.ts';
import type { MessageId } from '../i18n/index.ts';
import { api } from '../lib/api.ts';
import { failureText } from '../lib/checkout-failure.ts';
import { useStillAhead } from '../lib/still-ahead.ts';
import { formatTip } from '../lib/tips.ts';

/** The tip an amount typed in rupees makes, or what is wrong with it (the server's rules, the app's words). */
function readOther(text: string): { paise: number } | { error: MessageId; limitPaise?: number } {
  const paise = parseRupees(text);
  if (paise === null) return { error: 'tip.notAnAmount' };
  if (tipAmountProblem(paise) === null) return { paise };
  return paise < tipLimits.minPaise
    ? { error: 'tip.tooSmall', limitPaise: tipLimits.minPaise }
    : { error: 'tip.tooLarge', limitPaise: tipLimits.maxPaise };
}

/**
 * The tip's amount (a suggested one, or another typed in rupees) and "Pay ₹X tip", which opens the
 * gateway's checkout for it as Pay online does for the bill, then has the server verify its answer.
 */
function TipForm({ order, onTipped }: { order: CustomerOrder; onTipped: (tip: Tip) => void }) {
  const business = useBusiness();
  const t = useT();
  const texts = useTexts();
  const { money } = useFormat();
  const [suggested, setSuggested] = useState<number | null>(null);
  const [other, setOther] = useState('');
  const [otherTouched, setOtherTouched] = useState(false);
  const [stage, setStage] = useState<'opening' | 'verifying' | null>(null);
  /** The server's word on the amount, shown under it until the amount changes. */
  const [amountRefused, setAmountRefused] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const typed = other.trim() === '' ? null : readOther(other);
  const paise = suggested ?? (typed && 'paise' in typed ? typed.paise : null);
  const amountError =
    amountRefused ??
    (otherTouched && suggested === null
      ? typed === null
        ? t('tip.chooseAmount')
        : 'error' in typed
          ? t(typed.error, { amount: money(typed.limitPaise ?? 0) })
          : null
      : null);

  const pay = async (amountPaise: number) => {
    setStage('opening');
    setFailure(null);
    setAmountRefused(null);
    try {
      const checkout = await api<Checkout>('POST', `/orders/${order.id}/tip`, { amountPaise });
      const { openCheckout, verifyBody } = await import('../lib/checkout.ts');
      const answer = await openCheckout(checkout, {
        description: t('tip.description', { number: String(order.number) }),
        name: order.customerName,
        phone: order.customerPhone,
        color: business.theme?.primaryColor,
      });
      // Closed without paying: the panel stays as it was.
      if (!answer) return;
      setStage('verifying');
      onTipped(await api<Tip>('POST', `/orders/${order.id}/tip/verify`, verifyBody(answer)));
    } catch (error) {
      const amountField = isApiError(error, 400) ? error.fields?.amountPaise : undefined;
      if (amountField) setAmountRefused(amountField);
      else setFailure(failureText(error, texts, t));
    } finally {
      setStage(null);
    }
  };

  const choose = (amount: number) => {
    setSuggested(suggested === amount ? null : amount);
    setOther('');
    setOtherTouched(false);
    setAmountRefused(null);
  };

  return (
    <form
      aria-label={t('tip.form')}
      aria-busy={stage !== null}
      onSubmit={(event) => {
        event.preventDefault();
        setOtherTouched(true);
        if (paise !== null && stage === null) void pay(paise);
      }}
    >
      <fieldset disabled={stage !== null}>
        <div className="chips tip-amounts" role="group" aria-label={t('tip.amount')}>
          {suggestedTipsPaise.map((amount) => (
            <button
              key={amount}
              type="button"
              aria-pressed={suggested === amount}
              onClick={() => choose(amount)}
            >
              {formatTip(amount)}
            </button>
          ))}
        </div>
        <label htmlFor="tip-other">{t('tip.other')}</label>
        <input
          id="tip-other"
          inputMode="decimal"
          autoComplete="off"
          value={other}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? 'tip-other-hint tip-other-error' : 'tip-other-hint'}
          onChange={(event) => {
            setOther(event.target.value);
            setSuggested(null);
            setAmountRefused(null);
          }}
          onBlur={() => {
            if (other.trim() !== '') setOtherTouched(true);
          }}
        />
        <p id="tip-other-hint" className="hint">
          {t('tip.range', { min: formatTip(tipLimits.minPaise), max: formatTip(tipLimits.maxPaise) })}
        </p>
        {amountError ? (
          <p id="tip-other-error" className="field-error" role="alert">
            {amountError}
          </p>
        ) : null}
      </fieldset>
      <FormAlert message={failure} />
      <button type="submit" className="button block" disabled={stage !== null}>
        {stage === 'opening'
          ? t('pay.opening')
          : stage === 'verifying'
            ? t('tip.checking')
            : paise === null
              ? t('tip.pay')
              : t('tip.payAmount', { amount: formatTip(paise) })}
      </button>
    </form>
  );
}

function TipThanks({ tip, justGiven }: { tip: Tip; justGiven: boolean }) {
  const t = useT();
  const thanks = useRef<HTMLParagraphElement>(null);
  // The form the customer paid from is gone: their focus goes to what replaced it.
  useEffect(() => {
    if (justGiven) thanks.current?.focus();
  }, [justGiven]);
  return (
    <section className="panel" aria-label={t('tip.yours')}>
      <p ref={thanks} className="tip-thanks" role="status" tabIndex={-1}>
        {t(tip.method === 'CASH' ? 'tip.thanksCash' : 'tip.thanks', { amount: formatTip(tip.amountPaise) })}
      </p>
    </section>
  );
}

/**
 * Tipping the delivery executive after delivery (B18): the tip given, with thanks; or, while the
 * order may still be tipped online (`tipUntil`), the form that pays one. Once paid, the page reads
 * the order again (`onTipped`); the thanks show meanwhile from the server's answer.
 */
export function TipPanel({
  order,
  timeZone,
  onTipped,
}: {
  order: CustomerOrder;
  timeZone: string;
  onTipped: () => void;
}) {
  const t = useT();
  const { dateTime } = useFormat();
  const [given, setGiven] = useState<Tip | null>(null);
  const open = useStillAhead(order.tipUntil);
  const tip = order.tip ?? given;

  if (tip) return <TipThanks tip={tip} justGiven={given !== null} />;
  if (!open || !order.tipUntil) return null;
  return (
    <section className="panel" aria-labelledby="tip-title">
      <h2 id="tip-title" className="section-title">
        {t('tip.title')}
      </h2>
      <p>{t('tip.intro', { time: dateTime(order.tipUntil, timeZone) })}</p>
      <TipForm
        order={order}
        onTipped={(paid) => {
          setGiven(paid);
          onTipped();
        }}
      />
      <p className="muted small">{t('tip.cash')}</p>
    </section>
  );
}
