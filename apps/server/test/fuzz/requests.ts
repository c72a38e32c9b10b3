/**
 * Requests for one documented operation: an arbitrary of plans (who calls,
 * path parameters, query, headers, body) drawn from the operation's schemas
 * and the world's real ids, and the sending of a plan with what it names
 * (the current version of a record, the business's storefront key) looked
 * up at the moment it is sent.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { ONBOARDING_TOKEN_HEADER } from '@storedesk/shared/onboarding/schemas';
import { themes } from '@storedesk/shared/themes';
import { makeJpeg, makePng, pngOfSize } from '#server/storage/image-fixtures.ts';
import { PASSWORD, type Session } from '#test/harness.ts';
import {
  currentVersion,
  CurrentVersion,
  garbage,
  mutated,
  nastyStrings,
  validish,
  type Hint,
  type Schema,
} from './values.ts';
import type { Actor, IdPool, World } from './world.ts';

export type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };

export type Operation = {
  method: string;
  /** The path as documented, e.g. /api/stores/{storeId}. */
  path: string;
  access: 'public' | 'staff' | 'owner' | 'storefront' | 'customer' | 'executive';
  parameters: Parameter[];
  body: Schema | undefined;
  /** Statuses the operation documents. */
  responses: string[];
};

export const label = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** The storefront key of a business, looked up when the request is sent (the key can be replaced). */
export class StorefrontKey {
  constructor(readonly of: 'business' | 'rival' | 'ended') {}
  toJSON() {
    return `<storefront key of ${this.of}>`;
  }
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; what: string; payload: string | Buffer; contentType: string | undefined }
  | { kind: 'multipart'; what: string; parts: Part[]; cut?: boolean };

type Part = { name: string; filename?: string; contentType?: string; data: Buffer | string };

export type Plan = {
  actor: Actor;
  params: Record<string, { value: string; raw?: boolean }>;
  query: { entries: [string, unknown][] } | { raw: string };
  headers: Record<string, unknown>;
  body: Body;
};

const badIds = [
  'not-a-uuid',
  '0',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123e4567-e89b-02d3-a456-426614174000',
  '123e4567e89b12d3a456426614174000',
  '{123e4567-e89b-12d3-a456-426614174000}',
  '123e4567-e89b-12d3-a456-426614174000 ',
  "1' OR '1'='1",
  'NULL',
  'x'.repeat(300),
];

/** A real id of this kind (mostly this business's, sometimes the rival's), another kind's, a made-up one or junk. */
function idFrom(pool: IdPool, world: World, clean: boolean): fc.Arbitrary<string> {
  const all = Object.values(world.pools)
    .filter((p): p is IdPool => typeof p === 'object' && p !== null && 'own' in p)
    .flatMap((p) => [...p.own, ...p.rival])
    .filter((id) => /^[0-9a-f-]{36}$/.test(id));
  const options: fc.WeightedArbitrary<string>[] = [{ weight: 1, arbitrary: fc.uuid() }];
  if (!clean) options.push({ weight: 1, arbitrary: fc.constantFrom(...badIds) });
  if (pool.own.length > 0) {
    options.push(
      { weight: 8, arbitrary: fc.constantFrom(...pool.own) },
      { weight: 1, arbitrary: fc.constantFrom(...pool.own).map((id) => id.toUpperCase()) },
    );
  }
  if (pool.rival.length > 0) options.push({ weight: 3, arbitrary: fc.constantFrom(...pool.rival) });
  if (all.length > 0) options.push({ weight: 1, arbitrary: fc.constantFrom(...all) });
  return fc.oneof(...options);
}

const today = () => new Date().toISOString().slice(0, 10);
const day = fc
  .integer({ min: -400, max: 400 })
  .map((offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10));
const dates = fc.oneof(
  { weight: 5, arbitrary: day },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2024-02-29',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '0000-01-01',
      '9999-12-31',
      '1969-12-31',
      '2024-1-1',
      today(),
    ),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
);

let phoneCounter = 0;
/**
 * A phone number no request of the run has used, written as a person might: the customer app's sign-in
 * limits count codes and wrong guesses per phone, and a new phone is counted from nothing.
 */
const newPhones = fc
  .constantFrom(
    (n: string) => n,
    (n: string) => `+91 ${n.slice(0, 5)} ${n.slice(5)}`,
    (n: string) => `0${n.slice(0, 5)}-${n.slice(5)}`,
    (n: string) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
  )
  .map((format) => format(`6${String(++phoneCounter).padStart(9, '0')}`));

const phones = fc.oneof(
  fc.stringMatching(/^[6-9]\d{9}$/),
  fc.constantFrom(
    '+91 98765 43210',
    '0 98765-43210',
    '(987) 654-3210',
    '91987654321',
    '12345',
    '+1 555 0100',
  ),
);

