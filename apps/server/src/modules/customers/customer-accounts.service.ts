import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  addressLimit,
  addressMessages,
  type Address,
  type AddressInput,
} from '@storedesk/shared/storefront/addresses';
import {
  customerCodePolicy,
  customerMessages,
  customerSessionPolicy,
  referralMessages,
  type Customer,
  type CustomerUpdate,
  type CustomerVerifyRequest,
} from '@storedesk/shared/storefront/customers';
import type { CustomerContext, StorefrontBusiness } from '#server/lib/callers.ts';
import type { Database, Executor, Transaction } from '#server/db/client.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import type { SessionCheck } from '#server/realtime/session-watch.ts';
import { perDatabase } from '#server/db/per-database.ts';
import { AppError, invalid, notFound, unauthenticated } from '#server/lib/errors.ts';
import type { CustomerScope } from '#server/lib/scope.ts';
import type { SmsSender } from '#server/sms/sms.ts';
import { clearCounts, reserveAttempt, reserveText } from '#server/modules/limits/limits.service.ts';
import * as repo from './customer-accounts.repository.ts';
import type { AnyColumn } from 'drizzle-orm';
import { referralProgramme } from '#server/modules/coupons/coupons.service.ts';

const sha256 = (...parts: string[]) => createHash('sha256').update(parts.join(':')).digest();

/** A code is kept as the hash of its row's id and its digits: the digits are never stored. */
const codeHash = (codeId: string, code: string) => sha256('customer-code', codeId, code);

/** The throttle keys of sending codes and of guessing them (ADR 0038). */
function keysOf(businessId: string, phone: string, address: string) {
  return {
    sendsToPhone: `sms-phone:${businessId}:${phone}`,
    sendsFromAddress: `sms-address:${address}`,
    guessesAtPhoneFromAddress: `code-phone-address:${businessId}:${phone} ${address}`,
    guessesFromAddress: `code-address:${address}`,
    guessesAtPhone: `code-phone:${businessId}:${phone}`,
  };
}

/**
 * Sends a sign-in code to the phone (ADR 0038). Each send is counted before it goes (ADR 0054): at
 * most `sendsPerPhone` codes to one phone and `sendsPerAddress` from one client address per window,
 * and the business's texts a day (Settings › Others); a phone past its limit still signs in with
 * any code already sent to it, so asking for codes to someone else's phone cannot lock them out.
 */
export async function sendCode(
  db: Database,
  sms: SmsSender,
  business: StorefrontBusiness,
  phone: string,
  address: string,
): Promise<{ expiresInSeconds: number }> {
  const keys = keysOf(business.id, phone, address);
  await reserveAttempt(
    db,
    [
      { key: keys.sendsToPhone, max: customerCodePolicy.sendsPerPhone },
      { key: keys.sendsFromAddress, max: customerCodePolicy.sendsPerAddress },
    ],
    customerMessages.tooManyCodes,
  );
  const text = await reserveText(db, business, customerMessages.textsUsedUp);

  const code = String(randomInt(0, 10 ** customerCodePolicy.digits)).padStart(customerCodePolicy.digits, '0');
  const id = randomUUID();
  await repo.insertCode(db, {
    id,
    businessId: business.id,
    phone,
    codeHash: codeHash(id, code),
    expiresAt: new Date(Date.now() + customerCodePolicy.ttlMs),
  });
  try {
    await sms.send({
      to: phone,
      text: `${code} is your ${business.name} sign-in code. It expires in 10 minutes. Never share it.`,
    });
  } catch {
    await text.release();
    throw new AppError('unavailable', 'The code could not be sent just now. Try again in a minute');
  }
  return { expiresInSeconds: customerCodePolicy.ttlMs / 1000 };
}

/**
 * Signs a customer in with a code sent to their phone: any of the phone's
 * unexpired, unused codes, compared in constant time. Each try is counted
 * before it is judged (ADR 0054) against the phone from this address (5),
 * this address (30) and the phone from every address (100) per window; the
 * first two only slow one attacker, the third voids guessing for everyone
 * until the window passes, which takes many addresses to reach. A right code
 * takes its try back. The code is used once, the phone's other codes with it;
 * a new phone becomes a customer.
 */
export async function verifyCode(
  db: Database,
  business: StorefrontBusiness,
  input: CustomerVerifyRequest,
  address: string,
): Promise<{ token: string; customer: Customer }> {
  const keys = keysOf(business.id, input.phone, address);
  const attempt = await reserveAttempt(
    db,
    [
      { key: keys.guessesAtPhoneFromAddress, max: customerCodePolicy.guessesPerPhoneAndAddress },
      { key: keys.guessesFromAddress, max: customerCodePolicy.guessesPerAddress },
      { key: keys.guessesAtPhone, max: customerCodePolicy.guessesPerPhone },
    ],
    customerMessages.tooManyGuesses,
  );

  const codes = await repo.findLiveCodes(db, business.id, input.phone);
  const match = codes.find((row) => {
    const expected = codeHash(row.id, input.code);
    return row.codeHash.length === expected.length && timingSafeEqual(row.codeHash, expected);
  });
  const signedIn = match
    ? await db.transaction(async (tx) => {
        if (!(await repo.useCode(tx, business.id, input.phone, match.id))) return null;
        const customer = await repo.upsertCustomer(tx, business.id, input.phone, input.name);
        const token = randomBytes(32).toString('base64url');
        await repo.insertSession(tx, {
          tokenHash: sha256('customer-session', token),
          customerId: customer.id,
          businessId: business.id,
          expiresAt: new Date(Date.now() + customerSessionPolicy.absoluteMs),
        });
        return { token, customer };
      })
    : null;
  if (!signedIn) throw invalid({ code: customerMessages.wrongCode }, customerMessages.wrongCode);
  await attempt.release([keys.guessesFromAddress, keys.guessesAtPhone]);
  await clearCounts(db, [keys.guessesAtPhoneFromAddress]);
  return signedIn;
}

