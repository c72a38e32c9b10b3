import {
  couponMessages,
  type Coupon,
  type CouponClose,
  type CouponCreate,
  type CouponListQuery,
} from '@storedesk/shared/coupons/schemas';
import { businessDay } from '@storedesk/shared/dates';
import type { ListResponse } from '@storedesk/shared/lists';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, invalid, notFound, stale } from '#server/lib/errors.ts';
import { isUniqueViolation } from '#server/lib/pg-errors.ts';
import { scopeOf, type BusinessScope, type Scope } from '#server/lib/scope.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';

import * as repo from './coupons.repository.ts';

/** The coupon as the console reads it; expired when its last day is before today in the business's zone. */
export function toCoupon(row: repo.CouponRow, today: string): Coupon {
  return {
    code: row.code,
    name: row.name,
    validFrom: row.validFrom,
    expiresAt: row.expiresAt,
    type: row.type,
    discountPercent: row.discountPercent,
    maxDiscountPaise: row.maxDiscountPaise,
    minOrderValuePaise: row.minOrderValuePaise,
    availStartTime: row.availStartTime,
    availEndTime: row.availEndTime,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    newUsersOnly: row.newUsersOnly,
    usageType: row.usageType,
    storeIds: row.storeIds,
    customerIds: row.customerIds,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    expired: row.expiresAt < today,
  };
}

/** Today, as a calendar day of the business's time zone (D19). */
function todayOf(auth: AuthContext, now: Date = new Date()): string {
  return businessDay(now, auth.business.timeZone);
}

/** Coupons are the whole business's (owner only), so their events name no zone. */
function announce(db: Executor, scope: Scope, code: string, action: 'created' | 'closed') {
  return publishEvent(db, {
    businessId: scope.businessId,
    zoneId: null,
    topic: 'coupons',
    action,
    recordId: code,
  });
}

const codeTaken = () =>
  new AppError('conflict', couponMessages.codeTaken, { fields: { code: couponMessages.codeTaken } });

export async function listCoupons(
  db: Database,
  auth: AuthContext,
  query: CouponListQuery,
): Promise<ListResponse<Coupon>> {
  const today = todayOf(auth);
  const { items, total } = await repo.findOpenCoupons(db, scopeOf(auth), query);
  return { items: items.map((row) => toCoupon(row, today)), total };
}

/**
 * Adds an open coupon. The stores and customers it is limited to must be the
 * business's own (live stores); it may not have expired already. The unique
 * index on the code ignoring case decides between two creates of one code.
 */
export async function createCoupon(db: Database, auth: AuthContext, input: CouponCreate): Promise<Coupon> {
  const scope = scopeOf(auth);
  const today = todayOf(auth);
  try {
    return await db.transaction(async (tx) => {
      const fields: Record<string, string> = {};
      if (input.expiresAt < today) fields.expiresAt = couponMessages.expiresInPast;
      const liveStores = await repo.lockLiveStores(tx, scope, input.storeIds);
      if (input.storeIds.some((id) => !liveStores.has(id))) fields.storeIds = couponMessages.unknownStores;
      const known = await repo.findCustomerIds(tx, scope, input.customerIds);
      if (input.customerIds.some((id) => !known.has(id)))
        fields.customerIds = couponMessages.unknownCustomers;
      if (Object.keys(fields).length > 0) throw invalid(fields);
      const row = await repo.insertCoupon(tx, scope, input);
      await announce(tx, scope, row.code, 'created');
      return toCoupon(row, today);
    });
  } catch (error) {
    if (
      isUniqueViolation(error, 'coupons_code_ci_idx') ||
      isUniqueViolation(error, 'coupons_business_id_code_pk')
    ) {
      throw codeTaken();
    }
    throw error;
  }
}

/**
 * Closes a coupon (D16), based on the version read (D9): the storefront
 * refuses it from then on. Unknown (or another business's) is 404; a stale
 * version is 409 with the coupon as it is; closing is final, so a coupon
 * already closed is 409 saying so, whatever version was sent.
 */
export async function closeCoupon(
  db: Database,
  auth: AuthContext,
  code: string,
  input: CouponClose,
): Promise<Coupon> {
  const scope = scopeOf(auth);
  const today = todayOf(auth);
  return db.transaction(async (tx) => {
    const row = await repo.closeCoupon(tx, scope, code, input.version);
    if (!row) {
      const now = await repo.findCoupon(tx, scope, code);
      if (!now) throw notFound();
      const current = toCoupon(now, today);
      if (now.usageType === 'CLOSE') {
        throw new AppError('conflict', couponMessages.alreadyClosed, { current });
      }
      throw stale(current);
    }
    await announce(tx, scope, row.code, 'closed');
    return toCoupon(row, today);
  });
}

/**
 * The referral programme as the business's settings have it (ADR 0041), or null when they were
 * never saved; its offer on an order is `referralOffer` of the coupon rules.
 */
export function referralProgramme(db: Executor, scope: BusinessScope) {
  return repo.findReferralProgramme(db, scope);
}