const timeZones = fc.constantFrom(
  'Asia/Kolkata',
  'UTC',
  'Etc/UTC',
  'America/New_York',
  'Europe/London',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Etc/GMT+12',
  'EST5EDT',
  'asia/kolkata',
  'Mars/Olympus_Mons',
  'Asia/Kolkata ',
  '+05:30',
  'GMT+5:30',
  'localtime',
  '../../etc/passwd',
);

const colours = fc.oneof(
  fc.constantFrom(...themes.flatMap((t) => [t.primaryColor, t.accentColor, t.textPrimary])),
  fc.stringMatching(/^#[0-9a-fA-F]{6}$/),
  fc.constantFrom('#fff', '#FFFFFF', 'red', 'rgb(0,0,0)', '#12345g', '#1234567', ''),
);

const urls = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    'https://shop.example.test',
    'javascript:alert(1)',
    'http://localhost:3000',
    'ftp://files.example.test',
    'https://',
    'not a url',
    `https://example.test/${'a'.repeat(2_100)}`,
  ),
);

const logoData = fc.constantFrom(
  `data:image/png;base64,${makePng(8, 8).toString('base64')}`,
  `data:image/jpeg;base64,${makeJpeg().toString('base64')}`,
  `data:image/png;base64,${pngOfSize(110_000).toString('base64')}`,
  `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`,
  `data:image/gif;base64,${makePng(2, 2).toString('base64')}`,
  'data:image/png;base64,!!!not-base64!!!',
  'data:,',
  'https://example.test/logo.png',
);

