/**
 * Executives' earnings (B18, ADR 0073): what the delivery app shows an executive of their deliveries,
 * the cash tips they record, and the payouts staff make.
 */
import { randomUUID } from 'node:crypto';
import { earningsMessages, tipUntil } from '@storedesk/shared/delivery/earnings-rules';
import {
  type DeliveryEarning,
  type DeliveryEarnings,
  type EarningsPeriod,
  type PaidOut,
  type PayoutInput,
  type PayoutList,
  type PayoutRow,
  type PayoutsQuery,
  type TipInput,
} from '@storedesk/shared/delivery/earnings';
import { rupeesDecimal } from '@storedesk/shared/money';
import { OrderStatus } from '@storedesk/shared/orders';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { csvField } from '#server/lib/csv.ts';
import { AppError, invalid, notFound } from '#server/lib/errors.ts';
import { executiveScopeOf, scopeOf, type ExecutiveScope, type Scope } from '#server/lib/scope.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import * as repo from './earnings.repository.ts';

const num = (value: string | number | null) => (value === null ? 0 : Number(value));
const iso = (value: string | Date) => new Date(value).toISOString();

/** A day, YYYY-MM-DD, `days` after another. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The business's days of a period: today, or this week (Monday to Sunday). */
export function periodDays(period: EarningsPeriod, today: string): { from: string; to: string } {
  if (period === 'today') return { from: today, to: today };
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const from = addDays(today, -weekday);
  return { from, to: addDays(from, 6) };
}

function toEarning(row: repo.DeliveryRow): DeliveryEarning {
  return {
    orderId: row.order_id,
    number: Number(row.number),
    storeName: row.store_name,
    deliveredAt: iso(row.delivered_at),
    feePaise: num(row.fee_paise),
    tip:
      row.tip_paise === null || row.tip_method === null || row.tip_paid_at === null
        ? null
        : { amountPaise: num(row.tip_paise), method: row.tip_method, paidAt: iso(row.tip_paid_at) },
    cashCollectedPaise: num(row.cash_collected_paise),
    paidOut: row.paid_out,
  };
}

/** The delivery app's earnings of today or this week, and what the executive holds and is owed. */
export async function earningsOf(
  db: Database,
  context: AuthContext,
  period: EarningsPeriod,
): Promise<DeliveryEarnings> {
  const executive = executiveScopeOf(context);
  const days = periodDays(period, await repo.businessToday(db, executive));
  const [rows, balances] = await Promise.all([
    repo.findDeliveries(db, executive, days),
    repo.findBalances(db, executive),
  ]);
  const items = rows.map(toEarning);
  const sum = (pick: (item: DeliveryEarning) => number) =>
    items.reduce((total, item) => total + pick(item), 0);
  const feesPaise = sum((item) => item.feePaise);
  const tipsOnlinePaise = sum((item) => (item.tip?.method === 'ONLINE' ? item.tip.amountPaise : 0));
  const tipsCashPaise = sum((item) => (item.tip?.method === 'CASH' ? item.tip.amountPaise : 0));
  return {
    period,
    ...days,
    items,
    totals: {
      deliveries: items.length,
      feesPaise,
      tipsOnlinePaise,
      tipsCashPaise,
      earningsPaise: feesPaise + tipsOnlinePaise + tipsCashPaise,
      cashCollectedPaise: sum((item) => item.cashCollectedPaise),
    },
    cashInHandPaise: num(balances.cash_in_hand),
    toBePaidPaise: num(balances.to_be_paid),
  };
}

/** Why a tip cannot be given for this delivery now (409), or null when it can. */
function tipRefusal(
  order: { status: number; dex_id?: string | null; delivered_at: string | Date | null },
  dexId: string | null,
  tipped: boolean,
  now: Date,
): string | null {
  if (tipped) return earningsMessages.tippedAlready;
  const until = tipUntil(
    {
      status: order.status,
      dexId,
      deliveredAt: order.delivered_at === null ? null : new Date(order.delivered_at),
    },
    false,
    now,
  );
  if (until !== null) return null;
  if (order.status !== OrderStatus.Delivered) return earningsMessages.notDelivered;
  if (dexId === null) return earningsMessages.noExecutive;
  return earningsMessages.tipTooLate;
}

/**
 * The executive records a tip the customer gave them in cash, for one of their deliveries of the last
 * `tipWithinHours`: 404 when it is not theirs; 409 when it has a tip already or is too old.
 */
