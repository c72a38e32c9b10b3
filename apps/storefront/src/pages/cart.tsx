import { ifMissingChoices } from '@storedesk/shared/orders/if-missing';
import { Choices } from '../components/choices.tsx';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import type { Address } from '@storedesk/shared/storefront/addresses';
import type { Customer } from '@storedesk/shared/storefront/customers';
import { storefrontRefreshMs } from '@storedesk/shared/storefront/page';
import type {
  StorefrontCatalogue,
  StorefrontOrder,
  StorefrontQuote,
} from '@storedesk/shared/storefront/schemas';
import type { Slot } from '@storedesk/shared/stores/slots';
import { lineName, lineWeightName, maxQuantityOf, quantityText } from '@storedesk/shared/catalogue/variants';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { FormattedMessage, useFormat, useT } from '@storedesk/web/i18n';
import { useData, type Data } from '@storedesk/web/use-data';
import { useFreshWhileShown } from '@storedesk/web/use-fresh';
import { useBusiness } from '../business.ts';
import { addressLabel, addressLabelChoices, ifMissingText, paymentTitle } from '../i18n/codes.ts';
import { Bill } from '../components/bill.tsx';
import { SlotPicker, type When } from '../components/slot-picker.tsx';
import { QuantityControl, VegMark } from '../components/quantity.tsx';
import { PointMap } from '../components/point-map.tsx';
import { ErrorPanel, FormAlert, Spinner } from '@storedesk/web/states';
import { useTexts } from '@storedesk/web/texts';
import { api } from '../lib/api.ts';
import { lineMaxQuantity } from '../lib/catalogue.ts';
import { namesOf, useLocalText } from '../lib/local-text.ts';
import { lineProblems, type LineProblem } from '../lib/cart-problems.ts';
import { chooseSlotMessage } from '../lib/slots.ts';
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

/** The cart as the server takes it, with the delivery slot chosen (none: as soon as possible). */
const requestOf = (value: Cart, slotId: string | null = null) => ({
  storeId: value.storeId,
  items: value.lines.map((line) => ({
    itemId: line.itemId,
    ...(line.variantId ? { variantId: line.variantId } : {}),
    quantity: line.quantity,
  })),
  ...(value.couponCode ? { couponCode: value.couponCode } : {}),
  ...(slotId ? { slotId } : {}),
});

/** The saved address the order goes to: the one chosen while it is still saved, else the only one saved. */
function addressChosen(wanted: string | null, saved: readonly Address[] | undefined): string | null {
  if (!saved) return wanted;
  if (wanted !== null && saved.some((address) => address.id === wanted)) return wanted;
  return saved.length === 1 ? saved[0]!.id : null;
}

/**
 * A refusal that is about when to deliver (B19): the slot is full or no longer offered
 * (`fields.slotId`), or the store is closed now and takes orders for a slot only. The cart says
 * it at the slot choice rather than as a failure.
 */
const refusedForSlot = (error: ApiError | null): error is ApiError =>
  error !== null &&
  error.status === 409 &&
  (error.fields?.slotId !== undefined || error.fields?.storeId === chooseSlotMessage);

/**
 * The bill the order would have now: asked again whenever the cart, its coupon or its slot
 * changes; not asked while `wanted` is false (a store closed now, before a slot is chosen). A
 * refused coupon is said (`couponError`) and the bill shown without it. A refusal about the slot
 * is handed to `onSlotRefused` as it comes.
 */