/** The values a field's name asks for; undefined leaves it to its schema. */
function hints(op: Operation, world: World): Hint {
  const { pools } = world;
  let clean = false;
  const ids = (pool: IdPool) => idFrom(pool, world, clean);
  const withNasty = <T>(arb: fc.Arbitrary<T>, weight = 6): fc.Arbitrary<unknown> =>
    clean
      ? arb
      : fc.oneof(
          { weight, arbitrary: arb as fc.Arbitrary<unknown> },
          { weight: 1, arbitrary: fc.constantFrom<unknown>(...nastyStrings) },
          { weight: 1, arbitrary: garbage },
        );
  /** The first option always, the others only when not clean. */
  const mostly = (...options: fc.WeightedArbitrary<unknown>[]) =>
    clean ? options[0]!.arbitrary : fc.oneof(...options);
  const subscriptionEndpoints = world.subscriptions.map((s) => s.endpoint);
  const badEndpoints = [
    `${world.push.origin}/push/unknown`,
    'http://push.example.test/x',
    'https://127.0.0.1/push',
    'https://localhost/push',
    'https://10.0.0.7/push',
    'https://[::1]/push',
    'https://user:pw@push.example.test/x',
    'https://192.168.1.1/x',
    'https://push.local/x',
    'not a url',
    'ftp://push.example.test/x',
  ];
  return (name, schema, at, cleanNow) => {
    clean = cleanNow;
    const parent = at.at(-2);
    switch (name) {
      case 'version': {
        const numeric = schema.type === 'integer';
        const fair: fc.WeightedArbitrary<unknown>[] = [
          { weight: 8, arbitrary: fc.constant(currentVersion) },
          {
            weight: 2,
            arbitrary: fc.integer({ min: 0, max: 5 }).map((n) => (numeric ? n : String(n))),
          },
        ];
        if (clean) return fc.oneof(...fair);
        return fc.oneof(...fair, {
          weight: 1,
          arbitrary: fc
            .constantFrom<unknown>(-1, 2 ** 31, 2 ** 31 - 1, 9_999_999_999, 1.5, '1.0', '01', ' 1', '')
            .map((v) => (numeric || typeof v === 'string' ? v : String(v))),
        });
      }
      case 'zoneId':
        return ids(pools.zones);
      case 'storeId':
      case 'storeIds':
      case 'mainStoreId':
        return schema.type === 'array' ? undefined : ids(pools.stores);
      case 'categoryId':
        return ids(pools.categories);
      case 'itemId':
        return ids(pools.items);
      case 'slideId':
        return ids(pools.slides);
      case 'dexId':
        return ids(pools.dexes);
      case 'orderId':
        // The customer app names the signed-in customer's orders (others' are theirs, or staff's).
        return ids(op.path.startsWith('/api/storefront') ? pools.customerOrders : pools.orders);
      case 'addressId':
        return ids(pools.addresses);
      case 'keyId':
        return ids(pools.apiKeys);
      case 'customerId':
      case 'customerIds':
        return schema.type === 'array' ? undefined : ids(pools.customers);
      case 'userId':
        return ids(op.path.startsWith('/api/admins') ? pools.admins : pools.dexes);
      case 'id':
        if (parent === 'orders' || at[0] === 'orders') return ids(pools.orders);
        if (op.path.includes('payment-modes')) return ids(pools.paymentModes);
        if (op.path.includes('helplines')) return ids(pools.helplines);
        if (op.path.includes('trash')) return ids(pools.trashed);
        return undefined;
      case 'code':
      case 'couponCode':
        // The 4 digits a customer gives the executive at the door (ADR 0042).
        if (name === 'code' && op.path.startsWith('/api/delivery/orders')) {
          return mostly(
            { weight: 4, arbitrary: fc.stringMatching(/^\d{4}$/) },
            { weight: 1, arbitrary: fc.constantFrom<unknown>('123', '12345', ' 1234 ', 'abcd', '') },
            { weight: 1, arbitrary: fc.constantFrom<unknown>(...nastyStrings) },
          );
        }
        if (name === 'code' && op.path === '/api/storefront/auth/verify') {
          const staged = pools.signInCodes.map((c) => c.code);
          return mostly(
            { weight: 4, arbitrary: fc.stringMatching(/^\d{6}$/) },
            ...(staged.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom<unknown>(...staged) }] : []),
            {
              weight: 1,
              arbitrary: fc.constantFrom<unknown>('12345', '1234567', ' 123456 ', 'abcdef', '12 34 56'),
            },
            { weight: 1, arbitrary: fc.constantFrom<unknown>(...nastyStrings) },
          );
        }
        if (op.method === 'POST' && op.path === '/api/coupons') {
          return mostly(
            { weight: 4, arbitrary: fc.stringMatching(/^[A-Z0-9]{4,12}$/) },
            { weight: 1, arbitrary: fc.constantFrom(...pools.couponCodes.own, 'save10', 'Gone') },
            { weight: 1, arbitrary: fc.constantFrom<unknown>(...nastyStrings, 'abc', 'A'.repeat(21)) },
          );
        }
        return mostly(
          { weight: 5, arbitrary: fc.constantFrom(...pools.couponCodes.own) },
          { weight: 2, arbitrary: fc.constantFrom(...pools.couponCodes.own).map((c) => c.toLowerCase()) },
          { weight: 2, arbitrary: fc.constantFrom(...pools.couponCodes.rival) },
          { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{1,24}$/) },
          { weight: 1, arbitrary: fc.constantFrom<unknown>(...nastyStrings) },
        );
      case 'email':
        return withNasty(
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...pools.emails.own) },
            { weight: 1, arbitrary: fc.constantFrom(...pools.emails.own).map((e) => ` ${e.toUpperCase()} `) },
            { weight: 1, arbitrary: fc.constantFrom(...pools.emails.rival) },
            {
              weight: 3,
              arbitrary: fc
                .stringMatching(/^[a-z][a-z0-9.]{0,12}$/)
                .map((local) => `${local}.${randomSuffix()}@fuzz.test`),
            },
            { weight: 1, arbitrary: fc.emailAddress() },
          ),
        );
      case 'password':
      case 'currentPassword':
      case 'confirmPassword':
        return withNasty(
          fc.oneof(
            { weight: 3, arbitrary: fc.constant(PASSWORD) },
            { weight: 3, arbitrary: fc.string({ minLength: 8, maxLength: 40, unit: 'grapheme' }) },
            { weight: 1, arbitrary: fc.string({ maxLength: 7 }) },
            { weight: 1, arbitrary: fc.constant('p'.repeat(129)) },
          ),
        );
      case 'token':
        return withNasty(
          fc.oneof(
            ...(pools.mailedTokens.length > 0
              ? [{ weight: 4, arbitrary: fc.constantFrom(...pools.mailedTokens) }]
              : []),
            { weight: 2, arbitrary: fc.base64String({ minLength: 4, maxLength: 60 }) },
            { weight: 1, arbitrary: fc.constant(randomBytes(32).toString('base64url')) },
          ),
        );
      case 'endpoint':
        return withNasty(
          fc.oneof(
            { weight: 5, arbitrary: fc.constantFrom(...subscriptionEndpoints) },
            { weight: 2, arbitrary: fc.constantFrom(...badEndpoints) },
            { weight: 1, arbitrary: fc.uuid().map((id) => `${world.push.origin}/push/${id}`) },
          ),
        );
      case 'keys':
        return withNasty(
          fc.oneof(
            { weight: 5, arbitrary: fc.constantFrom(...world.subscriptions.map((s) => s.keys)) },
            {
              weight: 1,
              arbitrary: fc.record({
                p256dh: fc.oneof(fc.base64String(), fc.constant(randomBytes(65).toString('base64url'))),
                auth: fc.oneof(fc.base64String(), fc.constant(randomBytes(16).toString('base64url'))),
              }),
            },
          ),
        );
      case 'phone':
      case 'phoneNumber':
        if (op.path.startsWith('/api/storefront/auth/')) return withNasty(newPhones);
        return withNasty(
          schema.pattern ? fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), phones) : phones,
        );
      case 'timeZone':
        return withNasty(timeZones);
      case 'primaryColor':
      case 'accentColor':
      case 'textPrimary':
        return withNasty(colours);
      case 'customerAppUrl':
        return clean ? fc.oneof(fc.webUrl(), fc.constant(null)) : fc.oneof(urls, fc.constant(null), garbage);
      case 'iconFileData':
        return withNasty(logoData);
      case 'validFrom':
      case 'expiresAt':
      case 'from':
      case 'to':
        return withNasty(dates);
      case 'status':
        if (op.path.startsWith('/api/orders') && at.length === 1 && op.method === 'GET') {
          return mostly(
            { weight: 5, arbitrary: fc.constantFrom<unknown>(-2, -1, 0, 1, 2) },
            { weight: 1, arbitrary: fc.constantFrom<unknown>(3, 1.5, '0x1', '', 'placed') },
          );
        }
        return undefined;
      case 'pageSize':
        return mostly(
          { weight: 4, arbitrary: fc.constantFrom(5, 10, 25) },
          { weight: 1, arbitrary: fc.constantFrom<unknown>(0, 1, 7, 100, -5, 2 ** 40, 'ten', '') },
        );
      case 'page':
        return mostly(
          { weight: 4, arbitrary: fc.integer({ min: 0, max: 12 }) },
          { weight: 1, arbitrary: fc.constantFrom<unknown>(-1, 100_000, 100_001, 2 ** 53, 1.5, 'x') },
        );
      case 'q':
        return mostly(
          {
            weight: 3,
            arbitrary: fc.constantFrom('Store', 'item', 'Customer 1', '#12', '9876', 'Fresh', 'a'),
          },
          { weight: 3, arbitrary: fc.string({ maxLength: 20, unit: 'grapheme' }) },
          { weight: 2, arbitrary: fc.constantFrom<unknown>(...nastyStrings) },
        );
      case 'kind':
        return mostly(
          { weight: 5, arbitrary: fc.constantFrom('stores', 'categories', 'items', 'slides', 'zones') },
          { weight: 1, arbitrary: fc.constantFrom('users', 'orders', 'Stores', '', 'coupons') },
        );
      case 'quantity':
        return mostly(
          { weight: 6, arbitrary: fc.integer({ min: 1, max: 5 }) },
          { weight: 1, arbitrary: fc.constantFrom<unknown>(0, 99, 100, -1, 1.5, '2', 2 ** 53) },
        );
      default:
        return undefined;
    }
  };
}

