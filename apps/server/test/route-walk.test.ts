/**
 * Walks every endpoint that /api/openapi.json documents and proves the access
 * rules of D2 and D5 on each one, so an endpoint added later is covered too.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type * as FastifyModule from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeyMessages } from '@storedesk/shared/settings/api-keys';
import { customerMessages } from '@storedesk/shared/storefront/customers';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  errorOf,
  signIn,
  signInCustomer,
  signInExecutive,
  type CustomerSession,
  type Session,
  type TestApp,
  type TestBusiness,
} from './harness.ts';

type RegisteredRoute = { method: string; url: string; config: Record<string, unknown>; hidden: boolean };

// Every route the app registers, as Fastify sees it: the documentation is checked against this list.
const registered = vi.hoisted(() => [] as RegisteredRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const create = ((options?: FastifyModule.FastifyServerOptions) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        registered.push({
          method: method.toUpperCase(),
          url: route.url,
          config: (route.config ?? {}) as Record<string, unknown>,
          hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
        });
      }
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: create, fastify: create };
});

type Operation = { method: string; path: string; url: string; access: string; answersUnchecked: boolean };

const SERVICE_ENDED = 'Service has reached end date. To resume service, please make payment.';
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options'];

let ctx: TestApp;
let operations: Operation[];
let liveOwner: Session;
let liveAdmin: Session;
let endedOwner: Session;
let endedAdmin: Session;
let baseUrl: string;
let liveBusiness: TestBusiness;
let endedBusiness: TestBusiness;
/** A customer of the live business, signed in to its customer app. */
let liveCustomer: CustomerSession;
/** The live business's delivery executive, and the ended one's, signed in to the delivery app. */
let liveExecutive: Session;
let endedExecutive: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  const live = await createBusiness(ctx.db);
  const ended = await createBusiness(ctx.db, { serviceEndsAt: new Date(Date.now() - 60_000) });
  liveBusiness = live;
  endedBusiness = ended;
  [liveOwner, liveAdmin, endedOwner, endedAdmin] = await Promise.all([
    signIn(ctx.app, live.owner.email),
    signIn(ctx.app, live.admin.email),
    signIn(ctx.app, ended.owner.email),
    signIn(ctx.app, ended.admin.email),
  ]);
  liveCustomer = await signInCustomer(ctx, live.storefrontKey, '9812345678', 'Walk Customer');
  [liveExecutive, endedExecutive] = await Promise.all([
    signInExecutive(ctx.app, live.dex.email),
    signInExecutive(ctx.app, ended.dex.email),
  ]);

  const res = await ctx.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>().paths;
  operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
        access: String(op['x-access']),
        answersUnchecked: answersUnchecked(op),
      })),
  );

  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/**
 * Whether the operation may answer a body that no schema checked: it documents a 2xx answer
 * other than 204 and no JSON schema for any of them.
 */
function answersUnchecked(op: Record<string, unknown>): boolean {
  const responses = (op.responses ?? {}) as Record<
    string,
    { content?: Record<string, { schema?: unknown }> }
  >;
  const successes = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
  if (successes.some(([, response]) => response.content?.['application/json']?.schema !== undefined))
    return false;
  return !successes.every(([status]) => status === '204') || successes.length === 0;
}

const label = (op: Operation) => `${op.method} ${op.path}`;

/**
 * The live streams answer 200 and stay open: a read walk with inject would wait on them forever.
 * Their own tests read them (events.routes.test.ts, customer-events.test.ts, the delivery and
 * dispatch modules' tests); here they are walked over real HTTP with a time limit only.
 */
const STREAMS = new Set([
  'GET /api/events',
  'GET /api/storefront/events',
  'GET /api/delivery/events',
  'GET /api/dispatch/positions',
]);
const isStream = (op: Operation) => STREAMS.has(label(op));