function useQuote(
  value: Cart | null,
  slotId: string | null,
  wanted: boolean,
  onSlotRefused: (error: ApiError) => void,
  /** The signed-in customer's address it goes to, for a store's fee by distance (ADR 0081). */
  addressId: string | null = null,
) {
  type Answer = {
    key: string;
    quote: StorefrontQuote | null;
    error: ApiError | null;
    couponError: string | null;
  };
  const [answer, setAnswer] = useState<Answer | null>(null);
  const key =
    value && wanted
      ? JSON.stringify({ ...requestOf(value, slotId), ...(addressId ? { addressId } : {}) })
      : null;
  const slotRefused = useEffectEvent(onSlotRefused);
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
    void ask().then((next) => {
      if (!current) return;
      setAnswer(next);
      if (refusedForSlot(next.error)) slotRefused(next.error);
    });
    return () => {
      current = false;
    };
  }, [key]);
  const busy = key !== null && answer?.key !== key;
  // While the next bill is asked for, the last one stays on screen.
  return {
    quote: key === null ? null : (answer?.quote ?? null),
    error: busy || key === null ? null : (answer?.error ?? null),
    couponError: key === null ? null : (answer?.couponError ?? null),
    busy,
  };
}

function NewAddress({ onSaved }: { onSaved: (address: Address) => void }) {
  const chosen = place.use();
  const t = useT();
  const texts = useTexts();
  const [point, setPoint] = useState(chosen ? { lat: chosen.lat, lng: chosen.lng } : null);
  const [label, setLabel] = useState<string>(addressLabelChoices[0]);
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
        <FormattedMessage
          id="address.choosePlaceFirst"
          values={{ link: (words) => <Link to="/">{words}</Link> }}
        />
      </p>
    );
  }
  return (
    // Inside the checkout's form: a group of its own, saved by its button (forms do not nest).
    <div className="address-form" role="group" aria-label={t('address.new')}>
      <PointMap value={point} onChange={setPoint} hint={t('address.dragPin')} />
      {fieldError('lat')}
      <label htmlFor="address-text">{t('address.text')}</label>
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
      <label htmlFor="address-landmark">{t('address.landmark')}</label>
      <input id="address-landmark" value={landmark} onChange={(event) => setLandmark(event.target.value)} />
      {fieldError('landmark')}
      <label htmlFor="address-label">{t('address.saveAs')}</label>
      <select id="address-label" value={label} onChange={(event) => setLabel(event.target.value)}>
        {addressLabelChoices.map((choice) => (
          <option key={choice} value={choice}>
            {addressLabel(choice, t)}
          </option>
        ))}
      </select>
      {fieldError('label')}
      {error && Object.keys(error.fields ?? {}).length === 0 ? (
        <p className="field-error" role="alert">
          {texts.error(error)}
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={busy || text.trim() === ''}
        onClick={() => void save()}
      >
        {t(busy ? 'address.saving' : 'address.save')}
      </button>
    </div>
  );
}

function Checkout({
  value,
  quote,
  slotId,
  needsSlot,
  onLinesRefused,
  onSlotRefused,
  addresses,
}: {
  value: Cart;
  quote: StorefrontQuote;
  /** The customer's saved addresses, as the cart read them (its bill is priced to the one chosen). */
  addresses: Data<{ items: Address[] }>;
  /** The delivery slot to book, or null for as soon as possible. */
  slotId: string | null;
  /** The customer is to choose a slot (scheduling, and none chosen yet). */
  needsSlot: boolean;
  /** The order was refused for some of its lines (fewer left than asked): the cart shows why at each. */
  onLinesRefused: (error: ApiError) => void;
  /** The order was refused for its slot (full, no longer offered) or for want of one: said at the slot choice. */
  onSlotRefused: (error: ApiError) => void;
}) {
  const business = useBusiness();
  const t = useT();
  const texts = useTexts();
  const { money } = useFormat();
  const signedIn = session.use()!;
  const chosen = place.use();

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
  const selected = addressChosen(addressId, addresses.data?.items);
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
        ...requestOf({ ...value, couponCode: quote.couponCode ?? '' }, slotId),
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
      } else if (refusedForSlot(refusal)) {
        onSlotRefused(refusal);
        setError(null);
      } else {
        setError(refusal);
      }
      setBusy(false);
    }
  };
  // Why Place order cannot be pressed yet, said beside it rather than left to guess.
  const missing = !business.live
    ? t('checkout.notLive')
    : needsSlot
      ? t('checkout.chooseSlot')
      : name.trim() === ''
        ? t('checkout.enterName')
        : !selected
          ? t('checkout.chooseAddress')
          : !paymentMode
            ? t('checkout.choosePayment')
            : null;
  const fieldError = (field: string) =>
    error?.fields?.[field] ? (
      <p className="field-error" role="alert">
        {error.fields?.[field]}
      </p>
    ) : null;
  const general =
    error && !['addressId', 'paymentMode', 'note', 'name'].some((field) => error.fields?.[field])
      ? texts.error(error)
      : null;

  return (
    <form onSubmit={place_} noValidate>
      <section className="panel">
        <h2 className="section-title">{t('checkout.yourName')}</h2>
        <label htmlFor="customer-name" className="visually-hidden">
          {t('checkout.yourName')}
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
          <legend className="section-title">{t('checkout.deliverTo')}</legend>
          {addresses.loading && !addresses.data ? <Spinner label={t('checkout.loadingAddresses')} /> : null}
          {items.map((address) => (
            <label key={address.id} className="choice">
              <input
                type="radio"
                name="address"
                checked={selected === address.id}
                onChange={() => setAddressId(address.id)}
              />
              <span>
                <strong>{addressLabel(address.label, t)}</strong> {address.text}
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
            {t('checkout.addAddress')}
          </button>
        )}
      </section>
      <section className="panel">
        <fieldset>
          <legend className="section-title">{t('checkout.payBy')}</legend>
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
                {paymentTitle(mode, t)}
                {mode.type === 'CARD' ? <span className="muted"> · {t('checkout.notYet')}</span> : null}
                {mode.type === 'UPI' ? <span className="muted"> · {t('checkout.upiAfter')}</span> : null}
              </span>
            </label>
          ))}
          {modes.length === 0 ? <p className="muted">{t('checkout.noPayment')}</p> : null}
        </fieldset>
        {fieldError('paymentMode')}
      </section>
      <section className="panel">
        <Choices
          legend={t('checkout.ifMissing')}
          name="if-missing"
          choices={ifMissingChoices}
          labels={ifMissingText}
          value={ifMissing}
          onChange={(choice) => keep({ ifMissing: choice })}
        />
      </section>
      <section className="panel">
        <label htmlFor="note" className="section-title">
          {t('checkout.note')}
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
          {busy ? t('checkout.placing') : t('checkout.place', { amount: money(quote.billAmountPaise) })}
        </button>
      </div>
    </form>
  );
}

