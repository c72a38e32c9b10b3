import { AWAITING_PAYMENT_STATE } from '@storedesk/shared/payments/online';
import { and, asc, count, desc, eq, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerListQuery } from '@storedesk/shared/customers/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import type { Executor } from '#server/db/client.ts';
import { namesActor } from '#server/db/actor.ts';
import { customers, orders } from '#server/db/schema.ts';
import { likePattern, nameMatches } from '#server/lib/search.ts';
import { ofBusiness, ofCustomers, type BusinessScope } from '#server/lib/scope.ts';

const columns = {
  id: customers.id,
  name: customers.name,
  phone: customers.phone,
  blockedAt: customers.blockedAt,
  blockedByName: customers.blockedByName,
  createdAt: customers.createdAt,
};
export type CustomerRecord = {
  id: string;
  name: string;
  phone: string;
  blockedAt: Date | null;
  blockedByName: string | null;
  createdAt: Date;
};
export type CustomerFigures = { ordersCount: number; totalSpentPaise: number; lastOrderAt: Date | null };
const none: CustomerFigures = { ordersCount: 0, totalSpentPaise: 0, lastOrderAt: null };

/**
 * What a search names: a part of a name, or, when it looks like a phone
 * number, a run of its digits (phones are kept as ten digits, without +91).
 */
function matches(q: string): SQL {
  const byName = nameMatches(customers.name, q);
  const digits = q.replace(/^\+91/, '').replace(/\D/g, '');
  if (digits === '' || !/^[\d\s+\-().]+$/.test(q)) return byName;
  return or(byName, sql`${customers.phone} LIKE ${likePattern(digits)}`)!;
}

const orderings = {
  name: [asc(customers.name), asc(customers.id)],
  newest: [desc(customers.createdAt), desc(customers.id)],
  oldest: [asc(customers.createdAt), asc(customers.id)],
} as const;

/** A page of the business's customers, by name or by when they became customers. */
export async function findCustomers(db: Executor, scope: BusinessScope, query: CustomerListQuery) {
  const conditions: SQL[] = [ofBusiness(customers, scope)];
  if (query.q) conditions.push(matches(query.q));
  const where = and(...conditions);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(customers)
      .where(where)
      .orderBy(...orderings[query.sort])
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { items: items as CustomerRecord[], total };
}

export async function findCustomer(db: Executor, scope: BusinessScope, customerId: string) {
  const [row] = await db
    .select(columns)
    .from(customers)
    .where(and(ofBusiness(customers, scope), eq(customers.id, customerId)));
  return (row as CustomerRecord | undefined) ?? null;
}

/**
 * The figures of some customers of the business, read from their own orders
 * only (orders_customer_idx), so a page costs the same with a million orders:
 * how many orders, the bill amounts of the delivered ones, and the latest.
 */
export async function findFigures(
  db: Executor,
  scope: BusinessScope,
  customerIds: string[],
): Promise<Map<string, CustomerFigures>> {
  const figures = new Map<string, CustomerFigures>(customerIds.map((id) => [id, none]));
  if (customerIds.length === 0) return figures;
  const rows = await db
    .select({
      customerId: orders.customerId,
      ordersCount: count(),
      totalSpentPaise: sql<string>`coalesce(sum(${orders.billAmountPaise}) FILTER (WHERE ${orders.status} = ${OrderStatus.Delivered}), 0)`,
      lastOrderAt: max(orders.placedAt),
    })
    .from(orders)
    // Orders that never reached the store (online, unpaid) are not the customer's history with it.
    .where(and(ofCustomers(orders, scope, customerIds), ne(orders.state, AWAITING_PAYMENT_STATE)))
    .groupBy(orders.customerId);
  for (const row of rows) {
    // Only these customers' orders were read: none without a customer.
    figures.set(row.customerId!, {
      ordersCount: row.ordersCount,
      totalSpentPaise: Number(row.totalSpentPaise),
      lastOrderAt: row.lastOrderAt,
    });
  }
  return figures;
}

/**
 * Blocks a customer, noting who and when, or unblocks them. Blocking one who
 * is blocked already keeps the first who and when: the answer is the same.
 */
export async function setBlocked(
  db: Executor,
  scope: BusinessScope,
  customerId: string,
  by: { id: string; name: string } | null,
) {
  const set = by
    ? {
        blockedAt: sql`coalesce(${customers.blockedAt}, now())`,
        blockedById: sql`CASE WHEN ${customers.blockedAt} IS NULL THEN ${by.id}::uuid ELSE ${customers.blockedById} END`,
        blockedByName: sql`CASE WHEN ${customers.blockedAt} IS NULL THEN ${by.name} ELSE ${customers.blockedByName} END`,
      }
    : { blockedAt: null, blockedById: null, blockedByName: null };
  const [row] = await db
    .update(customers)
    .set(set)
    .where(and(ofBusiness(customers, scope), eq(customers.id, customerId), namesActor()))
    .returning(columns);
  return (row as CustomerRecord | undefined) ?? null;
}