/** Staff reads that must be asked something (a store, a period): with no query they answer 400. */
const NEED_A_QUERY = new Set([
  'GET /api/dispatch/executives', // ?storeId=
  'GET /api/dispatch/cash', // ?from=&to=
  'GET /api/dispatch/cash.csv', // ?from=&to=
  'GET /api/payouts', // ?from=&to=
  'GET /api/payouts.csv', // ?from=&to=
  'GET /api/reports/sales', // ?from=&to=
  'GET /api/reports/sales.csv', // ?from=&to=
  'GET /api/reports/gst', // ?from=&to=
  'GET /api/reports/gst.csv', // ?from=&to=
  'GET /api/reports/payments', // ?from=&to=
  'GET /api/reports/payments.csv', // ?from=&to=
  'GET /api/reports/ratings', // ?from=&to=
]);
const routeOf = (op: Operation) =>
  registered.find((r) => r.method === op.method && r.url.replace(/:(\w+)/g, '{$1}') === op.path);

describe('the walk', () => {
  it('covers at least the known endpoints', () => {
    const walked = operations.map(label);
    for (const known of [
      'GET /api/health',
      'POST /api/auth/sign-in',
      'POST /api/auth/sign-out',
      'GET /api/auth/me',
      'GET /api/account',
      'PATCH /api/account',
      'GET /api/zones',
      'GET /api/events',
      'GET /api/metrics',
      'GET /api/settings/api-keys',
      'POST /api/settings/api-keys',
      'DELETE /api/settings/api-keys/{keyId}',
      'GET /api/settings/sms-usage',
      'POST /api/storefront/orders',
      'POST /api/stores/{storeId}/items/{itemId}/variants/{variantId}/stock',
    ]) {
      expect(walked).toContain(known);
    }
  });

  it('finds every route the app has under /api in openapi.json, with the access it enforces', () => {
    const apiRoutes = registered.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD' && !r.hidden);
    expect(apiRoutes.length).toBeGreaterThanOrEqual(8);
    const documented = new Map(operations.map((op) => [label(op), op]));
    for (const route of apiRoutes) {
      const key = `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`;
      expect(documented.has(key), `${key} is missing from openapi.json`).toBe(true);
      expect(documented.get(key)!.access, key).toBe(route.config.access ?? 'staff');
    }
    // The only route kept out of the documentation is the documentation itself.
    expect(registered.filter((r) => r.url.startsWith('/api') && r.hidden).map((r) => r.url)).toEqual([
      '/api/openapi.json',
      '/api/openapi.json',
    ]);
  });

  // The console reads answers without checking them again (ADR 0028): the serializer checks each
  // against its route's response schema, so every route that answers JSON must declare one.
  it('declares the schema of the success answer of every operation but the few that answer no JSON', () => {
    expect(
      operations
        .filter((op) => op.answersUnchecked)
        .map(label)
        .sort(),
    ).toEqual([
      'GET /api/account/verify-email', // a page or a redirect for the link in the email
      'GET /api/catalogue/export.csv', // every store's catalogue, with a store column
      'GET /api/catalogue/export.xlsx',
      'GET /api/catalogue/sample.csv', // the import's sample spreadsheet
      'GET /api/delivery/events', // text/event-stream of an executive's order events
      'GET /api/dispatch/cash.csv',
      'GET /api/dispatch/positions', // text/event-stream of batches of positions
      'GET /api/events', // text/event-stream; the console reads each event's JSON by its type
      'GET /api/metrics', // Prometheus text
      'GET /api/orders/export.csv',
      'GET /api/payouts.csv',
      'GET /api/reports/gst.csv',
      'GET /api/reports/payments.csv',
      'GET /api/reports/sales.csv',
      'GET /api/storefront/events', // text/event-stream of a customer's order events
      'GET /api/stores/{storeId}/catalogue/export.csv', // the store's catalogue as a spreadsheet
      'GET /api/stores/{storeId}/catalogue/export.xlsx',
      'GET /files/{*}', // images
    ]);
  });

  it("gives the secret API keys and the texts of the day to the owner alone, and orders to the customer app's key", () => {
    const accessOf = (known: string) => operations.find((op) => label(op) === known)?.access;
    expect({
      list: accessOf('GET /api/settings/api-keys'),
      make: accessOf('POST /api/settings/api-keys'),
      revoke: accessOf('DELETE /api/settings/api-keys/{keyId}'),
      texts: accessOf('GET /api/settings/sms-usage'),
      order: accessOf('POST /api/storefront/orders'),
    }).toEqual({ list: 'owner', make: 'owner', revoke: 'owner', texts: 'owner', order: 'storefront' });
  });

  it("gives a variant's stock adjustment to staff, the owner and the zone's admins (B17)", () => {
    const stock = operations.find(
      (op) => label(op) === 'POST /api/stores/{storeId}/items/{itemId}/variants/{variantId}/stock',
    );
    expect(stock?.access).toBe('staff');
  });

  it('documents every operation with a known access level', () => {
    for (const op of operations) {
      expect(['public', 'staff', 'owner', 'storefront', 'customer', 'executive'], label(op)).toContain(
        op.access,
      );
    }
  });

  it("covers the signed-in customer's routes of the customer app", () => {
    const customerRoutes = operations.filter((op) => op.access === 'customer').map(label);
    for (const known of [
      'POST /api/storefront/auth/sign-out',
      'GET /api/storefront/account',
      'PATCH /api/storefront/account',
      'GET /api/storefront/addresses',
      'POST /api/storefront/addresses',
      'DELETE /api/storefront/addresses/{addressId}',
      'GET /api/storefront/orders',
      'GET /api/storefront/orders/{orderId}',
      'POST /api/storefront/orders/{orderId}/cancel',
      'POST /api/storefront/orders/{orderId}/upi-paid',
      'POST /api/storefront/orders/{orderId}/payment',
      'POST /api/storefront/orders/{orderId}/payment/verify',
      'POST /api/storefront/orders/{orderId}/tip',
      'POST /api/storefront/orders/{orderId}/tip/verify',
      'PUT /api/storefront/orders/{orderId}/rating',
      'GET /api/storefront/events',
    ]) {
      expect(customerRoutes).toContain(known);
    }
  });
});

