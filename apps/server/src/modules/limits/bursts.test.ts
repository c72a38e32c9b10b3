/**
 * Every guess and send limit under a burst (ADR 0054): N simultaneous attempts, ten times the
 * limit, are judged no more often than the limit allows one at a time, whatever the addresses
 * they come from; the right secret sent once the limit is reached is refused with the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { accountMessages } from '@storedesk/shared/account/schemas';
import { twoFactorRules } from '@storedesk/shared/auth/two-factor-messages';
import { deliveryCodeAttempts, deliveryMessages } from '@storedesk/shared/delivery/rules';
import { passwordResetMessages } from '@storedesk/shared/auth/password-reset-messages';
import { messages } from '@storedesk/shared/messages';
import { OrderStatus } from '@storedesk/shared/orders';
import { customerCodePolicy, customerMessages } from '@storedesk/shared/storefront/customers';
import * as t from '#server/db/schema.ts';
import {
  createBusiness,
  createExecutive,
  createStoreWithItem,
  createTestApp,
  errorOf,
  insertOrder,
  latestCode,
  PASSWORD,
  signIn,
  textsTo,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { stepAt, totpAt } from '#server/modules/auth/totp.ts';
import { throttlePolicy } from '#server/modules/auth/auth.service.ts';

let ctx: TestApp;
let biz: TestBusiness;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
});
afterAll(() => ctx?.close());

/** Each test's phones and addresses are its own, so no count of one test reaches another. */
let nextPhone = 9_600_000_000;
const freshPhone = () => String(nextPhone++);
let nextNet = 1;
/** `n` addresses of a network of the test's own. */
const addresses = (n: number) => {
  const net = nextNet++;
  return Array.from({ length: n }, (_, i) => `10.${net}.${Math.floor(i / 250)}.${(i % 250) + 1}`);
};

const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress, headers });

const storefront = (remoteAddress: string, url: string, payload: object, key = biz.storefrontKey) =>
  post(url, payload, remoteAddress, { 'x-storefront-key': key });

/** How many answers had each status. */
function tally(answers: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
  return counts;
}

/** The messages of the refusals among the answers, each once. */
const refusalMessages = (answers: LightMyRequestResponse[], status: number) => [
  ...new Set(answers.filter((a) => a.statusCode === status).map((a) => errorOf(a).message)),
];

/** A count as the limits keep it. */
async function countOf(key: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: t.signInThrottle.failures })
    .from(t.signInThrottle)
    .where(eq(t.signInThrottle.key, key));
  return row?.n ?? 0;
}

/** Polls (at most 20 s) until `reached` holds: how a test knows the burst has used the limit up. */
async function until(reached: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await reached())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Sends the burst all at once, then, once `limitReached`, the right secret while the burst is
 * still arriving: answers the burst's answers and the right one's.
 */
async function burstThenRight(
  wrong: Array<() => Promise<LightMyRequestResponse>>,
  limitReached: () => Promise<boolean>,
  right: () => Promise<LightMyRequestResponse>,
) {
  const burst = Promise.all(wrong.map((send) => send()));
  await until(limitReached, 'the limit being reached');
  const rightAnswer = await right();
  return { answers: await burst, right: rightAnswer };
}

