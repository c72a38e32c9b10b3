import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import {
  businesses,
  onboardingAccounts,
  orderSettings,
  paymentModes,
  referralSettings,
  users,
  zones,
} from '#server/db/schema.ts';
import { acrossBusinesses } from '#server/lib/scope.ts';

export type PendingAccount = typeof onboardingAccounts.$inferSelect;

/** A new pending registration of an e-mail: the e-mail's other registrations stay as they are (ADR 0057). */
export async function insertPendingAccount(
  db: Executor,
  values: { email: string; passwordHash: string; verificationTokenHash: Buffer; verificationExpiresAt: Date },
): Promise<PendingAccount> {
  const [row] = await db.insert(onboardingAccounts).values(values).returning();
  return row!;
}

export async function findPendingAccount(db: Executor, id: string): Promise<PendingAccount | undefined> {
  const [row] = await db.select().from(onboardingAccounts).where(eq(onboardingAccounts.id, id));
  return row;
}

/**
 * Locks every pending registration of the e-mail, in one order, so that two of them finishing at
 * once wait on each other instead of deadlocking, and the second finds itself gone.
 */
export async function lockPendingAccountsOf(db: Executor, email: string): Promise<PendingAccount[]> {
  return db
    .select()
    .from(onboardingAccounts)
    .where(sql`lower(${onboardingAccounts.email}) = lower(${email})`)
    .orderBy(onboardingAccounts.id)
    .for('update');
}

export async function findPendingAccountByTokenHash(
  db: Executor,
  tokenHash: Buffer,
): Promise<PendingAccount | undefined> {
  const [row] = await db
    .select()
    .from(onboardingAccounts)
    .where(eq(onboardingAccounts.verificationTokenHash, tokenHash))
    .for('update');
  return row;
}

/** A new link for a registration still waiting for its e-mail to be verified; false when none is. */
export async function replaceVerificationToken(
  db: Executor,
  id: string,
  tokenHash: Buffer,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(onboardingAccounts)
    .set({ verificationTokenHash: tokenHash, verificationExpiresAt: expiresAt })
    .where(
      acrossBusinesses(
        'a registration comes before its business: it has none yet',
        and(eq(onboardingAccounts.id, id), isNull(onboardingAccounts.verifiedAt)),
      ),
    )
    .returning({ id: onboardingAccounts.id });
  return rows.length > 0;
}

export async function markPendingVerified(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(onboardingAccounts)
    .set({ verifiedAt: at })
    .where(
      acrossBusinesses(
        'a registration comes before its business: it has none yet',
        eq(onboardingAccounts.id, id),
      ),
    );
}

export async function deletePendingAccounts(db: Executor, ids: string[]): Promise<void> {
  await db
    .delete(onboardingAccounts)
    .where(
      acrossBusinesses(
        'a registration comes before its business: it has none yet',
        inArray(onboardingAccounts.id, ids),
      ),
    );
}

/** Registrations whose link expired before anyone followed it. */
export async function deleteExpiredPendingAccounts(db: Executor, now: Date): Promise<void> {
  await db
    .delete(onboardingAccounts)
    .where(
      acrossBusinesses(
        'housekeeping: registrations come before any business, and expire alike',
        and(
          isNull(onboardingAccounts.verifiedAt),
          or(
            isNull(onboardingAccounts.verificationExpiresAt),
            lte(onboardingAccounts.verificationExpiresAt, now),
          ),
        ),
      ),
    );
}

export type NewBusiness = {
  id: string;
  name: string;
  description: string;
  theme: { primaryColor: string; accentColor: string; textPrimary: string };
  iconKey: string;
  storefrontKey: string;
  slug: string;
  serviceEndsAt: Date;
};

/** The business with its first zone and default settings (cash on delivery, no delivery charges, no referral). */
export async function insertBusiness(db: Executor, values: NewBusiness, zoneName: string) {
  await db.insert(businesses).values({ ...values, live: false });
  const [zone] = await db
    .insert(zones)
    .values({ businessId: values.id, name: zoneName })
    .returning({ id: zones.id });
  await db.insert(orderSettings).values({ businessId: values.id, deliveryChargesEnabled: false });
  await db.insert(referralSettings).values({ businessId: values.id, enabled: false });
  await db
    .insert(paymentModes)
    .values({ businessId: values.id, title: 'Cash on delivery', type: 'COD', enabled: true });
  return { zoneId: zone!.id };
}

export async function insertOwner(
  db: Executor,
  values: {
    businessId: string;
    zoneId: string;
    name: string;
    email: string;
    phone: string;
    passwordHash: string;
    emailVerifiedAt: Date | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ ...values, level: 1 })
    .returning({ id: users.id });
  return row!.id;
}
