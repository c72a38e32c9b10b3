import { ifMissingChoices, ifMissingLabels } from '@storedesk/shared/orders/if-missing';
import { Choices } from '../components/choices.tsx';
import { useEffect, useState, type FormEvent } from 'react';
import { formatRupees } from '@storedesk/shared/money';
import type { Address } from '@storedesk/shared/storefront/addresses';
import type { Customer } from '@storedesk/shared/storefront/customers';
import type { StorefrontOrder, StorefrontQuote } from '@storedesk/shared/storefront/schemas';
import { lineName, lineWeightName, maxQuantityOf, quantityText } from '@storedesk/shared/catalogue/variants';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { useData } from '@storedesk/web/use-data';
import { useBusiness } from '../business.ts';
import { Bill } from '../components/bill.tsx';
import { QuantityControl, VegMark } from '../components/quantity.tsx';
import { PointMap } from '../components/point-map.tsx';
import { ErrorPanel, FormAlert, Spinner } from '@storedesk/web/states';
import { api } from '../lib/api.ts';
import { lineMaxQuantity } from '../lib/catalogue.ts';
import { lineProblems, type LineProblem } from '../lib/cart-problems.ts';
import { Link, navigate } from '../lib/router.tsx';
import {
  cart,
  checkoutDraft,
  type CheckoutDraft,
  lineKey,
  place,
  session,
  withQuantity,
  type Cart,
  type CartLine,
} from '../lib/state.ts';

const requestOf = (value: Cart) => ({
  storeId: value.storeId,
  items: value.lines.map((line) => ({
    itemId: line.itemId,
    ...(line.variantId ? { variantId: line.variantId } : {}),
    quantity: line.quantity,
  })),
  ...(value.couponCode ? { couponCode: value.couponCode } : {}),
});

/**
 * The bill the order would have now: asked again whenever the cart or its coupon changes. A
 * refused coupon is said (`couponError`) and the bill shown without it.
 */
function useQuote(value: Cart | null) {
  type Answer = {
    key: string;
    quote: StorefrontQuote | null;
    error: ApiError | null;
    couponError: string | null;
  };
  const [answer, setAnswer] = useState<Answer | null>(null);
  const key = value ? JSON.stringify(requestOf(value)) : null;
  useEffect(() => {
    if (!key) return;
    let current = true;
    const request = JSON.parse(key) as ReturnType<typeof requestOf>;
    const ask = async (): Promise<Answer> => {
      try {
        return {
          key,
          quote: await api<StorefrontQuote>('POST', '/quote', request),
          error: null,
          couponError: null,
        };
      } catch (failure) {
        const error = asApiError(failure);
        const couponError = error.fields?.couponCode;
        if (!couponError || !request.couponCode) return { key, quote: null, error, couponError: null };
        const { couponCode: _refused, ...without } = request;
        try {
          return {
            key,
            quote: await api<StorefrontQuote>('POST', '/quote', without),
            error: null,
            couponError,
          };
        } catch (again) {
          return { key, quote: null, error: asApiError(again), couponError };
        }
      }
    };
    void ask().then((next) => current && setAnswer(next));
    return () => {
      current = false;
    };
  }, [key]);
  const busy = key !== null && answer?.key !== key;
  // While the next bill is asked for, the last one stays on screen.
  return {
    quote: answer?.quote ?? null,
    error: busy ? null : (answer?.error ?? null),
    couponError: answer?.couponError ?? null,
    busy,
  };
}