describe("a customer's sign-in code", () => {
  const limits = customerCodePolicy;

  it(`judges ${limits.guessesPerPhone} of ${10 * limits.guessesPerPhone} simultaneous wrong codes for one phone from ${(10 * limits.guessesPerPhone) / limits.guessesPerPhoneAndAddress} addresses, and refuses the right one after them`, async () => {
    const phone = freshPhone();
    const [first] = addresses(1);
    expect((await storefront(first!, '/api/storefront/auth/code', { phone })).statusCode).toBe(202);
    const code = latestCode(ctx.dataDir, phone);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const n = 10 * limits.guessesPerPhone;
    // Five from each address: no address reaches its own limits, only the phone's.
    const from = addresses(n / limits.guessesPerPhoneAndAddress);
    const { answers, right } = await burstThenRight(
      Array.from(
        { length: n },
        (_, i) => () =>
          storefront(from[i % from.length]!, '/api/storefront/auth/verify', { phone, code: wrongCode }),
      ),
      async () => (await countOf(`code-phone:${biz.id}:${phone}`)) >= limits.guessesPerPhone,
      () => storefront(addresses(1)[0]!, '/api/storefront/auth/verify', { phone, code }),
    );
    expect(tally(answers)).toEqual({ 400: limits.guessesPerPhone, 429: n - limits.guessesPerPhone });
    expect(refusalMessages(answers, 429)).toEqual([customerMessages.tooManyGuesses]);
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).message).toBe(customerMessages.tooManyGuesses);
    const sessions = await ctx.db.execute(
      sql`SELECT 1 FROM customer_sessions s JOIN customers c ON c.id = s.customer_id WHERE c.phone = ${phone}`,
    );
    expect(sessions.rows).toEqual([]);
  });

  it(`judges ${limits.guessesPerPhoneAndAddress} of ${10 * limits.guessesPerPhoneAndAddress} simultaneous wrong codes for one phone from one address`, async () => {
    const phone = freshPhone();
    const [from] = addresses(1);
    expect((await storefront(from!, '/api/storefront/auth/code', { phone })).statusCode).toBe(202);
    const code = latestCode(ctx.dataDir, phone);
    const wrongCode = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    const n = 10 * limits.guessesPerPhoneAndAddress;
    const { answers, right } = await burstThenRight(
      Array.from(
        { length: n },
        () => () => storefront(from!, '/api/storefront/auth/verify', { phone, code: wrongCode }),
      ),
      async () =>
        (await countOf(`code-phone-address:${biz.id}:${phone} ${from}`)) >= limits.guessesPerPhoneAndAddress,
      () => storefront(from!, '/api/storefront/auth/verify', { phone, code }),
    );
    expect(tally(answers)).toEqual({
      400: limits.guessesPerPhoneAndAddress,
      429: n - limits.guessesPerPhoneAndAddress,
    });
    expect(right.statusCode).toBe(429);
  });

  it(`judges ${limits.guessesPerAddress} of ${10 * limits.guessesPerAddress} simultaneous wrong codes from one address, each for another phone`, async () => {
    const [from] = addresses(1);
    const n = 10 * limits.guessesPerAddress;
    const answers = await Promise.all(
      Array.from({ length: n }, () =>
        storefront(from!, '/api/storefront/auth/verify', { phone: freshPhone(), code: '000000' }),
      ),
    );
    expect(tally(answers)).toEqual({ 400: limits.guessesPerAddress, 429: n - limits.guessesPerAddress });
  });

  it(`texts ${limits.sendsPerPhone} of ${10 * limits.sendsPerPhone} simultaneous asks for one phone from 10 addresses`, async () => {
    const phone = freshPhone();
    const from = addresses(10);
    const n = 10 * limits.sendsPerPhone;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        storefront(from[i % from.length]!, '/api/storefront/auth/code', { phone }),
      ),
    );
    expect(tally(answers)).toEqual({ 202: limits.sendsPerPhone, 429: n - limits.sendsPerPhone });
    expect(refusalMessages(answers, 429)).toEqual([customerMessages.tooManyCodes]);
    expect(textsTo(ctx.dataDir, phone)).toHaveLength(limits.sendsPerPhone);
  });

  it(`texts ${limits.sendsPerAddress} of ${10 * limits.sendsPerAddress} simultaneous asks from one address, each for another phone`, async () => {
    const [from] = addresses(1);
    const n = 10 * limits.sendsPerAddress;
    const phones = Array.from({ length: n }, freshPhone);
    const answers = await Promise.all(
      phones.map((phone) => storefront(from!, '/api/storefront/auth/code', { phone })),
    );
    expect(tally(answers)).toEqual({ 202: limits.sendsPerAddress, 429: n - limits.sendsPerAddress });
    expect(phones.filter((phone) => textsTo(ctx.dataDir, phone).length > 0)).toHaveLength(
      limits.sendsPerAddress,
    );
  });

  it("texts no more than the business's ceiling of a day, however many ask at once from however many addresses", async () => {
    const shop = await createBusiness(ctx.db);
    const ceiling = 12;
    await ctx.db.update(t.businesses).set({ smsDailyLimit: ceiling }).where(eq(t.businesses.id, shop.id));
    const n = 10 * ceiling;
    // One ask per address and phone: only the business's ceiling applies.
    const from = addresses(n);
    const phones = Array.from({ length: n }, freshPhone);
    const answers = await Promise.all(
      phones.map((phone, i) =>
        storefront(from[i]!, '/api/storefront/auth/code', { phone }, shop.storefrontKey),
      ),
    );
    expect(tally(answers)).toEqual({ 202: ceiling, 429: n - ceiling });
    expect(refusalMessages(answers, 429)).toEqual([customerMessages.textsUsedUp]);
    expect(phones.filter((phone) => textsTo(ctx.dataDir, phone).length > 0)).toHaveLength(ceiling);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    const [usage] = await ctx.db.select().from(t.smsUsage).where(eq(t.smsUsage.businessId, shop.id));
    expect(usage!.sent).toBe(ceiling);
  });
});

