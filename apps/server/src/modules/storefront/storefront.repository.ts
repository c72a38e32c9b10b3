import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { businesses, coupons, customers, items, orderSettings, orders, stores } from '../../db/schema.ts';
import { ofBusiness } from '../../lib/scope.ts';

export async function findBusinessByStorefrontKey(db: Executor, key: string) {
  const [row] = await db
    .select({
      id: businesses.id,
      serviceEndsAt: businesses.serviceEndsAt,
      timeZone: businesses.timeZone,
      live: businesses.live,
    })
    .from(businesses)
    .where(eq(businesses.storefrontKey, key));
  return row ?? null;
}

/** The database's clock for this transaction: the moment the order is placed. */
export async function transactionTime(tx: Transaction): Promise<Date> {
  const result = await tx.execute<{ now: Date | string }>(sql`SELECT now() AS now`);
  return new Date(result.rows[0]!.now);
}

/** A live store of the business, or null. */
export async function findStore(db: Executor, businessId: string, storeId: string) {
  const [row] = await db
    .select({ id: stores.id, name: stores.name, zoneId: stores.zoneId, status: stores.status })
    .from(stores)
    .where(and(eq(stores.id, storeId), ofBusiness(stores, { businessId }), isNull(stores.deletedAt)));
  return row ?? null;
}

/** The store's items among `ids`, deleted ones included (so they can be told apart from unknown ones). */
export function findStoreItems(db: Executor, businessId: string, storeId: string, ids: string[]) {
  return db
    .select({
      id: items.id,
      name: items.name,
      pricePaise: items.pricePaise,
      inStock: items.inStock,
      deleted: sql<boolean>`${items.deletedAt} IS NOT NULL`,
    })
    .from(items)
    .where(and(ofBusiness(items, { businessId }), eq(items.storeId, storeId), inArray(items.id, ids)));
}

export async function findOrderSettings(db: Executor, businessId: string) {
  const [row] = await db
    .select({
      deliveryChargesEnabled: orderSettings.deliveryChargesEnabled,
      standardDeliveryChargesPaise: orderSettings.standardDeliveryChargesPaise,
      minimumOrderPaise: orderSettings.minimumOrderPaise,
    })
    .from(orderSettings)
    .where(ofBusiness(orderSettings, { businessId }));
  return row ?? { deliveryChargesEnabled: false, standardDeliveryChargesPaise: 0, minimumOrderPaise: 0 };
}

/**
 * The customer with this phone, created on their first order; locked until the
 * transaction ends, so one customer's orders are placed one at a time (their
 * "first order" is then decided once).
 */
export async function lockCustomer(
  tx: Transaction,
  businessId: string,
  customer: { name: string; phone: string },
): Promise<{ id: string; created: boolean }> {
  const [created] = await tx
    .insert(customers)
    .values({ businessId, name: customer.name, phone: customer.phone })
    .onConflictDoNothing({ target: [customers.businessId, customers.phone] })
    .returning({ id: customers.id });
  if (created) return { id: created.id, created: true };
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(ofBusiness(customers, { businessId }), eq(customers.phone, customer.phone)))
    .for('update');
  return { id: existing!.id, created: false };
}

export async function customerHasOrders(db: Executor, businessId: string, customerId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), ofBusiness(orders, { businessId })))
    .limit(1);
  return row !== undefined;
}

/**
 * The business's coupon with this code (the exact spelling first, else the
 * one that differs only in case), locked until the transaction ends so its
 * usage count is read and raised by one order at a time.
 */
export async function lockCoupon(tx: Transaction, businessId: string, code: string) {
  const [row] = await tx
    .select({
      code: coupons.code,
      type: coupons.type,
      discountPercent: coupons.discountPercent,
      maxDiscountPaise: coupons.maxDiscountPaise,
      minOrderValuePaise: coupons.minOrderValuePaise,
      validFrom: coupons.validFrom,
      expiresAt: coupons.expiresAt,
      availStartTime: sql<string>`to_char(${coupons.availStartTime}, 'HH24:MI')`,
      availEndTime: sql<string>`to_char(${coupons.availEndTime}, 'HH24:MI')`,
      usageLimit: coupons.usageLimit,
      usedCount: coupons.usedCount,
      newUsersOnly: coupons.newUsersOnly,
      usageType: coupons.usageType,
      storeIds: coupons.storeIds,
      customerIds: coupons.customerIds,
    })
    .from(coupons)
    .where(and(ofBusiness(coupons, { businessId }), sql`lower(${coupons.code}) = lower(${code})`))
    .orderBy(sql`${coupons.code} = ${code} DESC`)
    .limit(1)
    .for('update');
  return row ?? null;
}

/** One more order placed with the code: `used_count` is the count of orders that used it. */
export async function countCouponUse(tx: Transaction, businessId: string, code: string) {
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(ofBusiness(coupons, { businessId }), eq(coupons.code, code)));
}

export async function insertOrder(tx: Transaction, values: typeof orders.$inferInsert) {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}
