/** The queue of order updates to customers (B19, ADR 0075): claimed, sent, retried, recorded. */
import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type { Language } from '@storedesk/shared/languages';
import { acrossBusinesses, sqlOfBusiness, type BusinessScope } from '#server/lib/scope.ts';

/** How long a send holds its message: another instance's sender leaves it alone meanwhile. */
const SEND_LEASE = sql`interval '1 minute'`;

export type DueMessage = {
  id: string;
  businessId: string;
  orderId: string;
  channel: 'SMS' | 'WHATSAPP';
  status: number;
  toPhone: string;
  tries: number;
  number: number;
  storeName: string;
  businessName: string;
  timeZone: string;
  slug: string;
  shopDomain: string | null;
  /** The customer's language, which the text is written in (English for an order without an account). */
  language: Language;
  /** What it tells (ADR 0082), with a refund's amount and the order's bill now. */
  kind: 'STATUS' | 'REFUNDED' | 'ITEMS';
  amountPaise: number | null;
  billAmountPaise: number;
};

/**
 * Claims up to `limit` messages due now (oldest first) for one send each, skipping those another
 * sender holds; answers them with what their text needs.
 */
export async function claimDue(db: Executor, limit: number): Promise<DueMessage[]> {
  const { rows } = await db.execute<DueMessage>(sql`
    WITH due AS (
      SELECT m.id FROM order_messages m
      WHERE ${acrossBusinesses('the order-updates sender sends every business’s texts', sql`m.state = 'PENDING'`)}
        AND m.next_at <= now() AND (m.claimed_until IS NULL OR m.claimed_until < now())
      ORDER BY m.next_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ),
    claimed AS (
      UPDATE order_messages m SET claimed_until = now() + ${SEND_LEASE}, tries = m.tries + 1
      FROM due WHERE m.id = due.id
      RETURNING m.id, m.business_id, m.order_id, m.channel, m.status, m.kind, m.amount_paise, m.to_phone, m.tries
    )
    SELECT c.id, c.business_id AS "businessId", c.order_id AS "orderId", c.channel, c.status, c.kind,
           c.amount_paise::float8 AS "amountPaise", o.bill_amount_paise::float8 AS "billAmountPaise",
           c.to_phone AS "toPhone", c.tries, o.number::int AS number, o.store_name AS "storeName",
           b.name AS "businessName", b.time_zone AS "timeZone", b.slug, b.shop_domain AS "shopDomain",
           coalesce(cu.language, 'en') AS language
    FROM claimed c
    JOIN orders o ON o.id = c.order_id AND o.business_id = c.business_id
    JOIN businesses b ON b.id = c.business_id
    LEFT JOIN customers cu ON cu.id = o.customer_id AND cu.business_id = o.business_id`);
  return rows;
}

/** A message given up on, with its timeline row on its order (which moves no version). */
export async function giveUp(
  tx: Executor,
  scope: BusinessScope,
  message: { id: string; orderId: string },
  outcome: { error: string; note: string },
): Promise<void> {
  await tx.execute(sql`
    UPDATE order_messages m SET state = 'FAILED', last_error = ${outcome.error}, claimed_until = NULL
    WHERE ${sqlOfBusiness('m', scope)} AND m.id = ${message.id}::uuid`);
  await tx.execute(sql`
    INSERT INTO order_events (order_id, business_id, note, kind, actor_name)
    VALUES (${message.orderId}::uuid, ${scope.businessId}::uuid, ${outcome.note}, 'MESSAGE', 'Order updates')`);
}

/**
 * Messages sent, each with its timeline row on its order (which moves no version), in one statement
 * for a whole round: a text costs the queue no round trip of its own.
 */
export async function settleSent(db: Executor, sent: Array<{ id: string; note: string }>): Promise<void> {
  if (sent.length === 0) return;
  await db.execute(sql`
    WITH given AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) AS g(id uuid, note text)
    ),
    settled AS (
      UPDATE order_messages m SET state = 'SENT', sent_at = now(), claimed_until = NULL, last_error = NULL
      FROM given
      WHERE ${acrossBusinesses('a round of the sender settles every business’s texts it sent', sql`m.id = given.id`)}
      RETURNING m.order_id, m.business_id, given.note
    )
    INSERT INTO order_events (order_id, business_id, note, kind, actor_name)
    SELECT order_id, business_id, note, 'MESSAGE', 'Order updates' FROM settled`);
}

/** A send that failed, tried again after `delaySeconds`. */
export async function retryLater(
  db: Executor,
  scope: BusinessScope,
  messageId: string,
  delaySeconds: number,
  error: string,
): Promise<void> {
  await db.execute(sql`
    UPDATE order_messages m SET next_at = now() + make_interval(secs => ${delaySeconds}),
      claimed_until = NULL, last_error = ${error}
    WHERE ${sqlOfBusiness('m', scope)} AND m.id = ${messageId}::uuid`);
}

/** Forgets messages settled over `days` ago (their timeline rows stay). */
export async function deleteSettledBefore(db: Executor, days: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM order_messages m
    WHERE ${acrossBusinesses('old messages of every business go', sql`m.state <> 'PENDING'`)}
      AND m.created_at < now() - make_interval(days => ${days})`);
}