function NewAddress({ onSaved }: { onSaved: (address: Address) => void }) {
  const chosen = place.use();
  const [point, setPoint] = useState(chosen ? { lat: chosen.lat, lng: chosen.lng } : null);
  const [label, setLabel] = useState('Home');
  const [text, setText] = useState('');
  const [landmark, setLandmark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const save = async () => {
    if (!point) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await api<Address>('POST', '/addresses', {
        label,
        text,
        ...(landmark.trim() ? { landmark } : {}),
        lat: point.lat,
        lng: point.lng,
      });
      onSaved(saved);
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (name: string) =>
    error?.fields?.[name] ? (
      <p className="field-error" id={`address-${name}-error`}>
        {error.fields?.[name]}
      </p>
    ) : null;

  if (!point) {
    return (
      <p className="hint">
        Choose where to deliver on the home page first: <Link to="/">choose a place</Link>.
      </p>
    );
  }
  return (
    // Inside the checkout's form: a group of its own, saved by its button (forms do not nest).
    <div className="address-form" role="group" aria-label="New address">
      <PointMap value={point} onChange={setPoint} hint="Drag the pin to your door." />
      {fieldError('lat')}
      <label htmlFor="address-text">House, street and area</label>
      <textarea
        id="address-text"
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error?.fields?.text ? true : undefined}
        aria-describedby={error?.fields?.text ? 'address-text-error' : undefined}
        required
      />
      {fieldError('text')}
      <label htmlFor="address-landmark">Landmark (optional)</label>
      <input id="address-landmark" value={landmark} onChange={(event) => setLandmark(event.target.value)} />
      {fieldError('landmark')}
      <label htmlFor="address-label">Save as</label>
      <select id="address-label" value={label} onChange={(event) => setLabel(event.target.value)}>
        <option>Home</option>
        <option>Work</option>
        <option>Other</option>
      </select>
      {fieldError('label')}
      {error && Object.keys(error.fields ?? {}).length === 0 ? (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={busy || text.trim() === ''}
        onClick={() => void save()}
      >
        {busy ? 'Saving…' : 'Save address'}
      </button>
    </div>
  );
}

function Checkout({
  value,
  quote,
  onLinesRefused,
}: {
  value: Cart;
  quote: StorefrontQuote;
  /** The order was refused for some of its lines (fewer left than asked): the cart shows why at each. */
  onLinesRefused: (error: ApiError) => void;
}) {
  const business = useBusiness();
  const signedIn = session.use()!;
  const chosen = place.use();
  const addresses = useData(`addresses:${signedIn.customer.id}`, () =>
    api<{ items: Address[] }>('GET', '/addresses'),
  );
  const draft = checkoutDraft.use();
  const keep = (change: CheckoutDraft) => checkoutDraft.set({ ...checkoutDraft.get(), ...change });
  const addressId = draft.addressId ?? chosen?.addressId ?? null;
  const setAddressId = (id: string) => keep({ addressId: id });
  const [adding, setAdding] = useState(false);
  const modes = business.paymentModes;
  const usable = modes.filter((mode) => mode.type !== 'CARD');
  const paymentMode = usable.some((mode) => mode.type === draft.paymentMode)
    ? draft.paymentMode!
    : (usable[0]?.type ?? '');
  const setPaymentMode = (type: string) => keep({ paymentMode: type });
  const note = draft.note ?? '';
  const setNote = (text: string) => keep({ note: text });
  const ifMissing = draft.ifMissing ?? 'CALL';
  const [name, setName] = useState(signedIn.customer.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const items = addresses.data?.items ?? [];
  const selected =
    (addressId !== null && (!addresses.data || items.some((address) => address.id === addressId))
      ? addressId
      : null) ?? (items.length === 1 ? items[0]!.id : null);
  const showForm = adding || (addresses.data !== undefined && items.length === 0);

  const place_ = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (!signedIn.customer.name || name.trim() !== signedIn.customer.name) {
        const customer = await api<Customer>('PATCH', '/account', { name: name.trim() });
        session.set({ ...signedIn, customer });
      }
      // A coupon the bill went without is not sent: the order is what the bill shows.
      const order = await api<StorefrontOrder>('POST', '/orders', {
        ...requestOf({ ...value, couponCode: quote.couponCode ?? '' }),
        addressId: selected,
        paymentMode,
        ifMissing,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      cart.set(null);
      checkoutDraft.set({});
      navigate(`/orders/${order.id}`, { replace: true });
    } catch (failure) {
      const refusal = asApiError(failure);
      if (lineProblems(value, refusal).size > 0) {
        onLinesRefused(refusal);
        setError(null);
      } else {
        setError(refusal);
      }
      setBusy(false);
    }
  };
  // Why Place order cannot be pressed yet, said beside it rather than left to guess.
  const missing = !business.live
    ? 'This shop is not taking orders right now.'
    : name.trim() === ''
      ? 'Enter your name to place the order.'
      : !selected
        ? 'Choose an address to deliver to, or add one.'
        : !paymentMode
          ? 'Choose how to pay.'
          : null;
  const fieldError = (field: string) =>
    error?.fields?.[field] ? (
      <p className="field-error" role="alert">
        {error.fields?.[field]}
      </p>
    ) : null;
  const general =
    error && !['addressId', 'paymentMode', 'note', 'name'].some((field) => error.fields?.[field])
      ? error.message
      : null;

  return (
    <form onSubmit={place_} noValidate>
      <section className="panel">
        <h2 className="section-title">Your name</h2>
        <label htmlFor="customer-name" className="visually-hidden">
          Your name
        </label>
        <input
          id="customer-name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        {fieldError('name')}
      </section>
      <section className="panel">
        <fieldset>
          <legend className="section-title">Deliver to</legend>
          {addresses.loading && !addresses.data ? <Spinner label="Loading your addresses…" /> : null}
          {items.map((address) => (
            <label key={address.id} className="choice">
              <input
                type="radio"
                name="address"
                checked={selected === address.id}
                onChange={() => setAddressId(address.id)}
              />
              <span>
                <strong>{address.label}</strong> {address.text}
                {address.landmark ? <span className="muted"> · {address.landmark}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
        {fieldError('addressId')}
        {showForm ? (
          <NewAddress
            onSaved={(address) => {
              setAdding(false);
              setAddressId(address.id);
              addresses.reload();
            }}
          />
        ) : (
          <button type="button" className="text-button" onClick={() => setAdding(true)}>
            Add a new address
          </button>
        )}
      </section>
      <section className="panel">
        <fieldset>
          <legend className="section-title">Pay by</legend>
          {modes.map((mode) => (
            <label key={mode.type} className="choice">
              <input
                type="radio"
                name="payment"
                value={mode.type}
                checked={paymentMode === mode.type}
                disabled={mode.type === 'CARD'}
                onChange={() => setPaymentMode(mode.type)}
              />
              <span>
                {mode.title}
                {mode.type === 'CARD' ? <span className="muted"> · not available yet</span> : null}
                {mode.type === 'UPI' ? (
                  <span className="muted"> · pay after placing, in your UPI app</span>
                ) : null}
              </span>
            </label>
          ))}
          {modes.length === 0 ? <p className="muted">This shop has no way to pay set up yet.</p> : null}
        </fieldset>
        {fieldError('paymentMode')}
      </section>
      <section className="panel">
        <Choices
          legend="If an item is missing"
          name="if-missing"
          choices={ifMissingChoices}
          labels={ifMissingLabels}
          value={ifMissing}
          onChange={(choice) => keep({ ifMissing: choice })}
        />
      </section>
      <section className="panel">
        <label htmlFor="note" className="section-title">
          Note for the store (optional)
        </label>
        <textarea
          id="note"
          rows={2}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {fieldError('note')}
      </section>
      <FormAlert message={general} className="field-error pad" />
      <div className="cart-bar">
        {missing ? (
          <p id="place-needs" className="hint bar-hint">
            {missing}
          </p>
        ) : null}
        <button
          type="submit"
          className="button block"
          disabled={busy || missing !== null}
          aria-describedby={missing ? 'place-needs' : undefined}
        >
          {busy ? 'Placing your order…' : `Place order · ${formatRupees(quote.billAmountPaise)}`}
        </button>
      </div>
    </form>
  );
}

/** What the cart offers for a line the server refused: the quantity left (a weight when loose), or taking the line out. */
function LineFix({
  line,
  problem,
  storeId,
  onQuantity,
}: {
  line: CartLine;
  problem: LineProblem;
  storeId: string;
  onQuantity: (quantity: number) => void;
}) {
  const name = lineName(line.name, line.variantLabel);
  if (problem.part === 'variantId') {
    return <Link to={`/stores/${storeId}`}>Choose a pack size at the store</Link>;
  }
  if (problem.available !== null && problem.available > 0 && problem.available < line.quantity) {
    const left = quantityText(line, problem.available);
    return (
      <button
        type="button"
        className="button small secondary"
        aria-label={`Change ${name} to ${left}`}
        onClick={() => onQuantity(problem.available!)}
      >
        Change to {left}
      </button>
    );
  }
  if (problem.available === 0 || problem.part === 'itemId') {
    return (
      <button
        type="button"
        className="button small secondary"
        aria-label={`Remove ${name}`}
        onClick={() => onQuantity(0)}
      >
        Remove
      </button>
    );
  }
  return null;
}

export default function CartPage() {
  const value = cart.use();
  const signedIn = session.use();
  const quote = useQuote(value);
  const [coupon, setCoupon] = useState(value?.couponCode ?? '');
  // An order refused for some of its lines, for the cart it was placed with: any change forgets it.
  const [refused, setRefused] = useState<{ request: string; error: ApiError } | null>(null);
  // Place order is at the foot of the page: the refusal is brought into sight where it is said.
  useEffect(() => {
    if (refused) document.getElementById('cart-problems')?.scrollIntoView?.({ block: 'center' });
  }, [refused]);

  if (!value) {
    return (
      <section className="panel empty">
        <h1>Your cart is empty</h1>
        <p>
          <Link to="/">Find a store near you</Link>
        </p>
      </section>
    );
  }
  const request = JSON.stringify(requestOf(value));
  const lineError = quote.error ?? (refused?.request === request ? refused.error : null);
  const problems = lineProblems(value, lineError);
  const couponError = quote.couponError;
  const setQuantity = (line: CartLine, quantity: number) =>
    cart.set(withQuantity(value, { id: value.storeId, name: value.storeName }, line, quantity));
  const applyCoupon = (event: FormEvent) => {
    event.preventDefault();
    cart.set({ ...value, couponCode: coupon.trim() });
  };
  const blocking = quote.error;
  const problemsSummary =
    problems.size === 0 || !lineError
      ? null
      : `${lineError.status === 409 ? 'The store has fewer of some items than your cart holds.' : lineError.message} Change the marked items to go on.`;

  return (
    <>
      <section className="panel">
        <h1>Cart</h1>
        <p className="muted">
          From <Link to={`/stores/${value.storeId}`}>{value.storeName}</Link>
        </p>
        <ul className="list" aria-label="Items in the cart">
          {value.lines.map((line) => {
            const key = lineKey(line);
            const name = lineName(line.name, line.variantLabel);
            const problem = problems.get(key);
            return (
              <li key={key} className="cart-line">
                <span className="item-name">
                  {line.veg === undefined ? null : <VegMark veg={line.veg} />}{' '}
                  {lineWeightName({
                    itemName: line.name,
                    variantLabel: line.variantLabel,
                    itemQuantity: line.quantity,
                    stepGrams: line.stepGrams,
                  })}
                </span>
                <QuantityControl
                  name={name}
                  quantity={line.quantity}
                  max={maxQuantityOf(line, lineMaxQuantity)}
                  stepGrams={line.stepGrams}
                  onChange={(n) => setQuantity(line, n)}
                />
                <span className="price">{formatRupees(line.pricePaise * line.quantity)}</span>
                {problem ? (
                  <div className="line-problem full">
                    <p className="field-error">{problem.message}</p>
                    <LineFix
                      line={line}
                      problem={problem}
                      storeId={value.storeId}
                      onQuantity={(n) => setQuantity(line, n)}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
      <form className="panel coupon" onSubmit={applyCoupon} noValidate>
        <label htmlFor="coupon">Coupon</label>
        <div className="inline-field">
          <input
            id="coupon"
            value={coupon}
            autoCapitalize="characters"
            onChange={(event) => setCoupon(event.target.value)}
            aria-invalid={couponError ? true : undefined}
            aria-describedby={couponError ? 'coupon-error' : undefined}
          />
          <button type="submit" className="button secondary">
            Apply
          </button>
          {value.couponCode ? (
            <button
              type="button"
              className="text-button"
              onClick={() => {
                setCoupon('');
                cart.set({ ...value, couponCode: '' });
              }}
            >
              Remove
            </button>
          ) : null}
        </div>
        {couponError ? (
          <p id="coupon-error" className="field-error" role="alert">
            {couponError}
          </p>
        ) : null}
      </form>
      {problemsSummary ? (
        <div id="cart-problems" className="error-panel" role="alert">
          <p>{problemsSummary}</p>
        </div>
      ) : blocking ? (
        <ErrorPanel error={blocking} />
      ) : null}
      {quote.quote ? (
        <Bill bill={quote.quote} />
      ) : quote.busy ? (
        <Spinner label="Working out the bill…" />
      ) : null}
      {quote.quote && !blocking ? (
        signedIn ? (
          <Checkout
            value={value}
            quote={quote.quote}
            onLinesRefused={(error) => setRefused({ request, error })}
          />
        ) : (
          <div className="cart-bar">
            <Link to="/sign-in?next=/cart" className="button block">
              Sign in to place your order
            </Link>
          </div>
        )
      ) : null}
    </>
  );
}