/**
 * The signed-in customer a bearer token names, read with the business its storefront key names in
 * one statement (ADR 0088): `column` goes into that statement, and `resolve` answers from what it
 * read, within that business, or null.
 */
export function customerSessionPart(token: string) {
  const idleSince = new Date(Date.now() - customerSessionPolicy.idleMs);
  return {
    column: (businessId: AnyColumn) =>
      repo.sessionColumn(
        businessId,
        token.length > 200 ? null : sha256('customer-session', token),
        idleSince,
      ),
    async resolve(
      db: Executor,
      business: StorefrontBusiness,
      row: repo.SessionJson | null,
    ): Promise<CustomerContext | null> {
      if (!row) return null;
      const scope = { businessId: business.id, customerId: row.customer.id };
      // Seen at most once a minute: a busy app does not write on every read.
      if (Date.now() - new Date(row.lastSeenAt).getTime() > 60_000) {
        await repo.touchSession(db, scope, row.sessionId);
      }
      return { sessionId: row.sessionId, customer: row.customer, scope };
    },
  };
}

/** How the sessions of customers' open live streams are checked (ADR 0051): one statement for all. */
export const liveCustomerSessionCheck = perDatabase((db): SessionCheck => async (ids) => {
  const idleSince = new Date(Date.now() - customerSessionPolicy.idleMs);
  return new Set(await repo.touchLiveSessions(db, ids, idleSince));
});

/** Ends the session, and announces it so its live streams close at once. */
export async function signOutCustomer(db: Database, context: CustomerContext): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.deleteSession(tx, context.scope.businessId, context.sessionId);
    await publishEvent(tx, {
      businessId: context.scope.businessId,
      zoneId: null,
      topic: 'session',
      action: 'ended',
      recordId: context.customer.id,
      sessionId: context.sessionId,
    });
  });
}

/**
 * The customer's name, and a friend's referral code (ADR 0041): given once, before the first
 * order, while the programme runs; not their own, and not one given by as many customers as
 * the programme's usage limit. All or nothing.
 */
export async function updateCustomer(
  db: Database,
  context: CustomerContext,
  input: CustomerUpdate,
): Promise<Customer> {
  return db.transaction(async (tx) => {
    if (input.referralCode !== undefined) await giveReferralCode(tx, context.scope, input.referralCode);
    const { referralCode: _, ...changes } = input;
    const customer = Object.values(changes).some((value) => value !== undefined)
      ? await repo.updateCustomer(tx, context.scope, changes)
      : await repo.findCustomer(tx, context.scope);
    if (!customer) throw unauthenticated(customerMessages.signIn);
    return customer;
  });
}

async function giveReferralCode(tx: Transaction, scope: CustomerScope, code: string) {
  const refuse = (message: string) => invalid({ referralCode: message }, message);
  const self = await repo.lockCustomerForReferral(tx, scope);
  if (!self) throw unauthenticated(customerMessages.signIn);
  if (self.referredById !== null) throw new AppError('conflict', referralMessages.alreadyGiven);
  if (self.hasOrders) throw new AppError('conflict', referralMessages.afterFirstOrder);
  const programme = await referralProgramme(tx, scope);
  if (!programme?.enabled) throw new AppError('conflict', referralMessages.off);
  const referrer = await repo.lockReferrer(tx, scope.businessId, code);
  if (!referrer) throw refuse(referralMessages.unknown);
  if (referrer.id === self.id) throw refuse(referralMessages.own);
  if (referrer.referred >= programme.usageLimit) throw refuse(referralMessages.usedUp);
  await repo.setReferrer(tx, scope, referrer.id);
}

/** Deletes sessions that can no longer be used and codes a day past their expiry. */
export async function pruneCustomerRecords(db: Database): Promise<void> {
  await repo.deleteExpiredSessions(db, new Date(Date.now() - customerSessionPolicy.idleMs));
  await repo.deleteOldCodes(db);
}

/* ---- Saved addresses ---- */

function toAddress(row: Awaited<ReturnType<typeof repo.findAddresses>>[number]): Address {
  return {
    id: row.id,
    label: row.label,
    text: row.text,
    landmark: row.landmark,
    lat: row.lat,
    lng: row.lng,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAddresses(db: Executor, scope: CustomerScope): Promise<Address[]> {
  return (await repo.findAddresses(db, scope)).map(toAddress);
}

/** One of the customer's own saved addresses, or 404 (another customer's does not exist for them). */
export async function getAddress(db: Executor, scope: CustomerScope, addressId: string): Promise<Address> {
  const row = await repo.findAddress(db, scope, addressId);
  if (!row) throw notFound();
  return toAddress(row);
}

export async function addAddress(db: Database, scope: CustomerScope, input: AddressInput): Promise<Address> {
  return db.transaction(async (tx) => {
    await repo.lockCustomerRow(tx, scope);
    if ((await repo.countAddresses(tx, scope)) >= addressLimit) {
      throw new AppError('conflict', addressMessages.tooMany);
    }
    const row = await repo.insertAddress(tx, scope, {
      label: input.label,
      text: input.text,
      landmark: input.landmark,
      latitude: input.lat,
      longitude: input.lng,
    });
    return toAddress(row);
  });
}

export async function removeAddress(db: Executor, scope: CustomerScope, addressId: string): Promise<void> {
  if (!(await repo.deleteAddress(db, scope, addressId))) throw notFound();
}