let suffixCounter = 0;
function randomSuffix() {
  suffixCounter += 1;
  return `${suffixCounter.toString(36)}${randomBytes(2).toString('hex')}`;
}

/** Bodies a schema does not describe: broken JSON, other media types, too large, nested too deep. */
const rawBodies: fc.Arbitrary<Body> = fc.constantFrom<Body>(
  { kind: 'raw', what: 'cut-off JSON', payload: '{"name":"a",', contentType: 'application/json' },
  { kind: 'raw', what: 'empty JSON', payload: '', contentType: 'application/json' },
  { kind: 'raw', what: 'JSON null', payload: 'null', contentType: 'application/json' },
  { kind: 'raw', what: 'JSON string', payload: '"text"', contentType: 'application/json' },
  { kind: 'raw', what: 'JSON number', payload: '12', contentType: 'application/json' },
  {
    kind: 'raw',
    what: 'deep nesting',
    payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    contentType: 'application/json',
  },
  {
    kind: 'raw',
    what: 'prototype key',
    payload: '{"__proto__":{"isAdmin":true}}',
    contentType: 'application/json',
  },
  {
    kind: 'raw',
    what: 'constructor key',
    payload: '{"constructor":{"prototype":{"isAdmin":true}}}',
    contentType: 'application/json',
  },
  {
    kind: 'raw',
    what: 'over a megabyte',
    payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    contentType: 'application/json',
  },
  {
    kind: 'raw',
    what: 'form-encoded',
    payload: 'name=a&version=1',
    contentType: 'application/x-www-form-urlencoded',
  },
  { kind: 'raw', what: 'plain text', payload: '{"name":"a"}', contentType: 'text/plain' },
  { kind: 'raw', what: 'no content type', payload: '{"name":"a"}', contentType: undefined },
  {
    kind: 'raw',
    what: 'JSON in UTF-16',
    payload: '{"name":"a"}',
    contentType: 'application/json; charset=utf-16',
  },
  {
    kind: 'raw',
    what: 'invalid UTF-8',
    payload: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
    contentType: 'application/json',
  },
  { kind: 'raw', what: 'a BOM', payload: '\ufeff{"name":"a"}', contentType: 'application/json' },
  {
    kind: 'raw',
    what: 'duplicate keys',
    payload: '{"version":1,"version":"x"}',
    contentType: 'application/json',
  },
  { kind: 'raw', what: 'XML', payload: '<a>1</a>', contentType: 'application/xml' },
  { kind: 'multipart', what: 'multipart to a JSON route', parts: [{ name: 'name', data: 'a' }] },
);

