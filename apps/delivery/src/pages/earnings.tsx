import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatDateTime, formatDay } from '@storedesk/shared/dates';
import type { DeliveryEarning, DeliveryEarnings, EarningsPeriod } from '@storedesk/shared/delivery/earnings';
import { tipAmountProblem } from '@storedesk/shared/delivery/earnings-rules';
import { amountMessages, formatRupees, parseRupees } from '@storedesk/shared/money';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { ErrorPanel, FormAlert } from '@storedesk/web/states';
import { useData } from '@storedesk/web/use-data';
import { canRecordTip, findEarnings, recordCashTip } from '../lib/earnings.ts';
import { onOrdersChanged } from '../lib/live.ts';
import { Link, navigate, useLocation } from '../lib/router.tsx';
import { session } from '../lib/session.ts';

const periods: Array<{ period: EarningsPeriod; label: string; empty: string }> = [
  { period: 'today', label: 'Today', empty: 'No deliveries today' },
  { period: 'week', label: 'This week', empty: 'No deliveries this week' },
];

/** The clock, read again each minute: a delivery's 48 hours for a tip run out while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Today / This week: a tab list; the arrow keys, Home and End move between the tabs. */
function PeriodTabs({ period, panelId }: { period: EarningsPeriod; panelId: string }) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const choose = (next: EarningsPeriod) => {
    if (next !== period)
      navigate(next === 'today' ? '/earnings' : `/earnings?period=${next}`, { replace: true });
  };
  const move = (event: KeyboardEvent, index: number) => {
    const last = periods.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % periods.length
        : event.key === 'ArrowLeft'
          ? (index + last) % periods.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    tabs.current[to]?.focus();
    choose(periods[to]!.period);
  };
  return (
    <div role="tablist" aria-label="Period" className="tabs">
      {periods.map((tab, index) => (
        <button
          key={tab.period}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${panelId}-${tab.period}`}
          className="tab"
          aria-selected={tab.period === period}
          aria-controls={panelId}
          tabIndex={tab.period === period ? 0 : -1}
          onClick={() => choose(tab.period)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Summary({ earnings }: { earnings: DeliveryEarnings }) {
  const { totals } = earnings;
  return (
    <section className="panel" aria-label="Summary">
      <p className="muted small">
        {earnings.from === earnings.to
          ? formatDay(earnings.from)
          : `${formatDay(earnings.from)} to ${formatDay(earnings.to)}`}
      </p>
      <dl className="figures">
        <Figure label="Deliveries" value={String(totals.deliveries)} />
        <Figure label="Earnings" value={formatRupees(totals.earningsPaise)} />
        <Figure label="Of which tips" value={formatRupees(totals.tipsOnlinePaise + totals.tipsCashPaise)} />
      </dl>
      <dl className="figures owed">
        <Figure label="Cash in hand" value={formatRupees(earnings.cashInHandPaise)} />
        <Figure label="To be paid out" value={formatRupees(earnings.toBePaidPaise)} />
      </dl>
      <p className="hint">
        Cash in hand and To be paid out count all your deliveries, not only this period’s.
      </p>
    </section>
  );
}

/** The form of a cash tip: the amount in rupees, checked as the server checks it, and the server's word. */
function CashTipForm({
  earning,
  onSaved,
  onClose,
}: {
  earning: DeliveryEarning;
  onSaved: (row: DeliveryEarning) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  // The text the server last judged, and its refusal: a field error holds only while that text stays.
  const [refusal, setRefusal] = useState<{ text: string; error: ApiError } | null>(null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    input.current?.focus();
    return () => {
      gone.current = true;
    };
  }, []);

  const paise = parseRupees(text);
  const problem = paise === null ? amountMessages.rupees : (tipAmountProblem(paise) ?? undefined);
  const serverField = refusal?.text === text ? refusal.error.fields?.amountPaise : undefined;
  const fieldError = (checked ? problem : undefined) ?? serverField;
  const general = refusal && !refusal.error.fields?.amountPaise ? refusal.error.message : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (busy || problem || paise === null) return;
    setBusy(true);
    setRefusal(null);
    try {
      const row = await recordCashTip(earning.orderId, paise);
      if (!gone.current) onSaved(row);
    } catch (failure) {
      if (!gone.current) {
        setRefusal({ text, error: asApiError(failure) });
        setBusy(false);
      }
    }
  };

  return (
    <form
      className="tip-form"
      noValidate
      aria-label={`Cash tip for order #${earning.number}`}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <label htmlFor={`${id}-amount`}>Cash tip in ₹</label>
      <input
        id={`${id}-amount`}
        className="tip-input"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        ref={input}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${id}-amount-error` : undefined}
      />
      {fieldError ? (
        <p id={`${id}-amount-error`} className="field-error">
          {fieldError}
        </p>
      ) : null}
      <FormAlert message={general} />
      <div className="row-buttons">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Save tip'}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function EarningRow({
  earning,
  timeZone,
  now,
  onSaved,
}: {
  earning: DeliveryEarning;
  timeZone: string;
  now: number;
  onSaved: (row: DeliveryEarning) => void;
}) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  // Closing the form gives the focus back: to its button, or to the word that the tip is recorded.
  const refocus = useRef(false);
  const { tip } = earning;
  return (
    <li className="card earning">
      <div className="order-head">
        <h2 className="order-number">Order #{earning.number}</h2>
        {earning.paidOut ? <span className="pill paid">Paid out</span> : null}
      </div>
      <p className="line muted">
        {earning.storeName} · {formatDateTime(earning.deliveredAt, timeZone)}
      </p>
      <dl className="bill">
        <div>
          <dt>Fee</dt>
          <dd>{formatRupees(earning.feePaise)}</dd>
        </div>
        {tip ? (
          <div>
            <dt>Tip ({tip.method === 'CASH' ? 'cash' : 'online'})</dt>
            <dd>{formatRupees(tip.amountPaise)}</dd>
          </div>
        ) : null}
        {earning.cashCollectedPaise > 0 ? (
          <div>
            <dt>Cash collected</dt>
            <dd>{formatRupees(earning.cashCollectedPaise)}</dd>
          </div>
        ) : null}
      </dl>
      {saved ? (
        <p
          className="success small"
          role="status"
          tabIndex={-1}
          ref={(element) => {
            if (element && refocus.current) {
              refocus.current = false;
              element.focus();
            }
          }}
        >
          Cash tip recorded.
        </p>
      ) : null}
      {canRecordTip(earning, now) ? (
        open ? (
          <CashTipForm
            earning={earning}
            onSaved={(row) => {
              refocus.current = true;
              setOpen(false);
              setSaved(true);
              onSaved(row);
            }}
            onClose={() => {
              refocus.current = true;
              setOpen(false);
            }}
          />
        ) : (
          <p>
            <button
              type="button"
              className="button small secondary"
              ref={(element) => {
                if (element && refocus.current) {
                  refocus.current = false;
                  element.focus();
                }
              }}
              onClick={() => setOpen(true)}
            >
              Record cash tip
            </button>
          </p>
        )
      ) : null}
    </li>
  );
}

function Skeleton() {
  return (
    <ul className="list" aria-hidden="true">
      {[0, 1].map((n) => (
        <li key={n} className="card skeleton" />
      ))}
    </ul>
  );
}

/** The executive's earnings: today or this week, each delivery's fee and tip, and cash tips recorded. */
export default function EarningsPage() {
  const signedIn = session.use();
  const { query } = useLocation();
  const period: EarningsPeriod = query.get('period') === 'week' ? 'week' : 'today';
  const earnings = useData(signedIn ? `delivery-earnings:${signedIn.user.id}:${period}` : null, () =>
    findEarnings(period),
  );
  const { reload } = earnings;
  useEffect(() => onOrdersChanged(reload), [reload]);
  const now = useNow();
  const panelId = useId();
  if (!signedIn) return null;

  const data = earnings.data;
  const shown = periods.find((tab) => tab.period === period)!;
  const saved = (row: DeliveryEarning) => {
    // The row at once; the totals with the read that follows.
    if (data)
      earnings.set({ ...data, items: data.items.map((item) => (item.orderId === row.orderId ? row : item)) });
  };

  return (
    <>
      <section className="pad" aria-labelledby="earnings-title">
        <p className="back">
          <Link to="/">← My orders</Link>
        </p>
        <h1 id="earnings-title">Earnings</h1>
        <PeriodTabs period={period} panelId={panelId} />
      </section>
      <div key={period} role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${period}`}>
        {earnings.error && !data ? <ErrorPanel error={earnings.error} onRetry={reload} /> : null}
        {earnings.error && data ? (
          <p className="pad field-error" role="alert">
            Could not refresh your earnings: {earnings.error.message}
          </p>
        ) : null}
        {!data && !earnings.error ? (
          <>
            <p className="visually-hidden" role="status">
              Loading your earnings…
            </p>
            <Skeleton />
          </>
        ) : null}
        {data ? <Summary earnings={data} /> : null}
        {data && data.items.length === 0 ? (
          <div className="panel empty">
            <h2 className="section-title">{shown.empty}</h2>
            <p className="muted">The orders you deliver appear here with what you earned.</p>
          </div>
        ) : null}
        {data && data.items.length > 0 ? (
          <ul className="list" aria-label="Deliveries">
            {data.items.map((earning) => (
              <EarningRow
                key={earning.orderId}
                earning={earning}
                timeZone={signedIn.business.timeZone}
                now={now}
                onSaved={saved}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
