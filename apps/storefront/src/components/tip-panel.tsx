import type { Tip } from '@storedesk/shared/delivery/earnings';
import { suggestedTipsPaise, tipAmountProblem, tipLimits } from '@storedesk/shared/delivery/earnings-rules';
import { formatDateTime } from '@storedesk/shared/dates';
import { amountMessages, parseRupees } from '@storedesk/shared/money';
import type { Checkout } from '@storedesk/shared/payments/online';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import { isApiError } from '@storedesk/web/api';
import { FormAlert } from '@storedesk/web/states';
import { useEffect, useRef, useState } from 'react';
import { useBusiness } from '../business.ts';
import { api } from '../lib/api.ts';
import { formatTip } from '../lib/tips.ts';

/** The longest wait a timer takes (about 24.8 days); the time to tip is far shorter. */
const longestTimerMs = 2 ** 31 - 1;

/** Whether `until` is still ahead: checked when shown, and turned false when it passes. */
function useStillAhead(until: string | null): boolean {
  const [passed, setPassed] = useState<string | null>(() =>
    until !== null && Date.parse(until) <= Date.now() ? until : null,
  );
  useEffect(() => {
    if (until === null) return;
    const left = Date.parse(until) - Date.now();
    const timer = setTimeout(() => setPassed(until), Math.min(Math.max(0, left), longestTimerMs));
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null && passed !== until;
}

/** The tip an amount typed in rupees makes, or what is wrong with it, in the server's words. */
function readOther(text: string): { paise: number } | { error: string } {
  const paise = parseRupees(text);
  if (paise === null) return { error: amountMessages.rupees };
  const problem = tipAmountProblem(paise);
  return problem ? { error: problem } : { paise };
}

/**
 * The tip's amount (a suggested one, or another typed in rupees) and "Pay ₹X tip", which opens the
 * gateway's checkout for it as Pay online does for the bill, then has the server verify its answer.
 */
function TipForm({ order, onTipped }: { order: CustomerOrder; onTipped: (tip: Tip) => void }) {
  const business = useBusiness();
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
        ? 'Choose an amount, or enter one'
        : 'error' in typed
          ? typed.error
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
        description: `Tip for order #${order.number}`,
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
      else setFailure(error instanceof Error ? error.message : String(error));
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
      aria-label="Tip"
      aria-busy={stage !== null}
      onSubmit={(event) => {
        event.preventDefault();
        setOtherTouched(true);
        if (paise !== null && stage === null) void pay(paise);
      }}
    >
      <fieldset disabled={stage !== null}>
        <div className="chips tip-amounts" role="group" aria-label="Tip amount">
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
        <label htmlFor="tip-other">Other amount (₹)</label>
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
          {formatTip(tipLimits.minPaise)} to {formatTip(tipLimits.maxPaise)}
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
          ? 'Opening the payment…'
          : stage === 'verifying'
            ? 'Checking your payment…'
            : paise === null
              ? 'Pay tip'
              : `Pay ${formatTip(paise)} tip`}
      </button>
    </form>
  );
}

function TipThanks({ tip, justGiven }: { tip: Tip; justGiven: boolean }) {
  const thanks = useRef<HTMLParagraphElement>(null);
  // The form the customer paid from is gone: their focus goes to what replaced it.
  useEffect(() => {
    if (justGiven) thanks.current?.focus();
  }, [justGiven]);
  return (
    <section className="panel" aria-label="Your tip">
      <p ref={thanks} className="tip-thanks" role="status" tabIndex={-1}>
        You tipped {formatTip(tip.amountPaise)}
        {tip.method === 'CASH' ? ' in cash' : ''}. Thank you!
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
  const [given, setGiven] = useState<Tip | null>(null);
  const open = useStillAhead(order.tipUntil);
  const tip = order.tip ?? given;

  if (tip) return <TipThanks tip={tip} justGiven={given !== null} />;
  if (!open || !order.tipUntil) return null;
  return (
    <section className="panel" aria-labelledby="tip-title">
      <h2 id="tip-title" className="section-title">
        Tip your delivery executive
      </h2>
      <p>
        All of it goes to the executive who delivered your order. You can tip until{' '}
        {formatDateTime(order.tipUntil, timeZone)}.
      </p>
      <TipForm
        order={order}
        onTipped={(paid) => {
          setGiven(paid);
          onTipped();
        }}
      />
      <p className="muted small">You can also tip in cash at the door.</p>
    </section>
  );
}