const imageParts = fc.constantFrom<Body>(
  {
    kind: 'multipart',
    what: 'a PNG',
    parts: [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: makePng(3, 2) }],
  },
  {
    kind: 'multipart',
    what: 'a JPEG',
    parts: [{ name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', data: makeJpeg() }],
  },
  {
    kind: 'multipart',
    what: 'a PNG named .jpg',
    parts: [{ name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', data: makePng(2, 2) }],
  },
  {
    kind: 'multipart',
    what: 'too large a PNG',
    parts: [{ name: 'image', filename: 'big.png', contentType: 'image/png', data: pngOfSize(20_000) }],
  },
  {
    kind: 'multipart',
    what: 'text as an image',
    parts: [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: 'hello there' }],
  },
  {
    kind: 'multipart',
    what: 'an SVG',
    parts: [{ name: 'image', filename: 'a.svg', contentType: 'image/svg+xml', data: '<svg onload="x()"/>' }],
  },
  {
    kind: 'multipart',
    what: 'an empty file',
    parts: [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: '' }],
  },
  {
    kind: 'multipart',
    what: 'another part name',
    parts: [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: makePng(2, 2) }],
  },
  {
    kind: 'multipart',
    what: 'two images',
    parts: [
      { name: 'image', filename: 'a.png', contentType: 'image/png', data: makePng(2, 2) },
      { name: 'image', filename: 'b.png', contentType: 'image/png', data: makePng(2, 2) },
    ],
  },
  { kind: 'multipart', what: 'no parts', parts: [] },
  { kind: 'multipart', what: 'a field only', parts: [{ name: 'image', data: 'text' }] },
  {
    kind: 'multipart',
    what: 'a body cut short',
    parts: [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: makePng(3, 3) }],
    cut: true,
  },
  {
    kind: 'raw',
    what: 'garbage bytes as multipart',
    payload: randomBytes(600),
    contentType: 'multipart/form-data; boundary=x',
  },
  { kind: 'raw', what: 'multipart without boundary', payload: 'abc', contentType: 'multipart/form-data' },
  { kind: 'raw', what: 'a PNG as the raw body', payload: makePng(2, 2), contentType: 'image/png' },
  { kind: 'raw', what: 'JSON', payload: '{"image":"x"}', contentType: 'application/json' },
  { kind: 'none' },
);

function bodyArbitrary(op: Operation, hint: Hint): fc.Arbitrary<Body> {
  if (op.path.endsWith('/image')) return imageParts;
  if (!op.body) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      { weight: 1, arbitrary: garbage.map((value): Body => ({ kind: 'json', value })) },
      { weight: 1, arbitrary: rawBodies },
    );
  }
  const shaped = (clean: boolean) => {
    const valid = validish(op.body!, hint, clean);
    // Both passwords of a sign-up agree most of the time, so the rest of the body is what gets judged.
    if (!op.body!.properties?.confirmPassword && !op.body!.properties?.user) return valid;
    return fc.tuple(valid, fc.boolean()).map(([value, agree]) => (agree ? agreePasswords(value) : value));
  };
  const json = (value: unknown): Body => ({ kind: 'json', value });
  return fc.oneof(
    { weight: 5, arbitrary: shaped(true).map(json) },
    { weight: 2, arbitrary: shaped(false).map(json) },
    { weight: 3, arbitrary: mutated(shaped(false)).map(json) },
    { weight: 1, arbitrary: garbage.map(json) },
    { weight: 1, arbitrary: rawBodies },
  );
}

function agreePasswords(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const copy = { ...(value as Record<string, unknown>) };
  if ('password' in copy && 'confirmPassword' in copy) copy.confirmPassword = copy.password;
  if (copy.user && typeof copy.user === 'object') copy.user = agreePasswords(copy.user);
  return copy;
}

const rawPathValues = ['..', '.', '%2e%2e', '%00', '%', '%zz', 'a%2Fb', '%20', 'é', 'x'.repeat(260)];

