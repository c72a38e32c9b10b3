/** Executives' earnings (B18, ADR 0073): their deliveries' fees, customers' tips, cash they hold, payouts. */
import { sql, type SQL } from 'drizzle-orm';
import { OrderStatus } from '@storedesk/shared/orders';
import type { Executor } from '#server/db/client.ts';
import { businessTimeZoneOf } from '#server/lib/business-time-zone.ts';
import {
  acrossBusinesses,
  sqlInScope,
  sqlOfBusiness,
  sqlOfCustomer,
  sqlOfExecutive,
  type BusinessScope,
  type ExecutiveScope,
  type Scope,
} from '#server/lib/scope.ts';

/** The business's days `from` to `to` (both included) as a condition on `column`, a time. */
function inDays(column: SQL, scope: BusinessScope, period: { from: string; to: string }): SQL {
  const timeZone = businessTimeZoneOf(sql`${scope.businessId}::uuid`);
  return sql`${column} >= (${period.from}::date::timestamp AT TIME ZONE ${timeZone})
    AND ${column} < ((${period.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
}

/** The business's day of a time, as YYYY-MM-DD, and today. */
export async function businessToday(db: Executor, scope: BusinessScope): Promise<string> {
  const timeZone = businessTimeZoneOf(sql`${scope.businessId}::uuid`);
  const { rows } = await db.execute<{ today: string }>(
    sql`SELECT to_char((now() AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS today`,
  );
  return rows[0]!.today;
}

export type DeliveryRow = {
  order_id: string;
  number: string | number;
  store_name: string;
  delivered_at: string | Date;
  fee_paise: string | number;
  cash_collected_paise: string | number | null;
  paid_out: boolean;
  tip_paise: string | number | null;
  tip_method: 'ONLINE' | 'CASH' | null;
  tip_paid_at: string | Date | null;
};

const deliveryColumns = sql`o.id AS order_id, o.number, o.store_name, o.delivered_at,
  coalesce(o.executive_fee_paise, 0) AS fee_paise, o.cash_collected_paise, o.payout_id IS NOT NULL AS paid_out,
  t.amount_paise AS tip_paise, t.method AS tip_method, t.paid_at AS tip_paid_at`;

/** At most this many deliveries are listed for a period (a week of a busy executive is far fewer). */
export const deliveriesMax = 500;

/** The executive's deliveries in the business's days asked, the latest first, with their paid tips. */
export async function findDeliveries(
  db: Executor,
  executive: ExecutiveScope,
  period: { from: string; to: string },
): Promise<DeliveryRow[]> {
  const { rows } = await db.execute<DeliveryRow>(sql`
    SELECT ${deliveryColumns}
    FROM orders o
    LEFT JOIN tips t ON t.order_id = o.id AND t.state = 'PAID'
    WHERE ${sqlOfExecutive('o', executive)} AND o.status = ${OrderStatus.Delivered}
      AND ${inDays(sql`o.delivered_at`, executive, period)}
    ORDER BY o.delivered_at DESC, o.id
    LIMIT ${deliveriesMax}`);
  return rows;
}

/** One of the executive's deliveries; undefined when it is not theirs or not delivered. */
export async function findDelivery(
  db: Executor,
  executive: ExecutiveScope,
  orderId: string,
): Promise<(DeliveryRow & { zone_id: string; customer_id: string | null }) | undefined> {
  const { rows } = await db.execute<DeliveryRow & { zone_id: string; customer_id: string | null }>(sql`
    SELECT ${deliveryColumns}, o.zone_id, o.customer_id
    FROM orders o
    LEFT JOIN tips t ON t.order_id = o.id AND t.state = 'PAID'
    WHERE ${sqlOfExecutive('o', executive)} AND o.id = ${orderId}::uuid AND o.status = ${OrderStatus.Delivered}`);
  return rows[0];
}

/**
 * What the executive holds and is owed, whatever the period (the last year's): the cash on delivery
 * collected and not settled, day by day; the fees and online tips not paid out.
 */
export async function findBalances(db: Executor, executive: ExecutiveScope) {
  const timeZone = businessTimeZoneOf(sql`${executive.businessId}::uuid`);
  const { rows } = await db.execute<{ cash_in_hand: string | number; to_be_paid: string | number }>(sql`
    WITH cash AS (
      SELECT (o.delivered_at AT TIME ZONE ${timeZone})::date AS day, sum(o.cash_collected_paise) AS collected
      FROM orders o
      WHERE ${sqlOfExecutive('o', executive)} AND o.cash_collected_paise IS NOT NULL
        AND o.delivered_at >= now() - interval '366 days'
      GROUP BY 1
    )
    SELECT
      (SELECT coalesce(sum(greatest(c.collected - coalesce(s.amount_paise, 0), 0)), 0) FROM cash c
        LEFT JOIN cash_settlements s ON ${sqlOfExecutive('s', executive, 'executive_id')} AND s.day = c.day)
        AS cash_in_hand,
      (SELECT coalesce(sum(o.executive_fee_paise), 0) FROM orders o
        WHERE ${sqlOfExecutive('o', executive)} AND o.status = ${OrderStatus.Delivered} AND o.payout_id IS NULL
          AND o.delivered_at >= now() - interval '366 days')
      + (SELECT coalesce(sum(t.amount_paise), 0) FROM tips t
        WHERE ${sqlOfExecutive('t', executive, 'executive_id')} AND t.method = 'ONLINE' AND t.state = 'PAID'
          AND t.payout_id IS NULL AND t.paid_at >= now() - interval '366 days')
        AS to_be_paid`);
  return rows[0]!;
}

/** Records a cash tip for the executive's delivery; false when the order has a paid tip already. */
export async function insertCashTip(
  tx: Executor,
  executive: ExecutiveScope,
  orderId: string,
  amountPaise: number,
): Promise<boolean> {
  // A tip the customer began online and did not pay gives way; its gateway order stays noted, so a
  // payment of it that comes after all is known (and given back: the tip was paid in cash).
  const { rows } = await tx.execute(sql`
    INSERT INTO tips (business_id, order_id, executive_id, amount_paise, method, state, paid_at)
    VALUES (${executive.businessId}::uuid, ${orderId}::uuid, ${executive.executiveId}::uuid, ${amountPaise},
      'CASH', 'PAID', now())
    ON CONFLICT (order_id) DO UPDATE SET amount_paise = excluded.amount_paise, method = 'CASH', state = 'PAID',
      paid_at = now()
    WHERE tips.state = 'PENDING'
    RETURNING 1`);
  return rows.length > 0;
}

// ---- Online tips ----

export type TipRow = {
  id: string;
  businessId: string;
  orderId: string;
  executiveId: string;
  amountPaise: number;
  method: 'ONLINE' | 'CASH';
  state: 'PENDING' | 'PAID';
  gatewayOrderId: string | null;
  paidAt: Date | null;
};

const tipColumns = sql`t.id, t.business_id AS "businessId", t.order_id AS "orderId",
  t.executive_id AS "executiveId", t.amount_paise::int AS "amountPaise", t.method, t.state,
  t.gateway_order_id AS "gatewayOrderId", t.paid_at AS "paidAt"`;

/**
 * The customer's order as a tip needs it, locked, with its tip if any; undefined when it is not theirs.
 */
export async function lockOrderForTip(
  tx: Executor,
  scope: { businessId: string; customerId: string },
  orderId: string,
) {
  const { rows } = await tx.execute<{
    id: string;
    number: string | number;
    status: number;
    dex_id: string | null;
    zone_id: string;
    customer_id: string;
    delivered_at: string | Date | null;
  }>(sql`
    SELECT o.id, o.number, o.status, o.dex_id, o.zone_id, o.customer_id, o.delivered_at FROM orders o
    WHERE ${sqlOfCustomer('o', scope)} AND o.id = ${orderId}::uuid
    FOR UPDATE`);
  return rows[0];
}

export async function findTipOfOrder(db: Executor, scope: BusinessScope, orderId: string) {
  const { rows } = await db.execute<TipRow>(sql`
    SELECT ${tipColumns} FROM tips t WHERE ${sqlOfBusiness('t', scope)} AND t.order_id = ${orderId}::uuid`);
  return rows[0];
}

/** The order's online tip of this amount, waiting for its payment: made, or its amount changed. */
export async function upsertPendingTip(
  tx: Executor,
  tip: { businessId: string; orderId: string; executiveId: string; amountPaise: number },
): Promise<TipRow | undefined> {
  // A new amount needs a new gateway order: the one for the old amount is forgotten.
  const { rows } = await tx.execute<TipRow>(sql`
    INSERT INTO tips AS t (business_id, order_id, executive_id, amount_paise, method, state)
    VALUES (${tip.businessId}::uuid, ${tip.orderId}::uuid, ${tip.executiveId}::uuid, ${tip.amountPaise}, 'ONLINE', 'PENDING')
    ON CONFLICT (order_id) DO UPDATE SET amount_paise = excluded.amount_paise,
      gateway_order_id = CASE WHEN t.amount_paise = excluded.amount_paise THEN t.gateway_order_id END
    WHERE t.state = 'PENDING'
    RETURNING ${tipColumns}`);
  return rows[0];
}

/** Notes the gateway's order for a pending tip, unless it has one; answers the one it has. */
export async function setTipGatewayOrder(
  db: Executor,
  scope: BusinessScope,
  tipId: string,
  gatewayOrderId: string,
): Promise<string | null> {
  const { rows } = await db.execute<{ gateway_order_id: string | null }>(sql`
    UPDATE tips t SET gateway_order_id = coalesce(t.gateway_order_id, ${gatewayOrderId})
    WHERE ${sqlOfBusiness('t', scope)} AND t.id = ${tipId}::uuid
    RETURNING t.gateway_order_id`);
  return rows[0]?.gateway_order_id ?? null;
}

/** The tip the gateway's order is for, locked; undefined when none has it. */
export async function lockTipOfGatewayOrder(tx: Executor, gatewayOrderId: string) {
  const { rows } = await tx.execute<TipRow & { paymentRef: string | null }>(sql`
    SELECT ${tipColumns}, t.payment_ref AS "paymentRef" FROM tips t
    WHERE ${acrossBusinesses('a gateway’s payment names its tip by the gateway’s order id', sql`true`)}
      AND t.gateway_order_id = ${gatewayOrderId}
    FOR UPDATE`);
  return rows[0];
}

/** A tip of the business by its id, locked; undefined when it has none (a gateway order's notes name it). */
export async function lockTip(tx: Executor, scope: BusinessScope, tipId: string) {
  const { rows } = await tx.execute<TipRow & { paymentRef: string | null }>(sql`
    SELECT ${tipColumns}, t.payment_ref AS "paymentRef" FROM tips t
    WHERE ${sqlOfBusiness('t', scope)} AND t.id = ${tipId}::uuid
    FOR UPDATE`);
  return rows[0];
}

/** Pays a pending tip with the gateway's payment. */
export async function payTip(
  tx: Executor,
  tip: { id: string; businessId: string },
  payment: { paymentRef: string; feePaise: number | null },
): Promise<Date | null> {
  const { rows } = await tx.execute<{ paid_at: Date | string }>(sql`
    UPDATE tips t SET state = 'PAID', paid_at = now(), payment_ref = ${payment.paymentRef}, fee_paise = ${payment.feePaise}
    WHERE ${sqlOfBusiness('t', tip)} AND t.id = ${tip.id}::uuid AND t.state = 'PENDING'
    RETURNING t.paid_at`);
  return rows[0] ? new Date(rows[0].paid_at) : null;
}

// ---- Payouts ----

export type PayoutRowRecord = {
  executive_id: string;
  executive_name: string;
  deliveries: number;
  fees_paise: string | number;
  unpaid_fees_paise: string | number;
  tips_online_paise: string | number;
  tips_cash_paise: string | number;
  unpaid_tips_paise: string | number;
  cash_to_settle_paise: string | number;
};

/**
 * Per executive of the scope with deliveries or cash in the period: fees, tips, what of them is not
 * paid out, and the cash of the period's days not settled. `only` narrows it to one executive.
 */
export async function findPayoutRows(
  db: Executor,
  scope: Scope,
  period: { from: string; to: string },
  only?: string,
): Promise<PayoutRowRecord[]> {
  const timeZone = businessTimeZoneOf(sql`${scope.businessId}::uuid`);
  const one = only
    ? sql` AND ${sqlOfExecutive('o', { businessId: scope.businessId, executiveId: only })}`
    : sql``;
  const { rows } = await db.execute<PayoutRowRecord>(sql`
    WITH delivered AS (
      SELECT o.id, o.dex_id, coalesce(o.executive_fee_paise, 0) AS fee, o.payout_id, o.cash_collected_paise,
        (o.delivered_at AT TIME ZONE ${timeZone})::date AS day
      FROM orders o
      WHERE ${sqlInScope('o', scope)} AND o.status = ${OrderStatus.Delivered} AND o.dex_id IS NOT NULL${one}
        AND ${inDays(sql`o.delivered_at`, scope, period)}
    ),
    fees AS (
      SELECT d.dex_id, count(*)::int AS deliveries, sum(d.fee) AS fees,
        coalesce(sum(d.fee) FILTER (WHERE d.payout_id IS NULL), 0) AS unpaid_fees
      FROM delivered d GROUP BY 1
    ),
    tipped AS (
      SELECT d.dex_id,
        coalesce(sum(t.amount_paise) FILTER (WHERE t.method = 'ONLINE'), 0) AS online,
        coalesce(sum(t.amount_paise) FILTER (WHERE t.method = 'CASH'), 0) AS cash,
        coalesce(sum(t.amount_paise) FILTER (WHERE t.method = 'ONLINE' AND t.payout_id IS NULL), 0) AS unpaid
      FROM delivered d JOIN tips t ON t.order_id = d.id AND t.state = 'PAID' AND t.executive_id = d.dex_id
      GROUP BY 1
    ),
    cash AS (
      SELECT c.dex_id, sum(greatest(c.collected - coalesce(s.amount_paise, 0), 0)) AS to_settle
      FROM (SELECT d.dex_id, d.day, sum(d.cash_collected_paise) AS collected FROM delivered d
            WHERE d.cash_collected_paise IS NOT NULL GROUP BY 1, 2) c
      LEFT JOIN cash_settlements s ON ${sqlOfBusiness('s', scope)} AND s.executive_id = c.dex_id AND s.day = c.day
      GROUP BY 1
    )
    SELECT f.dex_id AS executive_id, u.name AS executive_name, f.deliveries, f.fees AS fees_paise,
      f.unpaid_fees AS unpaid_fees_paise, coalesce(t.online, 0) AS tips_online_paise,
      coalesce(t.cash, 0) AS tips_cash_paise, coalesce(t.unpaid, 0) AS unpaid_tips_paise,
      coalesce(c.to_settle, 0) AS cash_to_settle_paise
    FROM fees f
    JOIN users u ON u.id = f.dex_id
    LEFT JOIN tipped t ON t.dex_id = f.dex_id
    LEFT JOIN cash c ON c.dex_id = f.dex_id
    ORDER BY u.name, f.dex_id`);
  return rows;
}

export type PaidOutRecord = {
  id: string;
  executive_id: string;
  from_day: string;
  to_day: string;
  amount_paise: string | number;
  earnings_paise: string | number;
  cash_netted_paise: string | number;
  paid_at: string | Date;
  paid_by_name: string;
};

/** Payouts of the executives named for days of the period, the latest first (a period has few of them). */
export async function findPayoutsOf(
  db: Executor,
  scope: BusinessScope,
  executiveIds: string[],
  period: { from: string; to: string },
): Promise<PaidOutRecord[]> {
  if (executiveIds.length === 0) return [];
  const { rows } = await db.execute<PaidOutRecord>(sql`
    SELECT p.id, p.executive_id, to_char(p.from_day, 'YYYY-MM-DD') AS from_day,
      to_char(p.to_day, 'YYYY-MM-DD') AS to_day, p.amount_paise, p.earnings_paise, p.cash_netted_paise,
      p.paid_at, p.paid_by_name
    FROM payouts p
    WHERE ${sqlOfBusiness('p', scope)} AND p.from_day <= ${period.to}::date AND p.to_day >= ${period.from}::date
    ORDER BY p.paid_at DESC`);
  const named = new Set(executiveIds);
  return rows.filter((row) => named.has(row.executive_id));
}

/** A delivery executive of the scope, locked (their payouts and cash settlements go one at a time). */
export async function lockExecutive(tx: Executor, scope: Scope, executiveId: string) {
  const { rows } = await tx.execute<{ id: string; name: string }>(sql`
    SELECT u.id, u.name FROM users u
    WHERE ${sqlInScope('u', scope)} AND u.id = ${executiveId}::uuid AND u.level = 3
    FOR UPDATE`);
  return rows[0];
}

/**
 * Marks the executive's unpaid deliveries of the period, and their online tips, as paid by the
 * payout; answers what they earned.
 */
export async function markPaidOut(
  tx: Executor,
  scope: Scope,
  executiveId: string,
  period: { from: string; to: string },
  payoutId: string,
): Promise<{ fees: number; tips: number }> {
  const { rows } = await tx.execute<{ fees: string | number; tips: string | number }>(sql`
    WITH paid AS (
      UPDATE orders o SET payout_id = ${payoutId}::uuid
      WHERE ${sqlInScope('o', scope)} AND ${sqlOfExecutive('o', { businessId: scope.businessId, executiveId })} AND o.status = ${OrderStatus.Delivered}
        AND o.payout_id IS NULL AND ${inDays(sql`o.delivered_at`, scope, period)}
      RETURNING o.id, coalesce(o.executive_fee_paise, 0) AS fee
    ),
    tipped AS (
      UPDATE tips t SET payout_id = ${payoutId}::uuid
      FROM orders o
      WHERE ${sqlOfBusiness('t', scope)} AND t.order_id = o.id AND ${sqlOfExecutive('t', { businessId: scope.businessId, executiveId }, 'executive_id')}
        AND t.method = 'ONLINE' AND t.state = 'PAID' AND t.payout_id IS NULL
        AND ${sqlInScope('o', scope)} AND ${sqlOfExecutive('o', { businessId: scope.businessId, executiveId })} AND o.status = ${OrderStatus.Delivered}
        AND ${inDays(sql`o.delivered_at`, scope, period)}
      RETURNING t.amount_paise
    )
    SELECT (SELECT coalesce(sum(fee), 0) FROM paid) AS fees, (SELECT coalesce(sum(amount_paise), 0) FROM tipped) AS tips`);
  const row = rows[0]!;
  return { fees: Number(row.fees), tips: Number(row.tips) };
}

/** The executive's cash days of the period not settled in full, with what was collected. */
export async function findUnsettledCash(
  tx: Executor,
  scope: Scope,
  executiveId: string,
  period: { from: string; to: string },
) {
  const timeZone = businessTimeZoneOf(sql`${scope.businessId}::uuid`);
  const { rows } = await tx.execute<{
    day: string;
    collected: string | number;
    settled: string | number;
  }>(sql`
    SELECT to_char(c.day, 'YYYY-MM-DD') AS day, c.collected, coalesce(s.amount_paise, 0) AS settled
    FROM (
      SELECT (o.delivered_at AT TIME ZONE ${timeZone})::date AS day, sum(o.cash_collected_paise) AS collected
      FROM orders o
      WHERE ${sqlInScope('o', scope)} AND ${sqlOfExecutive('o', { businessId: scope.businessId, executiveId })} AND o.cash_collected_paise IS NOT NULL
        AND ${inDays(sql`o.delivered_at`, scope, period)}
      GROUP BY 1
    ) c
    LEFT JOIN cash_settlements s ON ${sqlOfBusiness('s', scope)} AND ${sqlOfExecutive('s', { businessId: scope.businessId, executiveId }, 'executive_id')} AND s.day = c.day
    WHERE c.collected > coalesce(s.amount_paise, 0)`);
  return rows.map((row) => ({
    day: row.day,
    collected: Number(row.collected),
    settled: Number(row.settled),
  }));
}

/** Settles the cash days in full as netted by the payout. */
export async function settleNetted(
  tx: Executor,
  values: {
    businessId: string;
    executiveId: string;
    days: Array<{ day: string; collected: number }>;
    payoutId: string;
    by: { id: string; name: string };
  },
): Promise<void> {
  for (const { day, collected } of values.days) {
    await tx.execute(sql`
      INSERT INTO cash_settlements (business_id, executive_id, day, amount_paise, settled_by_id, settled_by_name, payout_id)
      VALUES (${values.businessId}::uuid, ${values.executiveId}::uuid, ${day}::date, ${collected},
        ${values.by.id}::uuid, ${values.by.name}, ${values.payoutId}::uuid)
      ON CONFLICT (business_id, executive_id, day) DO UPDATE SET amount_paise = excluded.amount_paise,
        settled_by_id = excluded.settled_by_id, settled_by_name = excluded.settled_by_name, settled_at = now(),
        payout_id = excluded.payout_id`);
  }
}

export async function insertPayout(
  tx: Executor,
  values: {
    id: string;
    businessId: string;
    executiveId: string;
    from: string;
    to: string;
    earningsPaise: number;
    cashNettedPaise: number;
    by: { id: string; name: string };
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO payouts (id, business_id, executive_id, from_day, to_day, earnings_paise, cash_netted_paise,
      amount_paise, paid_by_id, paid_by_name)
    VALUES (${values.id}::uuid, ${values.businessId}::uuid, ${values.executiveId}::uuid, ${values.from}::date,
      ${values.to}::date, ${values.earningsPaise}, ${values.cashNettedPaise},
      ${values.earningsPaise - values.cashNettedPaise}, ${values.by.id}::uuid, ${values.by.name})`);
}
