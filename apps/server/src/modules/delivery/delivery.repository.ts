import { and, asc, eq, sql } from 'drizzle-orm';
import { positionPolicy } from '@storedesk/shared/delivery/rules';
import type { LocationInput } from '@storedesk/shared/delivery/schemas';
import type { Executor } from '#server/db/client.ts';
import { executivePresence, orderEvents, orders, stores } from '#server/db/schema.ts';
import { acrossBusinesses, ofExecutive, sqlOfExecutive, type ExecutiveScope } from '#server/lib/scope.ts';
import { POSITIONS_CHANNEL } from '#server/realtime/events.repository.ts';

export type Executive = { id: string; businessId: string; zoneId: string | null; name: string };

/** The executive's scope: their business, and of its rows their own. */
const own = (executive: Executive): ExecutiveScope => ({
  businessId: executive.businessId,
  executiveId: executive.id,
});

/** Whether the executive is on duty, and since when; off duty until they first go on. */
export async function findDuty(db: Executor, executive: Executive) {
  const [row] = await db
    .select({ onDuty: executivePresence.onDuty, since: executivePresence.dutySince })
    .from(executivePresence)
    .where(ofExecutive(executivePresence, own(executive)));
  return row ?? null;
}

/** Puts the executive on or off duty; answers the duty as it now is (its time moves only with a change). */
export async function setDuty(db: Executor, executive: Executive, onDuty: boolean) {
  const [row] = await db
    .insert(executivePresence)
    .values({ userId: executive.id, businessId: executive.businessId, onDuty })
    .onConflictDoUpdate({
      target: executivePresence.userId,
      set: {
        onDuty,
        dutySince: sql`CASE WHEN ${executivePresence.onDuty} = ${onDuty} THEN ${executivePresence.dutySince} ELSE now() END`,
      },
      setWhere: ofExecutive(executivePresence, own(executive)),
    })
    .returning({ onDuty: executivePresence.onDuty, since: executivePresence.dutySince });
  return row!;
}

/**
 * Records a position in one statement (ADR 0042): the latest position, only
 * while on duty and no sooner than `serverMinIntervalMs` after the last; a trail
 * point while the executive carries open orders; and its announcement to the
 * Dispatch screens. Answers whether it was taken, and if not whether they are
 * on duty at all.
 */
export async function recordPosition(
  db: Executor,
  executive: Executive,
  position: LocationInput,
): Promise<{ taken: boolean; onDuty: boolean }> {
  const accuracy = position.accuracy ?? null;
  const { rows } = await db.execute<{ taken: number; on_duty: boolean | null }>(sql`
    WITH taken AS (
      UPDATE executive_presence SET lat = ${position.lat}, lng = ${position.lng}, accuracy = ${accuracy}::float8,
        seen_at = now()
      WHERE ${sqlOfExecutive(null, own(executive), 'user_id')} AND on_duty
        AND (seen_at IS NULL OR seen_at <= now() - make_interval(secs => ${positionPolicy.serverMinIntervalMs / 1000}))
      RETURNING seen_at
    ), trail AS (
      INSERT INTO executive_trail (business_id, executive_id, lat, lng)
      SELECT ${executive.businessId}::uuid, ${executive.id}::uuid, ${position.lat}, ${position.lng} FROM taken
      WHERE EXISTS (SELECT 1 FROM orders o WHERE ${sqlOfExecutive('o', own(executive))} AND o.state = 1)
    ), announced AS (
      SELECT pg_notify(${POSITIONS_CHANNEL}, json_build_object(
        'b', ${executive.businessId}::uuid, 'z', ${executive.zoneId}::uuid, 'id', ${executive.id}::uuid,
        'lat', ${position.lat}::float8, 'lng', ${position.lng}::float8, 'a', ${accuracy}::float8, 't', seen_at)::text)
      FROM taken
    )
    SELECT (SELECT count(*) FROM announced)::int AS taken,
      (SELECT on_duty FROM executive_presence WHERE ${sqlOfExecutive(null, own(executive), 'user_id')}) AS on_duty`);
  const row = rows[0]!;
  return { taken: row.taken > 0, onDuty: row.on_duty === true };
}

const orderColumns = {
  id: orders.id,
  number: orders.number,
  businessId: orders.businessId,
  zoneId: orders.zoneId,
  status: orders.status,
  state: orders.state,
  version: orders.version,
  placedAt: orders.placedAt,
  customerId: orders.customerId,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  deliveryAddress: orders.deliveryAddress,
  items: orders.items,
  itemsTotalPaise: orders.itemsTotalPaise,
  discountPaise: orders.discountPaise,
  charges: orders.charges,
  chargesTotalPaise: orders.chargesTotalPaise,
  billAmountPaise: orders.billAmountPaise,
  paymentMode: orders.paymentMode,
  paidAt: orders.paidAt,
  note: orders.note,
  deliveryCode: orders.deliveryCode,
  dexId: orders.dexId,
  dexName: orders.dexName,
  storeId: stores.id,
  storeName: orders.storeName,
  storeAddress: stores.location,
  storePhone: stores.phone,
  storeLat: stores.latitude,
  storeLng: stores.longitude,
};

/** The orders given to the executive. */
const assignedTo = (executive: Executive) => ofExecutive(orders, own(executive));

/** The executive's open orders, oldest first. */
export async function findOpenOrders(db: Executor, executive: Executive) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(and(assignedTo(executive), eq(orders.state, 1)))
    .orderBy(asc(orders.placedAt), asc(orders.id));
}

/**
 * The payment row of cash the executive collected at the door of their order, as staff's marking of
 * a payment writes one (ADR 0038): no status, the executive's name, after the Delivered row, with a
 * version of its own.
 */
export async function insertCashPayment(
  db: Executor,
  executive: Executive,
  row: { orderId: string; note: string },
): Promise<void> {
  await db
    .update(orders)
    .set({ version: sql`${orders.version} + 1` })
    .where(and(assignedTo(executive), eq(orders.id, row.orderId)));
  await db.insert(orderEvents).values({
    orderId: row.orderId,
    businessId: executive.businessId,
    note: row.note,
    actorId: executive.id,
    actorName: executive.name,
  });
}

/** One order of the executive's (open or closed), or undefined when it is not theirs. */
export async function findOrderOf(db: Executor, executive: Executive, orderId: string) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(and(assignedTo(executive), eq(orders.id, orderId)));
  return row;
}

export type ExecutiveOrderRow = NonNullable<Awaited<ReturnType<typeof findOrderOf>>>;

/** Forgets positions older than `before` (ADR 0042): trail points, and last positions not renewed since. */
export async function prunePositions(db: Executor, before: Date): Promise<void> {
  const trail = sql`at < ${before}`;
  await db.execute(
    sql`DELETE FROM executive_trail WHERE ${acrossBusinesses('housekeeping: every business’s trail is kept as long', trail)}`,
  );
  await db.execute(sql`
    UPDATE executive_presence SET lat = NULL, lng = NULL, accuracy = NULL, seen_at = NULL
    WHERE ${acrossBusinesses('housekeeping: every business’s last positions are kept as long', sql`seen_at < ${before}`)}`);
}