describe("a staff member's password", () => {
  it(`judges ${throttlePolicy.perAccountAndAddress} of ${10 * throttlePolicy.perAccountAndAddress} simultaneous wrong passwords from one address, and refuses the right one after them`, async () => {
    const shop = await createBusiness(ctx.db);
    const [from] = addresses(1);
    const n = 10 * throttlePolicy.perAccountAndAddress;
    const email = shop.admin.email;
    const { answers, right } = await burstThenRight(
      Array.from(
        { length: n },
        () => () => post('/api/auth/sign-in', { email, password: 'not-the-password' }, from!),
      ),
      async () =>
        (await countOf(`account-address:${email.toLowerCase()} ${from}`)) >=
        throttlePolicy.perAccountAndAddress,
      () => post('/api/auth/sign-in', { email, password: PASSWORD }, from!),
    );
    expect(tally(answers)).toEqual({
      401: throttlePolicy.perAccountAndAddress,
      429: n - throttlePolicy.perAccountAndAddress,
    });
    expect(refusalMessages(answers, 429)).toEqual([messages.tooManySignInAttempts]);
    expect(right.statusCode).toBe(429);
    expect(right.cookies).toEqual([]);
  });

  it(`judges ${throttlePolicy.perAddress} of ${10 * throttlePolicy.perAddress} simultaneous wrong passwords from one address, each for another e-mail`, async () => {
    const [from] = addresses(1);
    const n = 10 * throttlePolicy.perAddress;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        post('/api/auth/sign-in', { email: `nobody.${i}@example.test`, password: 'not-the-password' }, from!),
      ),
    );
    expect(tally(answers)).toEqual({ 401: throttlePolicy.perAddress, 429: n - throttlePolicy.perAddress });
  });

  it(`judges ${throttlePolicy.perAccountAndAddress} of ${10 * throttlePolicy.perAccountAndAddress} simultaneous wrong current passwords of one session`, async () => {
    const shop = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, shop.owner.email);
    const n = 10 * throttlePolicy.perAccountAndAddress;
    const { answers, right } = await burstThenRight(
      Array.from(
        { length: n },
        () => () =>
          post(
            '/api/account/two-factor/totp',
            { currentPassword: 'not-the-password' },
            '127.0.0.1',
            session.headers,
          ),
      ),
      async () => (await countOf(`current-password:${shop.owner.id}`)) >= throttlePolicy.perAccountAndAddress,
      () => post('/api/account/two-factor/totp', { currentPassword: PASSWORD }, '127.0.0.1', session.headers),
    );
    expect(tally(answers)).toEqual({
      403: throttlePolicy.perAccountAndAddress,
      429: n - throttlePolicy.perAccountAndAddress,
    });
    expect(refusalMessages(answers, 429)).toEqual([accountMessages.currentPasswordTooMany]);
    expect(right.statusCode).toBe(429);
  });
});