export async function recordCashTip(
  db: Database,
  context: AuthContext,
  orderId: string,
  input: TipInput,
): Promise<DeliveryEarning> {
  const executive = executiveScopeOf(context);
  return db.transaction(async (tx) => {
    const delivery = await repo.findDelivery(tx, executive, orderId);
    if (!delivery) throw notFound();
    const refusal = tipRefusal(
      { status: OrderStatus.Delivered, delivered_at: delivery.delivered_at },
      executive.executiveId,
      delivery.tip_paise !== null,
      new Date(),
    );
    if (refusal) throw new AppError('conflict', refusal);
    if (!(await repo.insertCashTip(tx, executive, delivery.order_id, input.amountPaise)))
      throw new AppError('conflict', earningsMessages.tippedAlready);
    await announceTip(tx, executive, delivery);
    return toEarning((await repo.findDelivery(tx, executive, orderId))!);
  });
}

/** An order's tip, paid, is news to its customer's page and its executive's app. */
async function announceTip(
  tx: Executor,
  executive: ExecutiveScope,
  order: { order_id: string; zone_id: string; customer_id: string | null },
) {
  await publishEvent(tx, {
    businessId: executive.businessId,
    zoneId: order.zone_id,
    topic: 'orders',
    action: 'tip',
    recordId: order.order_id,
    customerId: order.customer_id,
    executiveIds: [executive.executiveId],
  });
}

// ---- Online tips, for the payments module ----

/**
 * The customer's order locked for a tip of this amount, and the pending tip to pay online: 404 when
 * not theirs; 409 when it cannot take a tip (not delivered, by no executive, too late, tipped).
 */
export async function pendingTipFor(
  tx: Executor,
  scope: { businessId: string; customerId: string },
  orderId: string,
  amountPaise: number,
) {
  const order = await repo.lockOrderForTip(tx, scope, orderId);
  if (!order) throw notFound();
  const tip = await repo.findTipOfOrder(tx, scope, order.id);
  const refusal = tipRefusal(order, order.dex_id, tip?.state === 'PAID', new Date());
  if (refusal) throw new AppError('conflict', refusal);
  const pending = await repo.upsertPendingTip(tx, {
    businessId: scope.businessId,
    orderId: order.id,
    executiveId: order.dex_id!,
    amountPaise,
  });
  if (!pending) throw new AppError('conflict', earningsMessages.tippedAlready);
  return { order: { ...order, number: Number(order.number) }, tip: pending };
}

export const setTipGatewayOrder = repo.setTipGatewayOrder;
export const lockTipOfGatewayOrder = repo.lockTipOfGatewayOrder;
export const lockTip = repo.lockTip;
export const findTipOfOrder = repo.findTipOfOrder;
export const lockOrderForTip = repo.lockOrderForTip;
export const lockExecutive = repo.lockExecutive;

/** Pays a pending tip with the gateway's payment, and tells the customer and the executive. */
export async function payTip(
  tx: Executor,
  tip: repo.TipRow,
  payment: { paymentRef: string; feePaise: number | null },
  order: { zoneId: string; customerId: string | null },
): Promise<boolean> {
  const paidAt = await repo.payTip(tx, tip, payment);
  if (!paidAt) return false;
  await announceTip(
    tx,
    { businessId: tip.businessId, executiveId: tip.executiveId },
    { order_id: tip.orderId, zone_id: order.zoneId, customer_id: order.customerId },
  );
  return true;
}

// ---- Payouts ----

function toPayoutRow(row: repo.PayoutRowRecord, payouts: repo.PaidOutRecord[]): PayoutRow {
  const unpaidPaise = num(row.unpaid_fees_paise) + num(row.unpaid_tips_paise);
  const cashToSettlePaise = num(row.cash_to_settle_paise);
  return {
    executiveId: row.executive_id,
    executiveName: row.executive_name,
    deliveries: row.deliveries,
    feesPaise: num(row.fees_paise),
    tipsOnlinePaise: num(row.tips_online_paise),
    tipsCashPaise: num(row.tips_cash_paise),
    unpaidPaise,
    cashToSettlePaise,
    netPaise: unpaidPaise - cashToSettlePaise,
    payouts: payouts
      .filter((payout) => payout.executive_id === row.executive_id)
      .map((payout): PaidOut => ({
        id: payout.id,
        from: payout.from_day,
        to: payout.to_day,
        amountPaise: num(payout.amount_paise),
        earningsPaise: num(payout.earnings_paise),
        cashNettedPaise: num(payout.cash_netted_paise),
        paidAt: iso(payout.paid_at),
        paidByName: payout.paid_by_name,
      })),
  };
}

async function payoutRows(db: Executor, scope: Scope, period: { from: string; to: string }, only?: string) {
  const rows = await repo.findPayoutRows(db, scope, period, only);
  const paid = await repo.findPayoutsOf(
    db,
    scope,
    rows.map((row) => row.executive_id),
    period,
  );
  return rows.map((row) => toPayoutRow(row, paid));
}