describe('without a session', () => {
  it('every endpoint that is not public answers 401', async () => {
    const guarded = operations.filter((op) => op.access !== 'public');
    expect(guarded.length).toBeGreaterThanOrEqual(6);
    for (const op of guarded) {
      const res = await ctx.app.inject({ method: op.method as 'GET', url: op.url });
      expect(res.statusCode, label(op)).toBe(401);
      expect(errorOf(res).code, label(op)).toBe('unauthenticated');
    }
  });

  it('a made-up or ended session is no session either', async () => {
    const guarded = operations.filter((op) => op.access !== 'public');
    for (const op of guarded) {
      const res = await ctx.app.inject({
        method: op.method as 'GET',
        url: op.url,
        headers: { authorization: `Bearer ${randomUUID()}` },
      });
      expect(res.statusCode, label(op)).toBe(401);
    }
  });
});

describe('a signed-in admin', () => {
  it('gets 403 from every owner-only endpoint', async () => {
    const ownerOnly = operations.filter((op) => op.access === 'owner');
    expect(ownerOnly.map(label)).toContain('GET /api/zones');
    for (const op of ownerOnly) {
      const res = await ctx.app.inject({
        method: op.method as 'GET',
        url: op.url,
        headers: liveAdmin.headers,
      });
      expect(res.statusCode, label(op)).toBe(403);
      expect(errorOf(res).code, label(op)).toBe('forbidden');
    }
  });

  it('the owner passes the same gate: a list or setting answers 200, a made-up id 404', async () => {
    const reads = operations.filter((o) => o.access === 'owner' && o.method === 'GET' && !isStream(o));
    expect(reads.length).toBeGreaterThanOrEqual(10);
    for (const op of reads) {
      const res = await ctx.app.inject({ method: 'GET', url: op.url, headers: liveOwner.headers });
      // The url has a random id wherever the path has a parameter: no record has it.
      const names = op.url !== op.path;
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(names ? 404 : 200);
      if (names) expect(errorOf(res).code, label(op)).toBe('not_found');
    }
  });
});

describe('signed in, with no query and made-up ids', () => {
  it('every staff read answers 200, or 404 where the path names a record, for the owner and an admin alike', async () => {
    const reads = operations.filter(
      (o) => o.access === 'staff' && o.method === 'GET' && !isStream(o) && !NEED_A_QUERY.has(label(o)),
    );
    expect(reads.length).toBeGreaterThanOrEqual(10);
    for (const session of [liveOwner, liveAdmin]) {
      for (const op of reads) {
        const res = await ctx.app.inject({ method: 'GET', url: op.url, headers: session.headers });
        const names = op.url !== op.path;
        expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(names ? 404 : 200);
        if (names) expect(errorOf(res).code, label(op)).toBe('not_found');
      }
    }
  });

  it('the staff reads that must be asked something answer 400 with no query, for the owner and an admin alike', async () => {
    const staffReads = operations.filter((o) => o.access === 'staff' && o.method === 'GET').map(label);
    for (const needy of NEED_A_QUERY) expect(staffReads).toContain(needy);
    for (const session of [liveOwner, liveAdmin]) {
      for (const needy of NEED_A_QUERY) {
        const op = operations.find((o) => label(o) === needy)!;
        const res = await ctx.app.inject({ method: 'GET', url: op.url, headers: session.headers });
        expect(res.statusCode, `${needy}: ${res.body}`).toBe(400);
        expect(errorOf(res).code, needy).toBe('invalid_input');
      }
    }
  });
});

