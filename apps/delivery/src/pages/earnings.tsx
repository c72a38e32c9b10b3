import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { DeliveryEarning, DeliveryEarnings, EarningsPeriod } from '@storedesk/shared/delivery/earnings';
import { tipAmountProblem, tipLimits } from '@storedesk/shared/delivery/earnings-rules';
import { parseRupees } from '@storedesk/shared/money';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { useFormat, useT } from '@storedesk/web/i18n';
import { ErrorPanel, FormAlert } from '@storedesk/web/states';
import { useTexts } from '@storedesk/web/texts';
import { useData } from '@storedesk/web/use-data';
import type { MessageId } from '../i18n/index.ts';
import { canRecordTip, findEarnings, recordCashTip } from '../lib/earnings.ts';
import { onOrdersChanged } from '../lib/live.ts';
import { Link, navigate, useLocation } from '../lib/router.tsx';
import { session } from '../lib/session.ts';

const periods: Array<{ period: EarningsPeriod; label: MessageId; empty: MessageId }> = [
  { period: 'today', label: 'earnings.today', empty: 'earnings.todayEmpty' },
  { period: 'week', label: 'earnings.week', empty: 'earnings.weekEmpty' },
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
  const t = useT();
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
    <div role="tablist" aria-label={t('earnings.period')} className="tabs">
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
          {t(tab.label)}
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
  const t = useT();
  const { money, number, day } = useFormat();
  return (
    <section className="panel" aria-label={t('earnings.summary')}>
      <p className="muted small">
        {earnings.from === earnings.to
          ? day(earnings.from)
          : t('earnings.range', { from: day(earnings.from), to: day(earnings.to) })}
      </p>
      <dl className="figures">
        <Figure label={t('earnings.deliveries')} value={number(totals.deliveries)} />
        <Figure label={t('earnings.earnings')} value={money(totals.earningsPaise)} />
        <Figure label={t('earnings.tips')} value={money(totals.tipsOnlinePaise + totals.tipsCashPaise)} />
      </dl>
      <dl className="figures owed">
        <Figure label={t('earnings.cashInHand')} value={money(earnings.cashInHandPaise)} />
        <Figure label={t('earnings.toBePaid')} value={money(earnings.toBePaidPaise)} />
      </dl>
      <p className="hint">{t('earnings.owedHint')}</p>
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
  const t = useT();
  const texts = useTexts();
  const { money } = useFormat();
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
  // The shared rule decides; the words are the language's.
  const problem =
    paise === null
      ? t('earnings.amountInvalid')
      : tipAmountProblem(paise) === null
        ? undefined
        : paise < tipLimits.minPaise
          ? t('earnings.tipTooSmall', { amount: money(tipLimits.minPaise) })
          : t('earnings.tipTooLarge', { amount: money(tipLimits.maxPaise) });
  const serverField = refusal?.text === text ? refusal.error.fields?.amountPaise : undefined;
  const fieldError = (checked ? problem : undefined) ?? serverField;
  const general = refusal && !refusal.error.fields?.amountPaise ? texts.error(refusal.error) : null;

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
      aria-label={t('earnings.tipForm', { number: String(earning.number) })}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <label htmlFor={`${id}-amount`}>{t('earnings.tipAmount')}</label>
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
          {t(busy ? 'common.saving' : 'earnings.saveTip')}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          {t('common.cancel')}
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
  const t = useT();
  const { money, dateTime } = useFormat();
  const { tip } = earning;
  return (
    <li className="card earning">
      <div className="order-head">
        <h2 className="order-number">{t('order.number', { number: String(earning.number) })}</h2>
        {earning.paidOut ? <span className="pill paid">{t('earnings.paidOut')}</span> : null}
      </div>
      <p className="line muted">
        {earning.storeName} · {dateTime(earning.deliveredAt, timeZone)}
      </p>
      <dl className="bill">
        <div>
          <dt>{t('earnings.fee')}</dt>
          <dd>{money(earning.feePaise)}</dd>
        </div>
        {tip ? (
          <div>
            <dt>{t(tip.method === 'CASH' ? 'earnings.tipCash' : 'earnings.tipOnline')}</dt>
            <dd>{money(tip.amountPaise)}</dd>
          </div>
        ) : null}
        {earning.cashCollectedPaise > 0 ? (
          <div>
            <dt>{t('earnings.cashCollected')}</dt>
            <dd>{money(earning.cashCollectedPaise)}</dd>
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
          {t('earnings.tipRecorded')}
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
              {t('earnings.recordTip')}
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
  const t = useT();
  const texts = useTexts();
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
          <Link to="/">{t('order.back')}</Link>
        </p>
        <h1 id="earnings-title">{t('earnings.title')}</h1>
        <PeriodTabs period={period} panelId={panelId} />
      </section>
      <div key={period} role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${period}`}>
        {earnings.error && !data ? <ErrorPanel error={earnings.error} onRetry={reload} /> : null}
        {earnings.error && data ? (
          <p className="pad field-error" role="alert">
            {t('earnings.refreshFailed', { message: texts.error(earnings.error) })}
          </p>
        ) : null}
        {!data && !earnings.error ? (
          <>
            <p className="visually-hidden" role="status">
              {t('earnings.loading')}
            </p>
            <Skeleton />
          </>
        ) : null}
        {data ? <Summary earnings={data} /> : null}
        {data && data.items.length === 0 ? (
          <div className="panel empty">
            <h2 className="section-title">{t(shown.empty)}</h2>
            <p className="muted">{t('earnings.emptyText')}</p>
          </div>
        ) : null}
        {data && data.items.length > 0 ? (
          <ul className="list" aria-label={t('earnings.deliveries')}>
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