function paramsArbitrary(op: Operation, hint: Hint, world: World): fc.Arbitrary<Plan['params']> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const record = Object.fromEntries(
    pathParams.map((p) => {
      const value =
        p.name === '*'
          ? fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom(...world.pools.fileKeys, 'business/none.png') },
              {
                weight: 2,
                arbitrary: fc.constantFrom(
                  'business/',
                  'business/../secret',
                  'business/%2e%2e/%2e%2e/etc/passwd',
                  'outbox/a.eml',
                  'postgres/PG_VERSION',
                  'business/x/y/z.png',
                  'index.html',
                  '',
                ),
              },
              { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
            )
          : fc.oneof(
              { weight: 3, arbitrary: validish(p.schema, hint, true, p.name, [p.name]) },
              { weight: 1, arbitrary: validish(p.schema, hint, false, p.name, [p.name]) },
            );
      const text = (v: unknown) => ({ value: typeof v === 'string' ? v : (JSON.stringify(v) ?? '') });
      return [
        p.name,
        fc.oneof(
          { weight: 12, arbitrary: value.map(text) },
          { weight: 1, arbitrary: fc.constantFrom(...rawPathValues).map((v) => ({ value: v, raw: true })) },
        ),
      ];
    }),
  );
  return fc.record(record) as fc.Arbitrary<Plan['params']>;
}

function queryArbitrary(op: Operation, hint: Hint): fc.Arbitrary<Plan['query']> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const structured = (clean: boolean) => {
    const entries = params.map((p) => {
      const value = validish(p.schema, hint, clean, p.name, [p.name]);
      const one = value.map((v): [string, unknown][] => [[p.name, v]]);
      if (p.required) return one;
      const options: fc.WeightedArbitrary<[string, unknown][]>[] = [
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: one },
      ];
      if (!clean) {
        options.push({
          weight: 1,
          arbitrary: fc.tuple(value, value).map(([a, b]): [string, unknown][] => [
            [p.name, a],
            [p.name, b],
          ]),
        });
      }
      return fc.oneof(...options);
    });
    const extra = clean
      ? fc.constant<[string, unknown][]>([])
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant<[string, unknown][]>([]) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                fc.constantFrom('businessId', 'zoneId', 'limit', 'offset', '__proto__', 'x', ''),
                garbage,
              )
              .map(([k, v]): [string, unknown][] => [[k, v]]),
          },
        );
    return fc
      .tuple(fc.tuple(...entries), extra)
      .map(([lists, more]) => ({ entries: [...lists.flat(), ...more] }));
  };
  return fc.oneof(
    { weight: 8, arbitrary: structured(true) },
    { weight: 4, arbitrary: structured(false) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%', 'q=%zz', 'page=%00', 'a=1&&&b', 'q=%E0%A4%A', '=', '&=&', 'pageSize=5&pageSize=10')
        .map((raw) => ({ raw })),
    },
  );
}

function headersArbitrary(op: Operation): fc.Arbitrary<Plan['headers']> {
  const keyed = op.parameters.some((p) => p.in === 'header' && p.name === 'x-storefront-key');
  const reads = op.method === 'GET' || op.method === 'OPTIONS';
  const key = fc.oneof(
    { weight: 10, arbitrary: fc.constant<unknown>(new StorefrontKey('business')) },
    { weight: 1, arbitrary: fc.constant<unknown>(new StorefrontKey('ended')) },
    // The rival's own key makes the request the rival's: only reads use it, so the rival stays as it was.
    ...(reads ? [{ weight: 1, arbitrary: fc.constant<unknown>(new StorefrontKey('rival')) }] : []),
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(undefined, '', ' ', 'pk_test_unknown', 'x'.repeat(201), 'ü'),
    },
  );
  const onboarding = op.path.startsWith('/api/onboarding');
  return fc
    .record({
      key: keyed ? key : fc.constant(undefined),
      onboarding: onboarding
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constant<unknown>('pooled') },
            {
              weight: 1,
              arbitrary: fc.constantFrom<unknown>(undefined, '', 'made-up-token', 'x'.repeat(300)),
            },
          )
        : fc.constant(undefined),
      accept: fc.constantFrom(undefined, undefined, 'application/json', 'text/html', '*/*'),
      crossSite: fc.oneof(
        { weight: 30, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Record<string, string>>(
            { 'sec-fetch-site': 'cross-site' },
            { origin: 'https://evil.example.test' },
            { origin: 'null' },
          ),
        },
      ),
      pick: fc.nat(),
    })
    .map(({ key: storefrontKey, onboarding: token, accept, crossSite, pick }) => ({
      ...(storefrontKey === undefined ? {} : { 'x-storefront-key': storefrontKey }),
      ...(token === undefined ? {} : { [ONBOARDING_TOKEN_HEADER]: token === 'pooled' ? { pick } : token }),
      ...(accept ? { accept } : {}),
      ...(crossSite ?? {}),
    }));
}