describe("a variant's stock adjustment (B17)", () => {
  it("answers the owner and the zone's admin 200 with the item, a made-up variant 404, and refuses customers and executives", async () => {
    const { storeId, itemId } = await createStoreWithItem(ctx.db, liveBusiness);
    const item = await ctx.app.inject({
      url: `/api/stores/${storeId}/items/${itemId}`,
      headers: liveOwner.headers,
    });
    const variantId = item.json<{ variants: Array<{ id: string }> }>().variants[0]!.id;
    const url = (variant: string) => `/api/stores/${storeId}/items/${itemId}/variants/${variant}/stock`;
    const adjust = (headers: Record<string, string>, variant: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: url(variant), headers, payload });
    const stockOf = (res: { json: <T>() => T }) =>
      res
        .json<{ variants: Array<{ id: string; stock: number | null }> }>()
        .variants.map((v) => [v.id, v.stock]);

    const counted = await adjust(liveOwner.headers, variantId, { reason: 'counted', quantity: 10 });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(stockOf(counted)).toEqual([[variantId, 10]]);
    const damaged = await adjust(liveAdmin.headers, variantId, { reason: 'damaged', quantity: 2 });
    expect(damaged.statusCode, damaged.body).toBe(200);
    expect(stockOf(damaged)).toEqual([[variantId, 8]]);

    for (const session of [liveOwner, liveAdmin]) {
      const unknown = await adjust(session.headers, randomUUID(), { reason: 'received', quantity: 1 });
      expect(unknown.statusCode, unknown.body).toBe(404);
      expect(errorOf(unknown).code).toBe('not_found');
    }
    const customer = {
      'x-storefront-key': liveBusiness.storefrontKey,
      authorization: `Bearer ${liveCustomer.token}`,
    };
    for (const headers of [
      customer,
      liveExecutive.headers,
      { authorization: `Bearer ${liveBusiness.apiKey}` },
    ]) {
      const refused = await adjust(headers, variantId, { reason: 'received', quantity: 1 });
      expect(refused.statusCode, refused.body).toBe(401);
      expect(errorOf(refused).code).toBe('unauthenticated');
    }
    const after = await ctx.app.inject({
      url: `/api/stores/${storeId}/items/${itemId}`,
      headers: liveOwner.headers,
    });
    expect(stockOf(after)).toEqual([[variantId, 8]]);
  });
});

/** A request of the customer app: the key (when given), a bearer token (when given), no body. */
/** The body a customer route needs to get past its input's checks, where it needs one. */
const customerBodies: Record<string, object> = {
  'POST /api/storefront/orders/{orderId}/upi-paid': { reference: '433512345678' },
  'PUT /api/storefront/orders/{orderId}/rating': { stars: 5 },
  'POST /api/storefront/orders/{orderId}/payment/verify': {
    paymentId: 'pay_Made1up',
    gatewayOrderId: 'order_Made1up',
    signature: 'a'.repeat(64),
  },
  'POST /api/storefront/orders/{orderId}/tip': { amountPaise: 2_000 },
  'POST /api/storefront/orders/{orderId}/tip/verify': {
    paymentId: 'pay_Made1up',
    gatewayOrderId: 'order_Made1up',
    signature: 'a'.repeat(64),
  },
};