describe('a two-step sign-in challenge', () => {
  /** A staff member with an authenticator app, and a challenge of theirs after the password. */
  async function challenged() {
    const shop = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, shop.admin.email);
    const started = await post(
      '/api/account/two-factor/totp',
      { currentPassword: PASSWORD },
      '127.0.0.1',
      session.headers,
    );
    const { secret } = started.json<{ secret: string }>();
    const confirmed = await post(
      '/api/account/two-factor/totp/confirm',
      { code: totpAt(secret, stepAt(Date.now())) },
      '127.0.0.1',
      session.headers,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    const [from] = addresses(1);
    const res = await post('/api/auth/sign-in', { email: shop.admin.email, password: PASSWORD }, from!);
    const { challenge } = res.json<{ challenge: string }>();
    return { secret, recoveryCodes, challenge };
  }

  const guesses = async () => {
    const rows = await ctx.db.select({ n: t.twoFactorChallenges.failures }).from(t.twoFactorChallenges);
    return Math.max(0, ...rows.map((row) => row.n));
  };
  const limit = twoFactorRules.challengeFailures;

  it(`judges ${limit} of ${10 * limit} simultaneous wrong authenticator codes from 10 addresses, and refuses the current code after them`, async () => {
    await ctx.db.delete(t.twoFactorChallenges);
    const { secret, challenge } = await challenged();
    const current = totpAt(secret, stepAt(Date.now()));
    const wrongCode = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
    const from = addresses(10);
    const n = 10 * limit;
    const { answers, right } = await burstThenRight(
      Array.from(
        { length: n },
        (_, i) => () => post('/api/auth/two-factor', { challenge, code: wrongCode }, from[i % 10]!),
      ),
      async () => (await guesses()) >= limit,
      () => post('/api/auth/two-factor', { challenge, code: current }, addresses(1)[0]!),
    );
    // The first four wrong codes are 401; the fifth ends the challenge with 429, as do the rest.
    expect(tally(answers)).toEqual({ 401: limit - 1, 429: n - limit + 1 });
    expect(right.statusCode).toBe(429);
    expect(right.cookies).toEqual([]);
  });

  it(`judges ${limit} of ${10 * limit} simultaneous wrong recovery codes, and refuses a right one after them`, async () => {
    await ctx.db.delete(t.twoFactorChallenges);
    const { recoveryCodes, challenge } = await challenged();
    const from = addresses(10);
    const n = 10 * limit;
    const { answers, right } = await burstThenRight(
      Array.from(
        { length: n },
        (_, i) => () => post('/api/auth/two-factor', { challenge, code: 'aaaaa-aaaaa' }, from[i % 10]!),
      ),
      async () => (await guesses()) >= limit,
      () => post('/api/auth/two-factor', { challenge, code: recoveryCodes[0]! }, addresses(1)[0]!),
    );
    expect(tally(answers)).toEqual({ 401: limit - 1, 429: n - limit + 1 });
    expect(right.statusCode).toBe(429);
    // The right code was never judged, so it is still unused.
    const [left] = (
      await ctx.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM recovery_codes WHERE used_at IS NULL`,
      )
    ).rows;
    expect(left!.n).toBeGreaterThanOrEqual(recoveryCodes.length);
  });
});

describe('passkeys alone', () => {
  it(`judges ${throttlePolicy.perAddress} of ${10 * throttlePolicy.perAddress} simultaneous passkey sign-ins from one address`, async () => {
    const [from] = addresses(1);
    const n = 10 * throttlePolicy.perAddress;
    const credential = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
    };
    const answers = await Promise.all(
      Array.from({ length: n }, () => post('/api/auth/passkey', { credential }, from!)),
    );
    expect(tally(answers)).toEqual({ 401: throttlePolicy.perAddress, 429: n - throttlePolicy.perAddress });
  });
});

describe("an order's delivery code", () => {
  it(`judges ${deliveryCodeAttempts} of ${10 * deliveryCodeAttempts} simultaneous wrong codes, and refuses the right one after them`, async () => {
    const shop = await createBusiness(ctx.db);
    const { storeId } = await createStoreWithItem(ctx.db, shop);
    const rider = await createExecutive(ctx, { businessId: shop.id, zoneId: shop.zones[0], name: 'Ravi' });
    const [customer] = await ctx.db
      .insert(t.customers)
      .values({ businessId: shop.id, name: 'Asha', phone: freshPhone() })
      .returning({ id: t.customers.id });
    const order = await insertOrder(
      ctx.db,
      { businessId: shop.id, zoneId: shop.zones[0], storeId, customerId: customer!.id },
      {
        billAmountPaise: 10_000,
        status: OrderStatus.PickedUp,
        dexId: rider.id,
        dexName: rider.name,
        deliveryCode: '4321',
        paymentMode: 'UPI',
      },
    );
    const move = (code: string) =>
      post(
        `/api/delivery/orders/${order.id}/status`,
        { status: OrderStatus.Delivered, version: order.version, code },
        '127.0.0.1',
        rider.session.headers,
      );
    const n = 10 * deliveryCodeAttempts;
    const { answers, right } = await burstThenRight(
      Array.from({ length: n }, () => () => move('1234')),
      async () => (await countOf(`delivery-code:${order.id}`)) >= deliveryCodeAttempts,
      () => move('4321'),
    );
    expect(tally(answers)).toEqual({ 400: deliveryCodeAttempts, 429: n - deliveryCodeAttempts });
    expect(refusalMessages(answers, 429)).toEqual([deliveryMessages.tooManyCodes]);
    expect(right.statusCode).toBe(429);
    const [stored] = await ctx.db
      .select({ status: t.orders.status })
      .from(t.orders)
      .where(eq(t.orders.id, order.id));
    expect(stored!.status).toBe(OrderStatus.PickedUp);
  });
});

describe('a limit per route and address', () => {
  it('judges 10 of 100 simultaneous password resets from one address: the route counts each request before it runs', async () => {
    const [from] = addresses(1);
    const n = 100;
    const answers = await Promise.all(
      Array.from({ length: n }, () =>
        post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'a-new-password-1' }, from!),
      ),
    );

    expect(tally(answers)).toEqual({ 400: 10, 429: n - 10 });
    expect(refusalMessages(answers, 429)).toEqual([passwordResetMessages.tooMany]);
  });
});
