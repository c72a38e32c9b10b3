import { and, eq, sql } from 'drizzle-orm';
import type { ReferralType } from '@storedesk/shared/settings/referral-settings';
import type { Executor } from '#server/db/client.ts';
import { referralSettings } from '#server/db/schema.ts';
import { ofBusiness, type Scope } from '#server/lib/scope.ts';

const columns = {
  enabled: referralSettings.enabled,
  name: referralSettings.name,
  type: referralSettings.type,
  usageLimit: referralSettings.usageLimit,
  discountPercent: referralSettings.discountPercent,
  maxDiscountPaise: referralSettings.maxDiscountPaise,
  minOrderValuePaise: referralSettings.minOrderValuePaise,
  validForDays: referralSettings.validForDays,
  referralMessage: referralSettings.referralMessage,
  version: referralSettings.version,
  updatedAt: referralSettings.updatedAt,
};

export type ReferralValues = {
  enabled: boolean;
  name: string;
  type: ReferralType;
  usageLimit: number;
  discountPercent: number;
  maxDiscountPaise: number;
  minOrderValuePaise: number;
  validForDays: number;
  referralMessage: string;
};
export type ReferralRow = ReferralValues & { version: number; updatedAt: Date };

/** The business's saved referral settings; undefined while it has never saved them. */
export async function findReferralSettings(db: Executor, scope: Scope): Promise<ReferralRow | undefined> {
  const [row] = await db.select(columns).from(referralSettings).where(ofBusiness(referralSettings, scope));
  return row;
}

/** The first save (version 1); undefined when the business has a row already. */
export async function insertReferralSettings(
  db: Executor,
  scope: Scope,
  values: ReferralValues,
): Promise<ReferralRow | undefined> {
  const [row] = await db
    .insert(referralSettings)
    .values({ businessId: scope.businessId, ...values })
    .onConflictDoNothing({ target: referralSettings.businessId })
    .returning(columns);
  return row;
}

/**
 * Writes the fields given (the others keep their saved values) if the
 * settings are still at `version`; undefined when they are not.
 */
export async function updateReferralSettings(
  db: Executor,
  scope: Scope,
  version: number,
  values: Partial<ReferralValues>,
): Promise<ReferralRow | undefined> {
  const [row] = await db
    .update(referralSettings)
    .set({ ...values, version: sql`${referralSettings.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofBusiness(referralSettings, scope), eq(referralSettings.version, version)))
    .returning(columns);
  return row;
}
