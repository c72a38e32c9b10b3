/** Every write of the staff endpoints refuses bad input with an exact 400 on its field and writes nothing. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@storedesk/shared/messages';
import type { StaffMember } from '@storedesk/shared/staff/schemas';
import {
  caller,
  createStaffWorld,
  errorOf,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let owner: Session;
let admin: Session;
let anAdmin: StaffMember;
let aDex: StaffMember;

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ravi Rider',
  email: `ravi.${randomUUID()}@example.test`,
  phone: '+91-9876543210',
  password: 'rider-secret-1',
  ...overrides,
});

beforeAll(async () => {
  ({ ctx, biz, owner, admin } = await createStaffWorld());
  call = caller(ctx.app);
  const made = await Promise.all([
    call(owner, 'POST', '/api/admins', valid({ zoneId: biz.zones[1] })),
    call(admin, 'POST', '/api/delivery-executives', valid()),
  ]);
  [anAdmin, aDex] = made.map((res) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StaffMember>();
  }) as [StaffMember, StaffMember];
});
afterAll(() => ctx.close());

/** Every user row as stored, with the staff events and sessions: a refused write changes none. */
async function snapshot() {
  const users = await ctx.db.execute(sql`
    SELECT id, level, zone_id, name, email, phone, password_hash, version, updated_at::text, deleted_at::text
    FROM users ORDER BY id`);
  const counts = await ctx.db.execute(sql`
    SELECT (SELECT count(*)::int FROM events WHERE topic IN ('staff', 'session')) AS events,
           (SELECT count(*)::int FROM sessions) AS sessions`);
  return { users: users.rows, counts: counts.rows[0] };
}

const wrongType = (expected: string, received: string) =>
  `Invalid input: expected ${expected}, received ${received}`;

/** Bad values of the fields an add and an edit share, each with the one field it must name. */
const fieldCases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
  ['an empty name', { name: '' }, { name: 'is required' }],
  ['a blank name', { name: '   ' }, { name: 'is required' }],
  ['a 10,000-character name', { name: 'n'.repeat(10_000) }, { name: 'must be at most 100 characters' }],
  ['a name with a NUL', { name: 'Ravi\u0000Rider' }, { name: 'must not contain control characters' }],
  ['an e-mail that is not one', { email: 'not-an-email' }, { email: messages.invalidEmail }],
  [
    'a 65-character e-mail',
    { email: `${'e'.repeat(52)}@example.test` },
    { email: 'must be at most 64 characters' },
  ],
  ['an empty e-mail', { email: '' }, { email: 'is required' }],
  ['a 7-character password', { password: 'pass123' }, { password: messages.passwordLength }],
  ['a 129-character password', { password: 'p'.repeat(129) }, { password: 'must be at most 128 characters' }],
  ['a phone with letters', { phone: '98765abcde' }, { phone: messages.staffPhone }],
  ['an empty phone', { phone: '' }, { phone: 'is required' }],
  ['a zone id that is not a UUID', { zoneId: 'north' }, { zoneId: 'Invalid UUID' }],
  ['a null zone', { zoneId: null }, { zoneId: wrongType('string', 'null') }],
  [
    'wrong JSON types',
    { name: 5, email: true, phone: [], password: 12345678, zoneId: 7 },
    {
      name: wrongType('string', 'number'),
      email: wrongType('string', 'boolean'),
      phone: wrongType('string', 'array'),
      password: wrongType('string', 'number'),
      zoneId: wrongType('string', 'number'),
    },
  ],
];

/** The four write endpoints with a body, each as the one who may use it. */
const writes: Array<
  [string, () => { session: Session; method: 'POST' | 'PATCH'; url: string; base: object }]
> = [
  [
    'POST /api/admins',
    () => ({ session: owner, method: 'POST', url: '/api/admins', base: valid({ zoneId: biz.zones[0] }) }),
  ],
  [
    'POST /api/delivery-executives',
    () => ({ session: admin, method: 'POST', url: '/api/delivery-executives', base: valid() }),
  ],
  [
    'PATCH /api/admins/:userId',
    () => ({ session: owner, method: 'PATCH', url: `/api/admins/${anAdmin.id}`, base: { version: 1 } }),
  ],
  [
    'PATCH /api/delivery-executives/:userId',
    () => ({
      session: admin,
      method: 'PATCH',
      url: `/api/delivery-executives/${aDex.id}`,
      base: { version: 1 },
    }),
  ],
];

async function expectRefused(
  session: Session,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload: object | undefined,
  fields: Record<string, string>,
) {
  const before = await snapshot();
  const res = await call(session, method, url, payload);
  expect(res.statusCode, res.body).toBe(400);
  expect(errorOf(res)).toEqual({ code: 'invalid_input', message: messages.invalidInput, fields });
  expect(await snapshot()).toEqual(before);
}

