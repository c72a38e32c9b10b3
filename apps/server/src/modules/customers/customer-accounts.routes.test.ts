/**
 * Customers sign in by a code sent to their phone, and keep their own
 * addresses (ADR 0038): codes are single-use, expire, are stored hashed and are
 * limited per phone and per address in ways one attacker cannot turn into a
 * lock-out; a customer sees only their own records.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addressMessages, type Address } from '@storedesk/shared/storefront/addresses';
import { customerCodePolicy, customerMessages } from '@storedesk/shared/storefront/customers';
import { storefrontMessages } from '@storedesk/shared/storefront/schemas';
import * as t from '#server/db/schema.ts';
import {
  createBusiness,
  createTestApp,
  errorOf,
  refusalOf,
  latestCode,
  signInCustomer,
  textsTo,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;

/** Each test's phones are its own: the throttle counts of one test never reach another. */
let nextPhone = 9_700_000_000;
const freshPhone = () => String(nextPhone++);
/** Each request comes from an address of its test's own unless it names one. */
let nextAddress = 1;
let address = '';
beforeEach(() => {
  address = `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
});

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string; key?: string; from?: string } = {},
) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: options.from ?? address,
    headers: {
      'x-storefront-key': options.key ?? biz.storefrontKey,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
}

const texts = (phone: string) => textsTo(ctx.dataDir, phone);

/** Asks for a code and reads it from the newest text to the phone. */
async function codeFor(phone: string, options: { key?: string; from?: string } = {}): Promise<string> {
  const res = await send('POST', '/api/storefront/auth/code', { body: { phone }, ...options });
  expect(res.statusCode, res.body).toBe(202);
  return latestCode(ctx.dataDir, phone);
}

const signIn = (phone = freshPhone(), name?: string, key = biz.storefrontKey) =>
  signInCustomer(ctx, key, phone, name);

/** A code that is not the one sent: the next number round. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db, { name: 'Fresh Mart' });
  rival = await createBusiness(ctx.db);
});
afterAll(() => ctx?.close());

describe('sign-in by phone code', () => {
  it('texts a 6-digit code to <time>-<phone>.sms, and the code signs the customer in', async () => {
    const phone = freshPhone();
    const res = await send('POST', '/api/storefront/auth/code', { body: { phone: `+91 ${phone}` } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ expiresInSeconds: 600 });
    const [text] = texts(phone);
    expect(text!.file).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z-${phone}\\.sms$`),
    );
    expect(text!.body).toMatch(
      new RegExp(
        `^To: \\+91${phone}\\n\\n\\d{6} is your Fresh Mart sign-in code\\. It expires in 10 minutes\\.`,
      ),
    );
    const code = /(\d{6}) is your/.exec(text!.body)![1]!;

    const verified = await send('POST', '/api/storefront/auth/verify', {
      body: { phone, code, name: 'Asha' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const { token, customer } = verified.json<{ token: string; customer: { id: string } }>();
    expect(customer).toEqual({
      id: expect.any(String),
      name: 'Asha',
      phone,
      referralCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{10}$/),
      referred: false,
      language: 'en',
      whatsappUpdates: false,
    });
    expect(token).toMatch(/^[\w-]{43}$/);
    const me = await send('GET', '/api/storefront/account', { token });
    expect(me.json()).toEqual(customer);
  });

  it('stores only a hash of the code', async () => {
    const phone = freshPhone();
    const code = await codeFor(phone);
    const rows = await ctx.db.select().from(t.customerCodes).where(eq(t.customerCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toHaveLength(32);
    expect(rows[0]!.codeHash.toString('hex')).not.toContain(Buffer.from(code).toString('hex'));
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(code);
  });

  it('takes a code once: used, it is refused, and the phone’s other codes are void with it', async () => {
    const phone = freshPhone();
    const first = await codeFor(phone);
    const second = await codeFor(phone);
    const signedIn = await send('POST', '/api/storefront/auth/verify', { body: { phone, code: second } });
    expect(signedIn.statusCode).toBe(200);
    for (const code of [second, first]) {
      const again = await send('POST', '/api/storefront/auth/verify', { body: { phone, code } });
      expect(refusalOf(again)).toEqual({
        status: 400,
        code: 'invalid_input',
        message: customerMessages.wrongCode,
        fields: { code: customerMessages.wrongCode },
      });
    }
  });

  it('refuses a code once its 10 minutes have passed', async () => {
    const phone = freshPhone();
    const code = await codeFor(phone);
    await ctx.db
      .update(t.customerCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(t.customerCodes.phone, phone));
    const res = await send('POST', '/api/storefront/auth/verify', { body: { phone, code } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ code: customerMessages.wrongCode });
  });

  it("refuses another phone's code, and another business's code for the same phone", async () => {
    const phone = freshPhone();
    const mine = await codeFor(phone);
    const theirs = await codeFor(phone, { key: rival.storefrontKey });
    const crossed = await send('POST', '/api/storefront/auth/verify', {
      body: { phone, code: theirs === mine ? otherThan(mine) : theirs },
    });
    expect(crossed.statusCode).toBe(400);
    const otherPhone = await send('POST', '/api/storefront/auth/verify', {
      body: { phone: freshPhone(), code: mine },
    });
    expect(otherPhone.statusCode).toBe(400);
    // Each business's customer is its own: the same phone is two customers.
    const a = await send('POST', '/api/storefront/auth/verify', { body: { phone, code: mine } });
    const b = await send('POST', '/api/storefront/auth/verify', {
      body: { phone, code: theirs },
      key: rival.storefrontKey,
    });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json<{ customer: { id: string } }>().customer.id).not.toBe(
      b.json<{ customer: { id: string } }>().customer.id,
    );
  });

  it('refuses malformed phones and codes with the field at fault, sending nothing', async () => {
    for (const body of [{ phone: '12345' }, { phone: 'call me' }, {}, { phone: 9_876_543_210 }]) {
      const res = await send('POST', '/api/storefront/auth/code', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(body)).toEqual(['phone']);
    }
    for (const code of ['12345', '1234567', 'abcdef', '', 123456]) {
      const res = await send('POST', '/api/storefront/auth/verify', { body: { phone: freshPhone(), code } });
      expect(res.statusCode, String(code)).toBe(400);
      expect(errorOf(res).fields, String(code)).toEqual({ code: customerMessages.code });
    }
  });

  it('keeps a known customer’s name unless a new one is given', async () => {
    const phone = freshPhone();
    await signIn(phone, 'Ravi');
    expect((await signIn(phone)).customer.name).toBe('Ravi');
    expect((await signIn(phone, 'Ravi Kumar')).customer.name).toBe('Ravi Kumar');
  });
});