/** What the cart offers for a line the server refused: the quantity left (a weight when loose), or taking the line out. */
function LineFix({
  line,
  name,
  problem,
  storeId,
  onQuantity,
}: {
  line: CartLine;
  /** The line's name as the cart shows it ("Rice · 5 kg"). */
  name: string;
  problem: LineProblem;
  storeId: string;
  onQuantity: (quantity: number) => void;
}) {
  const t = useT();
  if (problem.part === 'variantId') {
    return <Link to={`/stores/${storeId}`}>{t('cart.choosePack')}</Link>;
  }
  if (problem.available !== null && problem.available > 0 && problem.available < line.quantity) {
    const left = quantityText(line, problem.available);
    return (
      <button
        type="button"
        className="button small secondary"
        aria-label={t('cart.changeNameTo', { name, left })}
        onClick={() => onQuantity(problem.available!)}
      >
        {t('cart.changeTo', { left })}
      </button>
    );
  }
  if (problem.available === 0 || problem.part === 'itemId') {
    return (
      <button
        type="button"
        className="button small secondary"
        aria-label={t('cart.removeName', { name })}
        onClick={() => onQuantity(0)}
      >
        {t('cart.remove')}
      </button>
    );
  }
  return null;
}

export default function CartPage() {
  const business = useBusiness();
  const t = useT();
  const { money } = useFormat();
  const value = cart.use();
  const signedIn = session.use();
  const draft = checkoutDraft.use();
  const storeId = value?.storeId ?? null;
  // The store as its page shows it (the same answer, shared): whether it is open now, and whether it
  // delivers in slots (B19).
  const catalogue = useData(storeId ? `catalogue:${storeId}` : null, () =>
    api<StorefrontCatalogue>('GET', `/stores/${storeId}/catalogue`),
  );
  const store = catalogue.data?.store.id === storeId ? catalogue.data?.store : undefined;
  const local = useLocalText();
  const catalogueItems = new Map(
    store ? (catalogue.data?.items ?? []).map((item) => [item.id, item] as const) : [],
  );
  // The server said the store is closed now and takes orders for a slot (before the store was read,
  // or since it was): the cart asks for a slot.
  const [closedSaid, setClosedSaid] = useState(false);
  // Why the slot chosen was refused, said at the slot choice until another is chosen.
  const [slotProblem, setSlotProblem] = useState<string | null>(null);
  const inSlots = store?.deliversInSlots === true || closedSaid;
  const openNow = !closedSaid && (store?.openNow ?? true);
  const slots = useData(inSlots && storeId ? `slots:${storeId}` : null, () =>
    api<{ items: Slot[] }>('GET', `/stores/${storeId}/slots`),
  );
  // Places taken while the customer looks: a slot that fills up shows Full without a reload.
  useFreshWhileShown(() => {
    if (inSlots) slots.reload();
  }, storefrontRefreshMs);
  const when: When = !inSlots ? 'asap' : openNow ? (draft.when ?? 'asap') : 'slot';
  const listed = slots.data?.items;
  // The slot kept from before goes with the bill and the order while the store still offers it with a place.
  const slotId =
    when === 'slot' &&
    draft.slotId &&
    (!listed || listed.some((slot) => slot.id === draft.slotId && slot.available > 0))
      ? draft.slotId
      : null;
  const keep = (change: CheckoutDraft) => checkoutDraft.set({ ...checkoutDraft.get(), ...change });
  const onSlotRefused = (error: ApiError) => {
    if (error.fields?.slotId !== undefined) {
      setSlotProblem(error.fields.slotId);
      slots.reload();
    } else {
      setClosedSaid(true);
      catalogue.reload();
    }
  };
  // The signed-in customer's addresses: the bill is priced to the one the order goes to, once they
  // are read, for a store whose fee is by distance (ADR 0081).
  const addresses = useData(signedIn ? `addresses:${signedIn.customer.id}` : null, () =>
    api<{ items: Address[] }>('GET', '/addresses'),
  );
  const chosenPlace = place.use();
  const addressId =
    signedIn && addresses.data
      ? addressChosen(draft.addressId ?? chosenPlace?.addressId ?? null, addresses.data.items)
      : null;
  // A store closed now takes an order for a slot only: no bill is asked for until one is chosen.
  const quote = useQuote(value, slotId, openNow || slotId !== null, onSlotRefused, addressId);
  const [coupon, setCoupon] = useState(value?.couponCode ?? '');
  // An order refused for some of its lines, for the cart it was placed with: any change forgets it.
  const [refused, setRefused] = useState<{ request: string; error: ApiError } | null>(null);
  // Place order is at the foot of the page: the refusal is brought into sight where it is said.
  useEffect(() => {
    if (refused) document.getElementById('cart-problems')?.scrollIntoView?.({ block: 'center' });
  }, [refused]);
  useEffect(() => {
    if (slotProblem) document.getElementById('delivery-when')?.scrollIntoView?.({ block: 'start' });
  }, [slotProblem]);

  if (!value) {
    return (
      <section className="panel empty">
        <h1>{t('cart.empty')}</h1>
        <p>
          <Link to="/">{t('cart.findStore')}</Link>
        </p>
      </section>
    );
  }
  const request = JSON.stringify(requestOf(value, slotId));
  const lineError = quote.error ?? (refused?.request === request ? refused.error : null);
  const problems = lineProblems(value, lineError);
  const couponError = quote.couponError;
  const setQuantity = (line: CartLine, quantity: number) =>
    cart.set(withQuantity(value, { id: value.storeId, name: value.storeName }, line, quantity));
  const applyCoupon = (event: FormEvent) => {
    event.preventDefault();
    cart.set({ ...value, couponCode: coupon.trim() });
  };
  // A refusal about the slot is said at the slot choice.
  const blocking = refusedForSlot(quote.error) ? null : quote.error;
  const problemsSummary =
    problems.size === 0 || !lineError
      ? null
      : t('cart.problems', {
          reason: lineError.status === 409 ? t('cart.fewerLeft') : lineError.message,
        });

  return (
    <>
      <section className="panel">
        <h1>{t('cart.title')}</h1>
        <p className="muted">
          <FormattedMessage
            id="cart.from"
            values={{
              store: value.storeName,
              link: (words) => <Link to={`/stores/${value.storeId}`}>{words}</Link>,
            }}
          />
        </p>
        <ul className="list" aria-label={t('cart.items')}>
          {value.lines.map((line) => {
            const key = lineKey(line);
            // The item's name in the language shown where the catalogue gave it (ADR 0085); a line
            // copied from an order has only the English, and takes the catalogue's names when it has them.
            const item = catalogueItems.get(line.itemId);
            const shownName = local(
              namesOf({ ...line, nameHi: line.nameHi ?? item?.nameHi, nameKn: line.nameKn ?? item?.nameKn }),
            );
            const name = lineName(shownName.text, line.variantLabel);
            const problem = problems.get(key);
            return (
              <li key={key} className="cart-line">
                <span className="item-name">
                  {line.veg === undefined ? null : <VegMark veg={line.veg} />}{' '}
                  <span lang={shownName.lang}>
                    {lineWeightName({
                      itemName: shownName.text,
                      variantLabel: line.variantLabel,
                      itemQuantity: line.quantity,
                      stepGrams: line.stepGrams,
                    })}
                  </span>
                </span>
                <QuantityControl
                  name={name}
                  quantity={line.quantity}
                  max={maxQuantityOf(line, lineMaxQuantity)}
                  stepGrams={line.stepGrams}
                  onChange={(n) => setQuantity(line, n)}
                />
                <span className="price">{money(line.pricePaise * line.quantity)}</span>
                {problem ? (
                  <div className="line-problem full">
                    <p className="field-error">{problem.message}</p>
                    <LineFix
                      line={line}
                      name={name}
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
        <label htmlFor="coupon">{t('cart.coupon')}</label>
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
            {t('cart.apply')}
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
              {t('cart.remove')}
            </button>
          ) : null}
        </div>
        {couponError ? (
          <p id="coupon-error" className="field-error" role="alert">
            {couponError}
          </p>
        ) : null}
      </form>
      {inSlots ? (
        <SlotPicker
          openNow={openNow}
          when={when}
          onWhen={(choice) => {
            setSlotProblem(null);
            keep({ when: choice });
          }}
          slots={{ items: listed, error: slots.error, reload: slots.reload }}
          chosen={slotId}
          onChoose={(id) => {
            setSlotProblem(null);
            keep({ when: 'slot', slotId: id });
          }}
          problem={slotProblem}
          timeZone={business.timeZone}
        />
      ) : null}
      {problemsSummary ? (
        <div id="cart-problems" className="error-panel" role="alert">
          <p>{problemsSummary}</p>
        </div>
      ) : blocking ? (
        <ErrorPanel error={blocking} />
      ) : null}
      {quote.quote ? <Bill bill={quote.quote} /> : quote.busy ? <Spinner label={t('cart.pricing')} /> : null}
      {quote.quote && !blocking ? (
        signedIn ? (
          <Checkout
            value={value}
            quote={quote.quote}
            slotId={slotId}
            needsSlot={when === 'slot' && slotId === null}
            onLinesRefused={(error) => setRefused({ request, error })}
            onSlotRefused={onSlotRefused}
            addresses={addresses}
          />
        ) : (
          <div className="cart-bar">
            <Link to="/sign-in?next=/cart" className="button block">
              {t('cart.signInToOrder')}
            </Link>
          </div>
        )
      ) : null}
    </>
  );
}