describe.each(writes)('%s', (_, write) => {
  it.each(fieldCases)('refuses %s', async (_case, bad, fields) => {
    const { session, method, url, base } = write();
    await expectRefused(session, method, url, { ...base, ...bad }, fields);
  });
});

describe('zones only the owner may name', () => {
  it.each([
    ['POST /api/admins', '/api/admins', 'POST'],
    ['POST /api/delivery-executives', '/api/delivery-executives', 'POST'],
  ] as const)('%s with an unknown zone is 400 on zoneId', async (_, url, method) => {
    await expectRefused(owner, method, url, valid({ zoneId: randomUUID() }), {
      zoneId: messages.unknownZone,
    });
  });

  it('an edit to an unknown zone is 400 on zoneId, for admins and executives alike', async () => {
    for (const url of [`/api/admins/${anAdmin.id}`, `/api/delivery-executives/${aDex.id}`]) {
      await expectRefused(
        owner,
        'PATCH',
        url,
        { zoneId: randomUUID(), version: 1 },
        {
          zoneId: messages.unknownZone,
        },
      );
    }
  });
});

describe('what an add needs and an edit does not', () => {
  it('an add without name, e-mail, phone or password names each', async () => {
    for (const [url, session] of [
      ['/api/admins', owner],
      ['/api/delivery-executives', admin],
    ] as const) {
      await expectRefused(
        session,
        'POST',
        url,
        { zoneId: biz.zones[0] },
        {
          name: wrongType('string', 'undefined'),
          email: wrongType('string', 'undefined'),
          phone: wrongType('string', 'undefined'),
          password: wrongType('string', 'undefined'),
        },
      );
    }
  });

  it('an edit without a version, or with one that is not a whole number, is 400 on version', async () => {
    for (const url of [`/api/admins/${anAdmin.id}`, `/api/delivery-executives/${aDex.id}`]) {
      const session = url.startsWith('/api/admins') ? owner : admin;
      await expectRefused(
        session,
        'PATCH',
        url,
        { name: 'No Version' },
        {
          version: wrongType('number', 'undefined'),
        },
      );
      await expectRefused(
        session,
        'PATCH',
        url,
        { name: 'Text', version: '1' },
        {
          version: wrongType('number', 'string'),
        },
      );
      await expectRefused(
        session,
        'PATCH',
        url,
        { name: 'Negative', version: -1 },
        {
          version: 'Too small: expected number to be >=0',
        },
      );
      await expectRefused(
        session,
        'PATCH',
        url,
        { name: 'Huge', version: 2 ** 31 },
        {
          version: 'Too big: expected number to be <=2147483647',
        },
      );
    }
  });

  it('a body that is not an object is 400', async () => {
    for (const [method, url, session] of [
      ['POST', '/api/admins', owner],
      ['POST', '/api/delivery-executives', admin],
      ['PATCH', `/api/admins/${anAdmin.id}`, owner],
      ['PATCH', `/api/delivery-executives/${aDex.id}`, admin],
    ] as const) {
      for (const payload of ['[]', 'null', '"Ravi"', '{"name":']) {
        const before = await snapshot();
        const res = await ctx.app.inject({
          method,
          url,
          headers: { ...session.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${method} ${url} ${payload}`).toBe(400);
        expect(errorOf(res).code).toBe('invalid_input');
        expect(await snapshot()).toEqual(before);
      }
    }
  });
});

describe('DELETE', () => {
  it.each([
    ['no version', '', 'is required'],
    ['an empty version', '?version=', 'must be a whole number'],
    ['a version that is not a number', '?version=abc', 'must be a whole number'],
    ['a negative version', '?version=-1', 'must be a whole number'],
    ['a fractional version', '?version=1.5', 'must be a whole number'],
    ['a version past the largest', '?version=9999999999', 'Too big: expected number to be <=2147483647'],
  ])('with %s is 400 on version and deletes nothing', async (_, query, message) => {
    await expectRefused(owner, 'DELETE', `/api/admins/${anAdmin.id}${query}`, undefined, {
      version: message,
    });
    await expectRefused(admin, 'DELETE', `/api/delivery-executives/${aDex.id}${query}`, undefined, {
      version: message,
    });
  });

  it('a path id that is not a UUID is 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/admins/nope'],
      ['PATCH', '/api/delivery-executives/nope'],
      ['DELETE', '/api/delivery-executives/nope?version=1'],
    ] as const) {
      const res = await call(owner, method, url, method === 'PATCH' ? { version: 1 } : undefined);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