function actorArbitrary(op: Operation): fc.Arbitrary<Actor> {
  // No session decides a public route.
  if (op.access === 'public') {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant<Actor>('anonymous') },
      { weight: 1, arbitrary: fc.constantFrom<Actor>('owner', 'admin') },
    );
  }
  // The customer app's key opens its routes; a bearer token, when one comes, must be a live
  // customer's (a staff session's is not) or one of the business's secret API keys, and says who
  // orders: an order needs one or the other.
  if (op.access === 'storefront') {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant<Actor>('anonymous') },
      { weight: 1, arbitrary: fc.constantFrom<Actor>('customer', 'system') },
      { weight: 1, arbitrary: fc.constantFrom<Actor>('owner', 'admin') },
    );
  }
  // A signed-in customer's routes: mostly the customer, now and then nobody, staff, the business's
  // own system or an executive.
  if (op.access === 'customer') {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant<Actor>('customer') },
      { weight: 1, arbitrary: fc.constant<Actor>('anonymous') },
      { weight: 1, arbitrary: fc.constantFrom<Actor>('owner', 'admin', 'system', 'executive') },
    );
  }
  // The delivery app's routes (ADR 0042): mostly the executive, now and then nobody, staff, a
  // customer or the business's own system, whose tokens are no executive's.
  if (op.access === 'executive') {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant<Actor>('executive') },
      { weight: 1, arbitrary: fc.constant<Actor>('anonymous') },
      { weight: 1, arbitrary: fc.constantFrom<Actor>('owner', 'admin', 'customer', 'system') },
    );
  }
  // Staff's routes; now and then an executive or the business's own system, whose tokens are no
  // staff session.
  return fc.oneof(
    { weight: op.access === 'owner' ? 8 : 6, arbitrary: fc.constant<Actor>('owner') },
    { weight: op.access === 'owner' ? 2 : 4, arbitrary: fc.constant<Actor>('admin') },
    { weight: 1, arbitrary: fc.constantFrom<Actor>('executive', 'system') },
  );
}

/** Plans for one operation, from its schemas and the world's pools as they are now. */
export function planArbitrary(op: Operation, world: World): fc.Arbitrary<Plan> {
  const hint = hints(op, world);
  return fc.record({
    actor: actorArbitrary(op),
    params: paramsArbitrary(op, hint, world),
    query: queryArbitrary(op, hint),
    headers: headersArbitrary(op),
    body: bodyArbitrary(op, hint),
  });
}

/** Percent-encodes every byte but the unreserved ones (a lone surrogate goes as the UTF-8 of U+FFFD). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  } catch {
    // encodeURIComponent refuses lone surrogates: encode the bytes Buffer makes of them.
  }
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function queryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Routes that end the session a request comes with, or every session of its account. */
const SESSION_ENDING = new Set([
  'POST /api/storefront/auth/sign-out',
  'POST /api/auth/sign-in',
  'POST /api/auth/two-factor',
  'POST /api/auth/two-factor/enrolment/confirm',
  'POST /api/auth/two-factor/passkey',
  'POST /api/auth/passkey',
  'POST /api/auth/sign-out',
  'POST /api/auth/reset-password',
  'PATCH /api/account',
  'POST /api/delivery/sign-in',
  'POST /api/delivery/sign-out',
  'POST /api/delivery/reset-password',
]);

