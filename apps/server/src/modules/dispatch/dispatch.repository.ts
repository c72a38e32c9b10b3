import { sql } from 'drizzle-orm';
import type { CashQuery } from '@storedesk/shared/delivery/schemas';
import type { Executor } from '#server/db/client.ts';
import {
  sqlInScope,
  sqlOfBusiness,
  sqlOfExecutive,
  type BusinessScope,
  type Scope,
} from '#server/lib/scope.ts';
import { businessTimeZoneOf } from '#server/lib/business-time-zone.ts';

export type ExecutiveRow = {
  id: string;
  name: string;
  phone: string;
  zone_id: string | null;
  on_duty: boolean | null;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  seen_at: string | Date | null;
  open_orders: number;
};

/** The scope's live delivery executives with their duty, last position and open orders. */
export async function findExecutives(db: Executor, scope: Scope): Promise<ExecutiveRow[]> {
  const { rows } = await db.execute<ExecutiveRow>(sql`
    SELECT u.id, u.name, u.phone, u.zone_id, p.on_duty, p.lat, p.lng, p.accuracy, p.seen_at,
      (SELECT count(*) FROM orders o WHERE o.dex_id = u.id AND o.state = 1)::int AS open_orders
    FROM users u
    LEFT JOIN executive_presence p ON p.user_id = u.id
    WHERE ${sqlInScope('u', scope)} AND u.level = 3 AND u.deleted_at IS NULL
    ORDER BY u.name, u.id`);
  return rows;
}

/** The scope's stores (not in the trash) and where they are. */
export async function findStores(db: Executor, scope: Scope) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    zone_id: string;
    lat: number;
    lng: number;
  }>(sql`
    SELECT s.id, s.name, s.zone_id, s.latitude AS lat, s.longitude AS lng FROM stores s
    WHERE ${sqlInScope('s', scope)} AND s.deleted_at IS NULL
    ORDER BY s.name, s.id`);
  return rows;
}

/** At most this many open orders are drawn on the map (the oldest first: they wait longest). */
export const dispatchOrdersMax = 1000;

export async function findOpenOrders(db: Executor, scope: Scope) {
  const { rows } = await db.execute<{
    id: string;
    number: string | number;
    zone_id: string;
    store_id: string;
    store_name: string;
    customer_name: string;
    status: number;
    placed_at: string | Date;
    dex_id: string | null;
    dex_name: string | null;
    lat: number | null;
    lng: number | null;
    address: string | null;
    version: number;
  }>(sql`
    SELECT o.id, o.number, o.zone_id, o.store_id, o.store_name, o.customer_name, o.status, o.placed_at,
      o.dex_id, o.dex_name, (o.delivery_address->>'lat')::float8 AS lat, (o.delivery_address->>'lng')::float8 AS lng,
      concat_ws(', ', o.delivery_address->>'text', nullif(o.delivery_address->>'landmark', '')) AS address, o.version
    FROM orders o
    WHERE ${sqlInScope('o', scope)} AND o.state = 1
    ORDER BY o.placed_at, o.id
    LIMIT ${dispatchOrdersMax}`);
  return rows;
}

export async function findDispatchSettings(db: Executor, scope: BusinessScope) {
  const { rows } = await db.execute<{ wait: number; max: number }>(sql`
    SELECT dispatch_wait_minutes AS wait, max_open_orders_per_executive AS max FROM order_settings
    WHERE ${sqlOfBusiness(null, scope)}`);
  return rows[0] ?? null;
}

/** A store the scope can see, and where it is. */
export async function findStore(db: Executor, scope: Scope, storeId: string) {
  const { rows } = await db.execute<{ id: string; zone_id: string; lat: number; lng: number }>(sql`
    SELECT s.id, s.zone_id, s.latitude AS lat, s.longitude AS lng FROM stores s
    WHERE ${sqlInScope('s', scope)} AND s.id = ${storeId} AND s.deleted_at IS NULL`);
  return rows[0];
}

export type CashRowRecord = {
  executive_id: string;
  executive_name: string;
  day: string;
  orders: number;
  collected_paise: string | number;
  settled_paise: string | number | null;
  settled_at: string | Date | null;
  settled_by_name: string | null;
};

/**
 * COD collected per executive and the business's day, in the days asked (both
 * included) and the scope's zones, with what staff recorded as settled.
 * `only` narrows it to one executive and day (a settlement's check).
 */
export async function findCash(
  db: Executor,
  scope: Scope,
  query: Pick<CashQuery, 'from' | 'to'>,
  only?: { executiveId: string; day: string },
): Promise<CashRowRecord[]> {
  const timeZone = businessTimeZoneOf(sql`${scope.businessId}::uuid`);
  const one = only
    ? sql` AND ${sqlOfExecutive('o', { businessId: scope.businessId, executiveId: only.executiveId })}
        AND (o.delivered_at AT TIME ZONE ${timeZone})::date = ${only.day}::date`
    : sql``;
  const { rows } = await db.execute<CashRowRecord>(sql`
    WITH collected AS (
      SELECT o.dex_id AS executive_id, (o.delivered_at AT TIME ZONE ${timeZone})::date AS day,
        count(*)::int AS orders, sum(o.cash_collected_paise) AS collected_paise
      FROM orders o
      WHERE ${sqlInScope('o', scope)} AND o.cash_collected_paise IS NOT NULL AND o.dex_id IS NOT NULL
        AND o.delivered_at >= (${query.from}::date::timestamp AT TIME ZONE ${timeZone})
        AND o.delivered_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})${one}
      GROUP BY 1, 2
    )
    SELECT c.executive_id, u.name AS executive_name, to_char(c.day, 'YYYY-MM-DD') AS day, c.orders,
      c.collected_paise, s.amount_paise AS settled_paise, s.settled_at, s.settled_by_name
    FROM collected c
    JOIN users u ON u.id = c.executive_id
    LEFT JOIN cash_settlements s
      ON ${sqlOfBusiness('s', scope)} AND s.executive_id = c.executive_id AND s.day = c.day
    ORDER BY c.day DESC, u.name, c.executive_id`);
  return rows;
}

/**
 * Records a day's cash of an executive as settled (who and when); a day settled before and
 * collected more since is settled again at the new amount. False when it was settled at this
 * amount already.
 */
export async function insertSettlement(
  tx: Executor,
  values: {
    businessId: string;
    executiveId: string;
    day: string;
    amountPaise: number;
    by: { id: string; name: string };
  },
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    INSERT INTO cash_settlements (business_id, executive_id, day, amount_paise, settled_by_id, settled_by_name)
    VALUES (${values.businessId}, ${values.executiveId}, ${values.day}::date, ${values.amountPaise},
      ${values.by.id}, ${values.by.name})
    ON CONFLICT (business_id, executive_id, day) DO UPDATE SET amount_paise = excluded.amount_paise,
      settled_by_id = excluded.settled_by_id, settled_by_name = excluded.settled_by_name, settled_at = now()
    WHERE cash_settlements.amount_paise < excluded.amount_paise
    RETURNING 1`);
  return rows.length > 0;
}