/** The payouts report: per executive of the scope, the period's earnings, cash to settle and net. */
export async function listPayouts(db: Database, auth: AuthContext, query: PayoutsQuery): Promise<PayoutList> {
  const items = await payoutRows(db, scopeOf(auth, query.zoneId), query);
  const sum = (pick: (row: PayoutRow) => number) => items.reduce((total, row) => total + pick(row), 0);
  return {
    items,
    totals: {
      deliveries: sum((row) => row.deliveries),
      feesPaise: sum((row) => row.feesPaise),
      tipsOnlinePaise: sum((row) => row.tipsOnlinePaise),
      tipsCashPaise: sum((row) => row.tipsCashPaise),
      unpaidPaise: sum((row) => row.unpaidPaise),
      cashToSettlePaise: sum((row) => row.cashToSettlePaise),
      netPaise: sum((row) => row.netPaise),
    },
  };
}

/**
 * "Mark paid": pays the executive the period's unpaid fees and online tips less the cash of its days
 * they still hold, which then counts as settled. In one transaction under the executive's lock, what
 * is marked paid is what is summed, so two at once pay once; the net must be what the caller's row
 * showed (409 with the row as it is now). 404: not an executive of the scope; 400: nothing to pay.
 */
export async function payOut(db: Database, auth: AuthContext, input: PayoutInput): Promise<PayoutRow> {
  const scope = scopeOf(auth);
  const executiveId = input.executiveId.toLowerCase();
  const by = { id: auth.user.id, name: auth.user.name };
  const outcome = await db
    .transaction(async (tx) => {
      const executive = await repo.lockExecutive(tx, scope, executiveId);
      if (!executive) throw notFound();
      const payoutId = randomUUID();
      const earned = await repo.markPaidOut(tx, scope, executiveId, input, payoutId);
      const cashDays = await repo.findUnsettledCash(tx, scope, executiveId, input);
      const earningsPaise = earned.fees + earned.tips;
      const cashNettedPaise = cashDays.reduce((total, day) => total + day.collected - day.settled, 0);
      const netPaise = earningsPaise - cashNettedPaise;
      // Undone with the transaction: the caller decides again on the figures as they are.
      if (netPaise !== input.netPaise) throw new Changed(executive.name, netPaise);
      if (earningsPaise === 0 && cashNettedPaise === 0)
        throw invalid({ executiveId: earningsMessages.nothingToPay });
      await repo.settleNetted(tx, {
        businessId: scope.businessId,
        executiveId,
        days: cashDays,
        payoutId,
        by,
      });
      await repo.insertPayout(tx, {
        id: payoutId,
        businessId: scope.businessId,
        executiveId,
        from: input.from,
        to: input.to,
        earningsPaise,
        cashNettedPaise,
        by,
      });
      await publishEvent(tx, {
        businessId: scope.businessId,
        zoneId: scope.zoneId,
        topic: 'dispatch',
        action: 'payout',
        recordId: executiveId,
      });
      return 'paid' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof Changed) return error;
      throw error;
    });
  const [row] = await payoutRows(db, scope, input, executiveId);
  if (outcome instanceof Changed) {
    throw new AppError('conflict', earningsMessages.payoutChanged(outcome.executiveName, outcome.netPaise), {
      current: row ?? null,
    });
  }
  return row!;
}

/** The figures changed since the caller's row: the transaction is undone. */
class Changed extends Error {
  constructor(
    readonly executiveName: string,
    readonly netPaise: number,
  ) {
    super('the payout changed');
  }
}

const payoutHeader = [
  'Delivery executive',
  'Deliveries',
  'Fees',
  'Tips online',
  'Tips in cash',
  'Unpaid',
  'Cash to settle',
  'Net to pay',
  'Paid out',
];

/** The payouts report as CSV (amounts in rupees; payouts' times in the business's time zone). */
export async function payoutsCsv(db: Database, auth: AuthContext, query: PayoutsQuery): Promise<string> {
  const { items, totals } = await listPayouts(db, auth, query);
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: auth.business.timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const line = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;
  let text = line(payoutHeader);
  for (const row of items) {
    text += line([
      row.executiveName,
      String(row.deliveries),
      rupeesDecimal(row.feesPaise),
      rupeesDecimal(row.tipsOnlinePaise),
      rupeesDecimal(row.tipsCashPaise),
      rupeesDecimal(row.unpaidPaise),
      rupeesDecimal(row.cashToSettlePaise),
      rupeesDecimal(row.netPaise),
      row.payouts
        .map(
          (payout) =>
            `${rupeesDecimal(payout.amountPaise)} on ${when.format(new Date(payout.paidAt))} by ${payout.paidByName}`,
        )
        .join('; '),
    ]);
  }
  text += line([
    'Total',
    String(totals.deliveries),
    rupeesDecimal(totals.feesPaise),
    rupeesDecimal(totals.tipsOnlinePaise),
    rupeesDecimal(totals.tipsCashPaise),
    rupeesDecimal(totals.unpaidPaise),
    rupeesDecimal(totals.cashToSettlePaise),
    rupeesDecimal(totals.netPaise),
    '',
  ]);
  return text;
}