/** Sends plans for one world; each request from a client address of its own. */
export function sender(world: World) {
  const { db } = world.ctx;
  let address = 0;

  const keyOf = async (which: StorefrontKey['of']) => {
    const id = { business: world.biz.id, rival: world.rival.id, ended: world.ended.id }[which];
    const { rows } = await db.execute<{ key: string }>(
      sql`SELECT storefront_key AS key FROM businesses WHERE id = ${id}`,
    );
    return rows[0]!.key;
  };

  const versionIn = async (query: ReturnType<typeof sql>) => {
    const { rows } = await db.execute<{ version: number }>(query);
    return rows[0]?.version ?? null;
  };

  /** The version the record a request names has now (1 when it names none there is). */
  const versionOf = async (
    op: Operation,
    plan: Plan,
    sibling: Record<string, unknown> | undefined,
    actorId: string | null,
  ) => {
    const businessId = world.biz.id;
    const idLike = (value: unknown) =>
      typeof value === 'string' && /^[0-9a-fA-F-]{36}$/.test(value) ? value : null;
    let found: number | null = null;
    if (op.path === '/api/account') {
      found = actorId ? await versionIn(sql`SELECT version FROM users WHERE id = ${actorId}`) : null;
    } else if (op.path.startsWith('/api/settings/business') || op.path === '/api/settings/two-factor') {
      found = await versionIn(sql`SELECT version FROM businesses WHERE id = ${businessId}`);
    } else if (op.path === '/api/settings/order') {
      found =
        (await versionIn(sql`SELECT version FROM order_settings WHERE business_id = ${businessId}`)) ?? 0;
    } else if (op.path === '/api/settings/referral') {
      found =
        (await versionIn(sql`SELECT version FROM referral_settings WHERE business_id = ${businessId}`)) ?? 0;
    } else if (op.path === '/api/settings/notifications') {
      found =
        (await versionIn(sql`SELECT version FROM notification_settings WHERE business_id = ${businessId}`)) ??
        0;
    } else if (op.path === '/api/coupons/{code}') {
      const code = plan.params.code?.value ?? '';
      found = await versionIn(
        sql`SELECT version FROM coupons WHERE business_id = ${businessId} AND lower(code) = lower(${code})`,
      );
    } else {
      const pathIds = op.parameters.filter((p) => p.in === 'path').map((p) => plan.params[p.name]?.value);
      const id = idLike(sibling?.id) ?? idLike(pathIds.at(-1));
      if (id) {
        found = await versionIn(sql`
          SELECT version FROM (
            SELECT id, version FROM zones UNION ALL SELECT id, version FROM stores
            UNION ALL SELECT id, version FROM categories UNION ALL SELECT id, version FROM items
            UNION ALL SELECT id, version FROM slides UNION ALL SELECT id, version FROM users
            UNION ALL SELECT id, version FROM orders UNION ALL SELECT id, version FROM payment_modes
            UNION ALL SELECT id, version FROM helplines) AS versioned
          WHERE id = ${id}::uuid`);
      }
    }
    return found ?? 1;
  };

  /** A copy of `value` with every CurrentVersion replaced by the version it stands for. */
  const resolve = async (
    op: Operation,
    plan: Plan,
    value: unknown,
    actorId: string | null,
    parent?: Record<string, unknown>,
  ): Promise<unknown> => {
    if (value instanceof CurrentVersion) return versionOf(op, plan, parent, actorId);
    if (Array.isArray(value)) return Promise.all(value.map((v) => resolve(op, plan, v, actorId)));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const resolved = await resolve(
          op,
          plan,
          (value as Record<string, unknown>)[key],
          actorId,
          value as never,
        );
        Object.defineProperty(out, key, {
          value: resolved,
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return out;
    }
    return value;
  };

  // One session per person for the batch, but a new one for each request that may end the one it comes with.
  const sessions = new Map<Actor, Promise<Session | null>>();
  const sessionFor = (op: Operation, actor: Actor) => {
    if (SESSION_ENDING.has(label(op))) return world.sessionFor(actor);
    let session = sessions.get(actor);
    if (!session) sessions.set(actor, (session = world.sessionFor(actor)));
    return session;
  };

  return async function send(op: Operation, plan: Plan) {
    address += 1;
    const session = await sessionFor(op, plan.actor);
    const actorId =
      plan.actor === 'owner'
        ? world.biz.owner.id
        : plan.actor === 'admin'
          ? world.biz.admin.id
          : plan.actor === 'executive'
            ? world.actingExecutiveId
            : null;

    let url = op.path;
    for (const [name, { value, raw }] of Object.entries(plan.params)) {
      url = url.replace(
        name === '*' ? '{*}' : `{${name}}`,
        raw ? value : name === '*' ? value.split('/').map(encode).join('/') : encode(value),
      );
    }
    if ('raw' in plan.query) {
      url += `?${plan.query.raw}`;
    } else if (plan.query.entries.length > 0) {
      const parts: string[] = [];
      for (const [key, value] of plan.query.entries) {
        const resolved = await resolve(op, plan, value, actorId);
        const values = Array.isArray(resolved) ? resolved : [resolved];
        for (const v of values) parts.push(`${encode(key)}=${encode(queryValue(v))}`);
      }
      url += `?${parts.join('&')}`;
    }

    const headers: Record<string, string> = { ...(session?.headers ?? {}) };
    for (const [name, value] of Object.entries(plan.headers)) {
      if (value instanceof StorefrontKey) headers[name] = await keyOf(value.of);
      else if (name === ONBOARDING_TOKEN_HEADER && typeof value === 'object' && value !== null) {
        const tokens = world.pools.onboardingTokens;
        if (tokens.length > 0) headers[name] = tokens[(value as { pick: number }).pick % tokens.length]!;
      } else if (typeof value === 'string') headers[name] = value;
    }

    let payload: string | Buffer | undefined;
    const body = plan.body;
    if (body.kind === 'json') {
      payload = JSON.stringify(await resolve(op, plan, body.value, actorId)) ?? 'null';
      headers['content-type'] = 'application/json';
    } else if (body.kind === 'raw') {
      payload = body.payload;
      if (body.contentType) headers['content-type'] = body.contentType;
    } else if (body.kind === 'multipart') {
      const boundary = `fuzz${randomBytes(6).toString('hex')}`;
      const chunks: Buffer[] = [];
      for (const part of body.parts) {
        const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
              (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
              '\r\n',
          ),
          Buffer.from(part.data),
          Buffer.from('\r\n'),
        );
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      const whole = Buffer.concat(chunks);
      payload = body.cut ? whole.subarray(0, Math.floor(whole.length / 2)) : whole;
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    }

    const res: LightMyRequestResponse = await world.ctx.app.inject({
      method: op.method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    });
    return { res, url, headers, payload };
  };
}