function asCustomerApp(op: Operation, key: string | undefined, token: string | undefined) {
  const body = customerBodies[label(op)];
  return ctx.app.inject({
    method: op.method as 'GET',
    url: op.url,
    headers: {
      ...(key === undefined ? {} : { 'x-storefront-key': key }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body ? { payload: body } : {}),
  });
}

const signInFirst = { error: { code: 'unauthenticated', message: customerMessages.signIn } };

describe('the customer app (storefront and customer access)', () => {
  const customerOps = () => operations.filter((op) => op.access === 'customer');
  const keyedOps = () => operations.filter((op) => op.access === 'storefront' || op.access === 'customer');

  it("with the business's key but no customer signed in, every customer route answers 401 and asks to sign in", async () => {
    expect(customerOps().length).toBeGreaterThanOrEqual(8);
    for (const op of customerOps()) {
      const res = await asCustomerApp(op, liveBusiness.storefrontKey, undefined);
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(401);
      expect(res.json(), label(op)).toEqual(signInFirst);
    }
  });

  it('a made-up customer token is refused on every route of the customer app, even those a key alone opens', async () => {
    for (const op of keyedOps()) {
      const res = await asCustomerApp(op, liveBusiness.storefrontKey, randomUUID());
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(401);
      expect(res.json(), label(op)).toEqual(signInFirst);
    }
  });

  it("a staff session is no customer's: the owner's token is refused on every route of the customer app", async () => {
    for (const op of keyedOps()) {
      const res = await asCustomerApp(op, liveBusiness.storefrontKey, liveOwner.token);
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(401);
      expect(res.json(), label(op)).toEqual(signInFirst);
    }
  });

  it("a customer's token is no staff session: every staff and owner route answers 401", async () => {
    const staffOps = operations.filter((op) => op.access === 'staff' || op.access === 'owner');
    expect(staffOps.length).toBeGreaterThanOrEqual(10);
    for (const op of staffOps) {
      const res = await asCustomerApp(op, liveBusiness.storefrontKey, liveCustomer.token);
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(401);
      expect(errorOf(res).code, label(op)).toBe('unauthenticated');
    }
  });

  it("a customer's token is good only with its own business's key: with another's, or none, 401", async () => {
    for (const op of customerOps()) {
      for (const key of [undefined, `pk_test_unknown_${randomUUID()}`]) {
        const res = await asCustomerApp(op, key, liveCustomer.token);
        expect(res.statusCode, `${label(op)} with key ${key}: ${res.body}`).toBe(401);
        expect(errorOf(res).code, label(op)).toBe('unauthenticated');
      }
    }
  });

  it('a signed-in customer: every read answers 200, or 404 where the path names a record', async () => {
    // The live stream answers 200 and stays open: customer-events.test.ts reads it.
    const reads = customerOps().filter((op) => op.method === 'GET' && op.path !== '/api/storefront/events');
    expect(reads.length).toBeGreaterThanOrEqual(4);
    for (const op of reads) {
      const res = await asCustomerApp(op, liveBusiness.storefrontKey, liveCustomer.token);
      const names = op.url !== op.path;
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(names ? 404 : 200);
      if (names) expect(errorOf(res).code, label(op)).toBe('not_found');
    }
    const me = await ctx.app.inject({
      url: '/api/storefront/account',
      headers: {
        'x-storefront-key': liveBusiness.storefrontKey,
        authorization: `Bearer ${liveCustomer.token}`,
      },
    });
    expect(me.json()).toEqual(liveCustomer.customer);
  });

  it("a signed-in customer's made-up ids are unknown to every customer route that names a record", async () => {
    const naming = customerOps().filter((op) => op.url !== op.path);
    expect(naming.map(label).sort()).toEqual([
      'DELETE /api/storefront/addresses/{addressId}',
      'GET /api/storefront/orders/{orderId}',
      'POST /api/storefront/orders/{orderId}/cancel',
      'POST /api/storefront/orders/{orderId}/payment',
      'POST /api/storefront/orders/{orderId}/payment/verify',
      'POST /api/storefront/orders/{orderId}/tip',
      'POST /api/storefront/orders/{orderId}/tip/verify',
      'POST /api/storefront/orders/{orderId}/upi-paid',
      'PUT /api/storefront/orders/{orderId}/rating',
    ]);
    for (const op of naming) {
      const res = await asCustomerApp(op, liveBusiness.storefrontKey, liveCustomer.token);
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(404);
      expect(errorOf(res).code, label(op)).toBe('not_found');
    }
  });

  it("signing out ends the customer's session: its token is 401 after", async () => {
    const customer = await signInCustomer(ctx, liveBusiness.storefrontKey, '9812345679', 'Leaving Customer');
    const headers = {
      'x-storefront-key': liveBusiness.storefrontKey,
      authorization: `Bearer ${customer.token}`,
    };
    const out = await ctx.app.inject({ method: 'POST', url: '/api/storefront/auth/sign-out', headers });
    expect(out.statusCode, out.body).toBe(204);
    const after = await ctx.app.inject({ url: '/api/storefront/account', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(signInFirst);
  });
});

describe('a secret API key (ADR 0056)', () => {
  const keyedOps = () => operations.filter((op) => op.access === 'storefront' || op.access === 'customer');
  const order = () => operations.find((op) => label(op) === 'POST /api/storefront/orders')!;
  const keyUnknown = { error: { code: 'unauthenticated', message: apiKeyMessages.unknown } };

  it("is no staff session or executive's: every staff, owner and delivery route answers 401, with the business's key or without", async () => {
    const others = operations.filter(
      (op) => op.access === 'staff' || op.access === 'owner' || op.access === 'executive',
    );
    expect(others.length).toBeGreaterThanOrEqual(20);
    for (const op of others) {
      for (const key of [liveBusiness.storefrontKey, undefined]) {
        const res = await asCustomerApp(op, key, liveBusiness.apiKey);
        expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(401);
        expect(errorOf(res).code, label(op)).toBe('unauthenticated');
      }
    }
  });

  it("is no customer: with the business's key, every signed-in customer's route answers 401 and asks to sign in", async () => {
    for (const op of operations.filter((o) => o.access === 'customer')) {
      const res = await asCustomerApp(op, liveBusiness.storefrontKey, liveBusiness.apiKey);
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(401);
      expect(res.json(), label(op)).toEqual(signInFirst);
    }
  });

  it("a made-up, revoked or another business's secret key is refused on every route of the customer app", async () => {
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/api-keys',
      headers: liveOwner.headers,
      payload: { name: 'Walked and revoked' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id, secret } = made.json<{ id: string; secret: string }>();
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/settings/api-keys/${id}`,
      headers: liveOwner.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    for (const op of keyedOps()) {
      for (const [which, token] of [
        ['made up', `sk_live_${randomUUID()}`],
        ['revoked', secret],
        ["another business's", endedBusiness.apiKey],
      ]) {
        const res = await asCustomerApp(op, liveBusiness.storefrontKey, token);
        expect(res.statusCode, `${label(op)} with a ${which} key: ${res.body}`).toBe(401);
        expect(res.json(), `${label(op)} with a ${which} key`).toEqual(keyUnknown);
      }
    }
  });

  it("an order needs a signed-in customer or a secret key: with the business's key alone it answers 401 and asks to sign in", async () => {
    const res = await asCustomerApp(order(), liveBusiness.storefrontKey, undefined);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual(signInFirst);
  });

  it("with the business's key and its secret key, an order is read: an empty body is 400, not a refusal of the caller", async () => {
    const res = await asCustomerApp(order(), liveBusiness.storefrontKey, liveBusiness.apiKey);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('invalid_input');
  });
});

describe('the delivery app (executive access, ADR 0042)', () => {
  const executiveOps = () => operations.filter((op) => op.access === 'executive');

  it("covers the delivery executive's routes", () => {
    const routes = executiveOps().map(label);
    for (const known of [
      'POST /api/delivery/sign-out',
      'GET /api/delivery/session',
      'PUT /api/delivery/duty',
      'GET /api/delivery/orders',
      'POST /api/delivery/orders/{orderId}/status',
      'POST /api/delivery/location',
      'GET /api/delivery/events',
      'GET /api/delivery/push/public-key',
      'POST /api/delivery/push-subscriptions',
      'DELETE /api/delivery/push-subscriptions',
    ]) {
      expect(routes).toContain(known);
    }
    // Signing in and the password's reset are the app's too, before anyone is signed in.
    for (const open of [
      'POST /api/delivery/sign-in',
      'POST /api/delivery/forgot-password',
      'POST /api/delivery/reset-password',
    ]) {
      expect(operations.find((op) => label(op) === open)?.access, open).toBe('public');
    }
  });

  it("with an executive's token every read answers 200, or 404 where the path names a record", async () => {
    const reads = executiveOps().filter((op) => op.method === 'GET' && !isStream(op));
    expect(reads.length).toBeGreaterThanOrEqual(3);
    for (const op of reads) {
      const res = await ctx.app.inject({ method: 'GET', url: op.url, headers: liveExecutive.headers });
      const names = op.url !== op.path;
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(names ? 404 : 200);
      if (names) expect(errorOf(res).code, label(op)).toBe('not_found');
    }
    const me = await ctx.app.inject({ url: '/api/delivery/session', headers: liveExecutive.headers });
    expect(me.json()).toMatchObject({ user: { id: liveBusiness.dex.id }, business: { id: liveBusiness.id } });
  });

  it("an executive's made-up order is unknown to them: 404", async () => {
    const naming = executiveOps().filter((op) => op.url !== op.path);
    const bodies: Record<string, object> = {
      'POST /api/delivery/orders/{orderId}/status': { status: 2, version: 1 },
      'POST /api/delivery/orders/{orderId}/tip': { amountPaise: 2_000 },
    };
    expect(naming.map(label).sort()).toEqual(Object.keys(bodies));
    for (const op of naming) {
      const res = await ctx.app.inject({
        method: op.method as 'POST',
        url: op.url,
        headers: liveExecutive.headers,
        payload: bodies[label(op)],
      });
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(404);
      expect(errorOf(res).code, label(op)).toBe('not_found');
    }
  });

  it("a staff session is no executive's: the owner's and an admin's tokens (or cookies) are 401 on every route of the app", async () => {
    expect(executiveOps().length).toBeGreaterThanOrEqual(10);
    for (const session of [liveOwner, liveAdmin]) {
      for (const headers of [session.headers, { cookie: session.cookie }]) {
        for (const op of executiveOps()) {
          const res = await ctx.app.inject({ method: op.method as 'GET', url: op.url, headers });
          expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(401);
          expect(errorOf(res).code, label(op)).toBe('unauthenticated');
        }
      }
    }
  });

  it("a customer's token is no executive's: 401 on every route of the app, with the business's key or without", async () => {
    for (const op of executiveOps()) {
      for (const key of [liveBusiness.storefrontKey, undefined]) {
        const res = await asCustomerApp(op, key, liveCustomer.token);
        expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(401);
        expect(errorOf(res).code, label(op)).toBe('unauthenticated');
      }
    }
  });

  it("an executive's token is no staff session: every staff and owner route answers 401", async () => {
    const staffOps = operations.filter((op) => op.access === 'staff' || op.access === 'owner');
    expect(staffOps.length).toBeGreaterThanOrEqual(10);
    for (const op of staffOps) {
      const res = await ctx.app.inject({
        method: op.method as 'GET',
        url: op.url,
        headers: liveExecutive.headers,
      });
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(401);
      expect(errorOf(res).code, label(op)).toBe('unauthenticated');
    }
  });

  it("an executive's token is no customer's: every route of the customer app answers 401 with the business's key", async () => {
    const keyed = operations.filter((op) => op.access === 'storefront' || op.access === 'customer');
    for (const op of keyed) {
      const res = await asCustomerApp(op, liveBusiness.storefrontKey, liveExecutive.token);
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(401);
      expect(res.json(), label(op)).toEqual(signInFirst);
    }
  });

  it("signing out ends the executive's session: its token is 401 after", async () => {
    const executive = await signInExecutive(ctx.app, liveBusiness.dex.email);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/delivery/sign-out',
      headers: executive.headers,
    });
    expect(out.statusCode, out.body).toBe(204);
    const after = await ctx.app.inject({ url: '/api/delivery/session', headers: executive.headers });
    expect(after.statusCode).toBe(401);
    // The other session of the same executive is untouched.
    const other = await ctx.app.inject({ url: '/api/delivery/session', headers: liveExecutive.headers });
    expect(other.statusCode).toBe(200);
  });
});

describe('once the service has ended (D5)', () => {
  /** Only the session itself outlives the end of service: a new exemption is a product decision. */
  const mayOutliveService = new Set([
    'GET /api/auth/me',
    'POST /api/auth/sign-out',
    'GET /api/delivery/session',
    'POST /api/delivery/sign-out',
  ]);

  it('only session endpoints are exempt', () => {
    const exempt = operations.filter(
      (op) => op.access !== 'public' && routeOf(op)?.config.allowWhenServiceEnded,
    );
    expect(exempt.map(label).sort()).toEqual([...mayOutliveService].sort());
  });

  it('every other endpoint answers 402 with the spec message, for the owner and an admin alike', async () => {
    // The delivery app's routes open to an executive's session only: the next test walks them.
    const refused = operations.filter(
      (op) => op.access !== 'public' && op.access !== 'executive' && !mayOutliveService.has(label(op)),
    );
    expect(refused.length).toBeGreaterThanOrEqual(4);
    for (const session of [endedOwner, endedAdmin]) {
      for (const op of refused) {
        // Over real HTTP with a time limit: a stream that wrongly opened must not hang the walk.
        const { status, body } = await fetchBriefly(op, session);
        expect(status, label(op)).toBe(402);
        expect(JSON.parse(body), label(op)).toEqual({
          error: { code: 'service_ended', message: SERVICE_ENDED },
        });
      }
    }
  });

  it("every other route of the delivery app answers 402 with the spec message to the ended business's executive", async () => {
    const refused = operations.filter((op) => op.access === 'executive' && !mayOutliveService.has(label(op)));
    expect(refused.length).toBeGreaterThanOrEqual(8);
    expect(refused.map(label)).toContain('GET /api/delivery/events');
    for (const op of refused) {
      // Over real HTTP with a time limit: the stream that wrongly opened must not hang the walk.
      const { status, body } = await fetchBriefly(op, endedExecutive);
      expect(status, label(op)).toBe(402);
      expect(JSON.parse(body), label(op)).toEqual({
        error: { code: 'service_ended', message: SERVICE_ENDED },
      });
    }
  });

  it("the ended business's executive still has their session, and can sign out", async () => {
    const me = await ctx.app.inject({ url: '/api/delivery/session', headers: endedExecutive.headers });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().business.serviceEnded).toBe(true);
    const executive = await signInExecutive(ctx.app, endedBusiness.dex.email);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/delivery/sign-out',
      headers: executive.headers,
    });
    expect(out.statusCode, out.body).toBe(204);
    const after = await ctx.app.inject({ url: '/api/delivery/session', headers: executive.headers });
    expect(after.statusCode).toBe(401);
  });

  it("the customer app's routes answer 402 to the ended business's key before asking who the customer is", async () => {
    const keyed = operations.filter((op) => op.access === 'storefront' || op.access === 'customer');
    expect(keyed.filter((op) => op.access === 'customer').length).toBeGreaterThanOrEqual(8);
    for (const op of keyed) {
      for (const token of [undefined, randomUUID()]) {
        const res = await asCustomerApp(op, endedBusiness.storefrontKey, token);
        expect(res.statusCode, `${label(op)} (token: ${token !== undefined}): ${res.body}`).toBe(402);
        expect(res.json(), label(op)).toEqual({ error: { code: 'service_ended', message: SERVICE_ENDED } });
      }
    }
  });

  it('GET /api/auth/me still answers 200 and says the service has ended', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/me', headers: endedAdmin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().business.serviceEnded).toBe(true);
    expect(Date.parse(res.json().business.serviceEndsAt)).toBeLessThan(Date.now());
  });

  it('sign-out still works', async () => {
    const session = await signIn(ctx.app, endedBusiness.owner.email);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: session.headers });
    expect(out.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: session.headers })).statusCode).toBe(401);
  });

  it('a business whose service has not ended is not refused', async () => {
    const res = await ctx.app.inject({ url: '/api/account', headers: liveAdmin.headers });
    expect(res.statusCode).toBe(200);
  });
});

/** A streaming endpoint over real HTTP: the status and a bounded read of the body, never a hang. */
async function fetchBriefly(op: Operation, session: Session): Promise<{ status: number; body: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5000);
  try {
    // The customer app's routes are called with the business's key, not a session: its service
    // ended, the key is refused before any customer is asked for (402, not 401).
    const headers =
      op.access === 'storefront' || op.access === 'customer'
        ? { 'x-storefront-key': endedBusiness.storefrontKey }
        : session.headers;
    const res = await fetch(`${baseUrl}${op.url}`, { method: op.method, headers, signal: controller.signal });
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      controller.abort();
      return { status: res.status, body: 'null' };
    }
    return { status: res.status, body: await res.text() };
  } finally {
    clearTimeout(timer);
  }
}