describe('limits that slow an attacker and never lock a customer out', () => {
  it('sends at most five codes to a phone per window, and a code already sent still signs in', async () => {
    const phone = freshPhone();
    const codes: string[] = [];
    for (let i = 0; i < customerCodePolicy.sendsPerPhone; i++) {
      // From five addresses: the limit is the phone's, wherever the asking comes from.
      codes.push(await codeFor(phone, { from: `10.9.0.${i + 1}` }));
    }
    const sixth = await send('POST', '/api/storefront/auth/code', { body: { phone }, from: '10.9.0.99' });
    expect(refusalOf(sixth)).toMatchObject({ status: 429, message: customerMessages.tooManyCodes });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(texts(phone)).toHaveLength(customerCodePolicy.sendsPerPhone);
    // Whoever asked for them, every code went to the phone, and the phone's owner signs in with one.
    const res = await send('POST', '/api/storefront/auth/verify', { body: { phone, code: codes[0]! } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('sends at most twenty codes from one address, whatever the phones', async () => {
    const from = '10.8.0.1';
    for (let i = 0; i < customerCodePolicy.sendsPerAddress; i++) {
      const res = await send('POST', '/api/storefront/auth/code', { body: { phone: freshPhone() }, from });
      expect(res.statusCode).toBe(202);
    }
    const next = await send('POST', '/api/storefront/auth/code', { body: { phone: freshPhone() }, from });
    expect(refusalOf(next)).toMatchObject({ status: 429, message: customerMessages.tooManyCodes });
    // Another address is not held back by it.
    const elsewhere = await send('POST', '/api/storefront/auth/code', {
      body: { phone: freshPhone() },
      from: '10.8.0.2',
    });
    expect(elsewhere.statusCode).toBe(202);
  });

  it('stops one address after five wrong codes for a phone, while the customer elsewhere signs in', async () => {
    const phone = freshPhone();
    const code = await codeFor(phone);
    const attacker = '10.7.0.1';
    for (let i = 0; i < customerCodePolicy.guessesPerPhoneAndAddress; i++) {
      const res = await send('POST', '/api/storefront/auth/verify', {
        body: { phone, code: otherThan(code) },
        from: attacker,
      });
      expect(res.statusCode).toBe(400);
    }
    // Now even the right code from that address is refused: guessing from it has stopped.
    const blocked = await send('POST', '/api/storefront/auth/verify', {
      body: { phone, code },
      from: attacker,
    });
    expect(refusalOf(blocked)).toMatchObject({ status: 429, message: customerMessages.tooManyGuesses });
    const customer = await send('POST', '/api/storefront/auth/verify', {
      body: { phone, code },
      from: '10.7.0.2',
    });
    expect(customer.statusCode, customer.body).toBe(200);
  });

  it('stops one address after thirty wrong codes across phones', async () => {
    const attacker = '10.6.0.1';
    for (let i = 0; i < customerCodePolicy.guessesPerAddress; i++) {
      const res = await send('POST', '/api/storefront/auth/verify', {
        body: { phone: freshPhone(), code: '000000' },
        from: attacker,
      });
      expect(res.statusCode).toBe(400);
    }
    const next = await send('POST', '/api/storefront/auth/verify', {
      body: { phone: freshPhone(), code: '000000' },
      from: attacker,
    });
    expect(refusalOf(next)).toMatchObject({ status: 429, message: customerMessages.tooManyGuesses });
  });

  it('stops guessing at a phone after 100 wrong codes from every address together, even the right code', async () => {
    // ADR 0038: 100 guesses at 5 live codes find one with a chance of 0.05 % per window.
    const perPhone = 100;
    expect(customerCodePolicy.guessesPerPhone).toBe(perPhone);
    const phone = freshPhone();
    const code = await codeFor(phone);
    // Five from each of twenty addresses: no address reaches a limit of its own, only the phone does.
    const from = (i: number) => `10.5.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const perAddress = customerCodePolicy.guessesPerPhoneAndAddress;
    for (let i = 0; i < perPhone; i++) {
      const res = await send('POST', '/api/storefront/auth/verify', {
        body: { phone, code: otherThan(code) },
        from: from(Math.floor(i / perAddress)),
      });
      expect(refusalOf(res), `guess ${i + 1}`).toEqual({
        status: 400,
        code: 'invalid_input',
        message: customerMessages.wrongCode,
        fields: { code: customerMessages.wrongCode },
      });
    }
    const fresh = from(perPhone / perAddress);
    const next = await send('POST', '/api/storefront/auth/verify', {
      body: { phone, code: otherThan(code) },
      from: fresh,
    });
    expect(refusalOf(next)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: customerMessages.tooManyGuesses,
    });
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    const right = await send('POST', '/api/storefront/auth/verify', {
      body: { phone, code },
      from: from(perPhone / perAddress + 1),
    });
    expect(refusalOf(right)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: customerMessages.tooManyGuesses,
    });
  });
});

describe('the signed-in customer', () => {
  it('needs a token of this business: none, unknown, signed out or another business’s is 401', async () => {
    const { token } = await signIn();
    const rivalSession = await signIn(freshPhone(), 'Other', rival.storefrontKey);
    for (const bad of [undefined, 'not-a-token', rivalSession.token]) {
      const res = await send('GET', '/api/storefront/addresses', { token: bad });
      expect(refusalOf(res), String(bad)).toEqual({
        status: 401,
        code: 'unauthenticated',
        message: customerMessages.signIn,
      });
    }
    const out = await send('POST', '/api/storefront/auth/sign-out', { token });
    expect(out.statusCode).toBe(204);
    expect((await send('GET', '/api/storefront/account', { token })).statusCode).toBe(401);
  });

  it('changes the name it goes by, refusing an empty one', async () => {
    const { token } = await signIn();
    const renamed = await send('PATCH', '/api/storefront/account', { token, body: { name: '  Meera  ' } });
    expect(renamed.json()).toMatchObject({ name: 'Meera' });
    const empty = await send('PATCH', '/api/storefront/account', { token, body: { name: '   ' } });
    expect(refusalOf(empty)).toMatchObject({ status: 400, fields: { name: customerMessages.nameNeeded } });
  });

  it('refuses a key that is missing or unknown before anything else', async () => {
    const { token } = await signIn();
    const res = await send('GET', '/api/storefront/account', { token, key: 'pk_nobody' });
    expect(refusalOf(res)).toMatchObject({ status: 401, message: storefrontMessages.unknownKey });
  });
});

describe('saved addresses', () => {
  const home = {
    label: 'Home',
    text: '12, 4th Cross, Koramangala',
    landmark: 'Near the park',
    lat: 12.93,
    lng: 77.62,
  };

  it('saves, lists and deletes the customer’s own addresses', async () => {
    const { token } = await signIn();
    const saved = await send('POST', '/api/storefront/addresses', { token, body: home });
    expect(saved.statusCode, saved.body).toBe(201);
    const address = saved.json<Address>();
    expect(address).toEqual({ id: expect.any(String), ...home, createdAt: expect.any(String) });
    const work = await send('POST', '/api/storefront/addresses', {
      token,
      body: { label: 'Work', text: 'Tower B, Bellandur', lat: 12.92, lng: 77.67 },
    });
    expect(work.json<Address>().landmark).toBe('');
    const listed = await send('GET', '/api/storefront/addresses', { token });
    expect(listed.json<{ items: Address[] }>().items.map((a) => a.label)).toEqual(['Home', 'Work']);
    const deleted = await send('DELETE', `/api/storefront/addresses/${address.id}`, { token });
    expect(deleted.statusCode).toBe(204);
    const after = await send('GET', '/api/storefront/addresses', { token });
    expect(after.json<{ items: Address[] }>().items.map((a) => a.label)).toEqual(['Work']);
  });

  it("never shows or deletes another customer's address: 404, and it stays", async () => {
    const owner = await signIn();
    const other = await signIn();
    const saved = (
      await send('POST', '/api/storefront/addresses', { token: owner.token, body: home })
    ).json<Address>();
    expect((await send('GET', '/api/storefront/addresses', { token: other.token })).json()).toEqual({
      items: [],
    });
    const res = await send('DELETE', `/api/storefront/addresses/${saved.id}`, { token: other.token });
    expect(refusalOf(res)).toMatchObject({ status: 404, code: 'not_found' });
    const still = await send('GET', '/api/storefront/addresses', { token: owner.token });
    expect(still.json<{ items: Address[] }>().items.map((a) => a.id)).toEqual([saved.id]);
  });

  it('refuses bad addresses with the field at fault, saving nothing', async () => {
    const { token } = await signIn();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...home, label: ' ' }, 'label', addressMessages.label],
      [{ ...home, text: '' }, 'text', addressMessages.text],
      [{ ...home, text: 'x'.repeat(501) }, 'text', 'must be at most 500 characters'],
      [{ ...home, lat: 91 }, 'lat', addressMessages.point],
      [{ ...home, lng: '77.6' }, 'lng', addressMessages.point],
      [{ ...home, lat: undefined }, 'lat', addressMessages.point],
      [{ ...home, label: 'Home\u0000' }, 'label', 'must not contain control characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send('POST', '/api/storefront/addresses', { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect((await send('GET', '/api/storefront/addresses', { token })).json()).toEqual({ items: [] });
  });

  it('keeps at most twenty addresses per customer', async () => {
    const { token } = await signIn();
    await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        send('POST', '/api/storefront/addresses', { token, body: { ...home, label: `Place ${i}` } }),
      ),
    );
    const listed = await send('GET', '/api/storefront/addresses', { token });
    expect(listed.json<{ items: Address[] }>().items).toHaveLength(20);
    const more = await send('POST', '/api/storefront/addresses', { token, body: home });
    expect(refusalOf(more)).toMatchObject({
      status: 409,
      message: 'At most 20 saved addresses: delete one first',
    });
  });
});
