import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accountTokens,
  businesses,
  onboardingAccounts,
  orderSettings,
  paymentModes,
  referralSettings,
  users,
  zones,
} from '../../db/schema.ts';

export type PendingAccount = typeof onboardingAccounts.$inferSelect;

/** Creates the pending account of an e-mail, replacing the one there was (password, link, verification). */
export async function replacePendingAccount(
  db: Executor,
  values: { email: string; passwordHash: string; verificationTokenHash: Buffer; verificationExpiresAt: Date },
): Promise<PendingAccount> {
  await db.delete(onboardingAccounts).where(sql`lower(${onboardingAccounts.email}) = lower(${values.email})`);
  const [row] = await db.insert(onboardingAccounts).values(values).returning();
  return row!;
}

export async function findPendingAccount(db: Executor, id: string): Promise<PendingAccount | undefined> {
  const [row] = await db.select().from(onboardingAccounts).where(eq(onboardingAccounts.id, id));
  return row;
}

/** Locks the pending account for the transaction that acts on it. */
export async function lockPendingAccount(db: Executor, id: string): Promise<PendingAccount | undefined> {
  const [row] = await db.select().from(onboardingAccounts).where(eq(onboardingAccounts.id, id)).for('update');
  return row;
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

export async function replaceVerificationToken(
  db: Executor,
  id: string,
  tokenHash: Buffer,
  expiresAt: Date,
): Promise<void> {
  await db
    .update(onboardingAccounts)
    .set({ verificationTokenHash: tokenHash, verificationExpiresAt: expiresAt })
    .where(eq(onboardingAccounts.id, id));
}

export async function markPendingVerified(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(onboardingAccounts).set({ verifiedAt: at }).where(eq(onboardingAccounts.id, id));
}

export async function deletePendingAccount(db: Executor, id: string): Promise<void> {
  await db.delete(onboardingAccounts).where(eq(onboardingAccounts.id, id));
}

/** The mailed link of an owner who finished before verifying. */
export async function findVerifyTokenByHash(db: Executor, tokenHash: Buffer) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.kind, 'verify-email'), eq(accountTokens.tokenHash, tokenHash)))
    .for('update');
  return row;
}

export async function insertVerifyToken(
  db: Executor,
  values: { userId: string; email: string; tokenHash: Buffer; expiresAt: Date },
): Promise<void> {
  await db.insert(accountTokens).values({ kind: 'verify-email', ...values });
}

export async function useVerifyToken(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(accountTokens).set({ usedAt: at }).where(eq(accountTokens.id, id));
}

/** Marks the user's e-mail verified when it is still the address the link proves. */
export async function markUserEmailVerified(db: Executor, userId: string, email: string, at: Date) {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: at })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
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
