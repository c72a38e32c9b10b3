import { and, count, desc, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CouponCreate } from '@storedesk/shared/coupons/schemas';
import type { ListQuery } from '@storedesk/shared/lists';
import type { Executor } from '#server/db/client.ts';
import { coupons, customers, referralSettings, stores } from '#server/db/schema.ts';
import { nameMatches } from '#server/lib/search.ts';
import { ofBusiness, type BusinessScope, type Scope } from '#server/lib/scope.ts';

const columns = {
  code: coupons.code,
  name: coupons.name,
  validFrom: coupons.validFrom,
  expiresAt: coupons.expiresAt,
  type: coupons.type,
  discountPercent: coupons.discountPercent,
  maxDiscountPaise: coupons.maxDiscountPaise,
  minOrderValuePaise: coupons.minOrderValuePaise,
  availStartTime: sql<string>`to_char(${coupons.availStartTime}, 'HH24:MI')`,
  availEndTime: sql<string>`to_char(${coupons.availEndTime}, 'HH24:MI')`,
  usageLimit: coupons.usageLimit,
  usedCount: coupons.usedCount,
  newUsersOnly: coupons.newUsersOnly,
  usageType: coupons.usageType,
  storeIds: coupons.storeIds,
  customerIds: coupons.customerIds,
  version: coupons.version,
  updatedAt: coupons.updatedAt,
};

export type CouponRow = {
  code: string;
  name: string;
  validFrom: string;
  expiresAt: string;
  type: 'DISCOUNT' | 'FREE_DELIVERY';
  discountPercent: number;
  maxDiscountPaise: number;
  minOrderValuePaise: number;
  availStartTime: string;
  availEndTime: string;
  usageLimit: number;
  usedCount: number;
  newUsersOnly: boolean;
  usageType: 'OPEN' | 'CLOSE';
  storeIds: string[];
  customerIds: string[];
  version: number;
  updatedAt: Date;
};

/** The business's coupon with this code, whatever its case: codes are unique in a business ignoring case. */
function byCode(scope: Scope, code: string): SQL {
  return and(ofBusiness(coupons, scope), sql`lower(${coupons.code}) = lower(${code})`)!;
}

/** The open coupons of the business, newest first; `q` finds a code or a name. */
export async function findOpenCoupons(db: Executor, scope: Scope, query: ListQuery) {
  const conditions: SQL[] = [ofBusiness(coupons, scope), eq(coupons.usageType, 'OPEN')];
  if (query.q) conditions.push(or(nameMatches(coupons.code, query.q), nameMatches(coupons.name, query.q))!);
  const where = and(...conditions);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), asc(coupons.code))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  return { items, total };
}

export async function findCoupon(db: Executor, scope: Scope, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select(columns).from(coupons).where(byCode(scope, code));
  return row;
}

export async function insertCoupon(db: Executor, scope: Scope, input: CouponCreate): Promise<CouponRow> {
  const [row] = await db
    .insert(coupons)
    .values({ businessId: scope.businessId, ...input, usageType: 'OPEN' })
    .returning(columns);
  return row!;
}

/** Closes the open coupon if its version is still `version`; undefined otherwise. */
export async function closeCoupon(
  db: Executor,
  scope: Scope,
  code: string,
  version: number,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ usageType: 'CLOSE', version: sql`${coupons.version} + 1`, updatedAt: sql`now()` })
    .where(and(byCode(scope, code), eq(coupons.usageType, 'OPEN'), eq(coupons.version, version)))
    .returning(columns);
  return row;
}

/** Which of `ids` are live stores of the business, locked for share until the transaction ends. */
export async function lockLiveStores(db: Executor, scope: Scope, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(ofBusiness(stores, scope), inArray(stores.id, ids), isNull(stores.deletedAt)))
    .for('share');
  return new Set(rows.map((row) => row.id));
}

/** Which of `ids` are customers of the business. */
export async function findCustomerIds(db: Executor, scope: Scope, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(ofBusiness(customers, scope), inArray(customers.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function findReferralProgramme(db: Executor, scope: BusinessScope) {
  const [row] = await db
    .select({
      enabled: referralSettings.enabled,
      name: referralSettings.name,
      type: referralSettings.type,
      discountPercent: referralSettings.discountPercent,
      maxDiscountPaise: referralSettings.maxDiscountPaise,
      minOrderValuePaise: referralSettings.minOrderValuePaise,
      validForDays: referralSettings.validForDays,
      usageLimit: referralSettings.usageLimit,
      message: referralSettings.referralMessage,
    })
    .from(referralSettings)
    .where(ofBusiness(referralSettings, scope));
  return row ?? null;
}
