/**
 * Walks every endpoint that /api/openapi.json documents as another tenant
 * would, and as an admin of another zone would (D2, D4). With the ids of
 * business A's records, business B's owner and admin are refused by every
 * route that names a record (404, or 403 where the route is the owner's), and
 * an admin of A's North zone is refused the South zone's stores, catalogue,
 * orders and executives. Every answer to them is searched for A's (or the
 * South zone's) ids and names, and A's rows are compared before and after:
 * nothing of A's is read or written.
 *
 * The customer app's routes are walked the same way: B's key (alone, or with
 * a signed-in B customer's token) naming A's records and A's customer's
 * address and order is refused them (401 or 404) and shown none of them; a
 * second customer of A, with A's key and their own token, is refused the first
 * customer's address and orders and shown none of them; and a secret API key
 * is good with its own business's key only.
 *
 * B's own system (B's key with one of B's secret API keys, ADR 0056) walks
 * every operation, naming A's records: each route of the customer app's
 * answers it as B's (A's store, catalogue, subscription unknown: 404), every
 * route that takes a session (staff, owner, executive, signed-in customer) is
 * 401 to it, a public route answers it as it answers anyone, and nothing of
 * A's is shown or written.
 *
 * The delivery app's routes are walked by B's executive and by another
 * executive of A: neither may move an order assigned to A's executive (404)
 * nor see it, and nothing of A's is written. The live streams of Dispatch and
 * of the delivery app are read over HTTP: none carries another business's, or
 * another zone's, or another executive's news.
 *
 * Each documented operation needs an entry in `walk` below, or the walk fails:
 * an endpoint is covered the day it is written.
 */
import { createECDH, randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { startPaymentsGateway, type PaymentsGateway } from './payments-gateway.ts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '@storedesk/shared/dates';
import { apiKeyMessages } from '@storedesk/shared/settings/api-keys';
import { makePng } from '#server/storage/image-fixtures.ts';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  enableCashOnDelivery,
  latestCode,
  PASSWORD,
  signIn,
  signInCustomer,
  signInExecutive,
  type CustomerSession,
  type Session,
  type TestApp,
  type TestBusiness,
} from './harness.ts';

type Ref = { id: string; version: number };
/** The records a walked request names: A's North ones (for B), or the South zone's (for the North admin). */
type Records = {
  zone: string;
  store: Ref & { name: string };
  category: Ref;
  item: Ref;
  /** The item's one variant (B17). */
  variant: string;
  slide: Ref;
  deletedSlide: string;
  admin: Ref;
  dex: Ref;
  order: Ref;
  coupon: { code: string; version: number };
  paymentMode: Ref;
  helpline: Ref;
  /** A secret API key of A's (its id), made by A's owner. */
  apiKey: string;
  /** Two devices of A's customer (push subscriptions' endpoints): one B's system registers as its own, one it names to remove. */
  pushEndpoints: { registered: string; removed: string };
  /** A passkey of the zone's admin. */
  passkey: string;
  /** A's signed-in customer's phone, a saved address of theirs and the order they placed to it. */
  customerPhone: string;
  address: string;
  customerOrder: string;
  /** A sign-in code A texted to that phone, not used yet. */
  liveCode: string;
  /** The zone's executive's cash of a delivered COD order: the business's day and the amount. */
  cash: { day: string; collectedPaise: number };
  /** The code of `order` (assigned to `dex`, Confirmed) the customer would give at the door. */
  deliveryCode: string;
};
/** A request of the walk: a JSON body, an image upload, or a body of another type (`contentType`). */
type Request = { url: string; payload?: object | string; image?: true; contentType?: string };

/**
 * What an operation is to the walk:
 * - `names`: it names records of A, in its path, body or query, and each caller gets the answer
 *   given: B's owner, B's admin (on a route of the owner's, the role gate's 403 comes first), and
 *   the North admin naming the South zone's (null where that names nothing zoned);
 * - `reads`: a read that names nothing, whose answer must hold nothing of A's;
 * - `own`: an operation that can only touch the caller's own account or business (the reason says why);
 * - `key`: the customer app's route, called with B's key, naming A's records where it can (`status`
 *   is what B's key gets), or naming nothing (`own`); `signedIn` is the same route called with a
 *   customer's token as well, naming A's customer's records (`status` for B's customer and for another
 *   customer of A alike);
 * - `keyed` (every route of the customer app's, `key` or `own`): the route called by B's own system,
 *   B's key with B's secret API key (ADR 0056), naming A's records, and what it answers;
 * - `customer`: a route of the signed-in customer's, called by B's customer (B's key and token) and by
 *   another customer of A (A's key, their own token), each request naming A's customer's records (or
 *   nothing, for a list): both get `status`, and no answer holds those records;
 * - `executive`: a route of the delivery app's, called by B's executive and by another executive
 *   of A, each request naming the records of A's North executive (their order) or nothing (a list):
 *   both get `status`, no answer holds those records, and nothing of A's is written;
 * - `stream`: a live stream, named like `names` (a zone) and read over HTTP for a moment: a refusal
 *   is the status given, and what an open stream carries holds nothing of A's (the streams' own
 *   test below makes A's news happen while they are open);
 * - `public`: no session or key decides what it does (sign-in, a link's token).
 *
 * A `names` entry's `bare` request reads the caller's whole scope (no zone named): 200 to every
 * caller of the route, holding nothing of A's (or, for the North admin, of the South zone's).
 */
type Answers = { owner: number; admin: number; zone: number | null };
/** What B's own system (its key and a secret API key) asks of a route of the customer app's, and its answer. */
type Keyed = { request: (records: Records) => Request; status: number };
type Entry =
  | ({
      kind: 'names';
      request: (records: Records) => Request;
      bare?: (records: Records) => Request;
    } & Answers)
  | ({ kind: 'stream'; request: (records: Records) => Request } & Answers)
  | { kind: 'reads'; request?: (records: Records) => Request }
  | { kind: 'own'; reason: string; keyed?: Keyed }
  | {
      kind: 'key';
      request: (records: Records) => Request;
      status: number;
      keyed: Keyed;
      signedIn?: { request: (records: Records) => Request; status: number };
    }
  | { kind: 'customer'; requests: (records: Records) => Request[]; status: number }
  | { kind: 'executive'; requests: (records: Records) => Request[]; status: number }
  | { kind: 'public' };

const version = (ref: { version: number }) => ({ version: ref.version });
/** A record named in the path (or a body's list of ids): unknown to anyone outside its business or zone. */
const record = (request: (r: Records) => Request, zoned = true): Entry => ({
  kind: 'names',
  request,
  owner: 404,
  admin: 404,
  zone: zoned ? 404 : null,
});
/** A list filtered by A's zone (or store): B's owner gets their own, empty of A's; an admin naming a zone not theirs is refused (D4). */
const filtered = (request: (r: Records) => Request, owner = 200, bare?: (r: Records) => Request): Entry => ({
  kind: 'names',
  request,
  owner,
  admin: 403,
  zone: 403,
  ...(bare ? { bare } : {}),
});
/** A new record placed in A's zone: B's owner is told the zone is unknown; an admin naming another zone is refused. */
const placedIn = (request: (r: Records) => Request, zoned = true): Entry => ({
  kind: 'names',
  request,
  owner: 400,
  admin: 403,
  zone: zoned ? 403 : null,
});

const walk: Record<string, Entry> = {
  'GET /api/metrics': { kind: 'public' },
  'GET /files/{*}': { kind: 'public' },
  'GET /api/health': { kind: 'public' },
  'POST /api/auth/sign-in': { kind: 'public' },
  'POST /api/auth/sign-out': { kind: 'own', reason: 'ends the session it is sent with' },
  'GET /api/auth/me': { kind: 'reads' },
  'GET /api/auth/session': { kind: 'public' },
  'POST /api/auth/forgot-password': { kind: 'public' },
  'POST /api/auth/reset-password': { kind: 'public' },
  'GET /api/account': { kind: 'reads' },
  'PATCH /api/account': { kind: 'own', reason: 'changes the account signed in' },
  'POST /api/account/verification-email': { kind: 'own', reason: 'mails the account signed in' },
  'GET /api/account/verify-email': { kind: 'public' },
  'POST /api/auth/two-factor': { kind: 'public' },
  'POST /api/auth/two-factor/enrolment': { kind: 'public' },
  'POST /api/auth/two-factor/enrolment/confirm': { kind: 'public' },
  'GET /api/account/two-factor': { kind: 'reads' },
  'POST /api/account/two-factor/totp': { kind: 'own', reason: 'sets up the account signed in' },
  'POST /api/account/two-factor/totp/confirm': { kind: 'own', reason: 'turns on the account signed in' },
  'POST /api/account/two-factor/recovery-codes': { kind: 'own', reason: 'renews the account signed in' },
  'DELETE /api/account/two-factor': { kind: 'own', reason: 'turns off the account signed in' },
  'GET /api/settings/two-factor': { kind: 'reads' },
  'GET /api/account/passkeys': { kind: 'reads' },
  'POST /api/account/passkeys/options': { kind: 'own', reason: 'offers a passkey to the account signed in' },
  'POST /api/account/passkeys': { kind: 'own', reason: 'adds a passkey to the account signed in' },
  'DELETE /api/account/passkeys/{passkeyId}': record((r) => ({
    url: `/api/account/passkeys/${r.passkey}`,
    payload: { currentPassword: PASSWORD },
  })),
  'POST /api/auth/passkey/options': { kind: 'public' },
  'POST /api/auth/passkey': { kind: 'public' },
  'POST /api/auth/two-factor/passkey/options': { kind: 'public' },
  'POST /api/auth/two-factor/passkey': { kind: 'public' },
  'PUT /api/settings/two-factor': { kind: 'own', reason: "changes the caller's business's requirement" },
  'GET /api/zones': { kind: 'reads' },
  'POST /api/zones': { kind: 'own', reason: "adds a zone to the caller's business" },
  'GET /api/zones/{zoneId}': record((r) => ({ url: `/api/zones/${r.zone}` }), false),
  'PATCH /api/zones/{zoneId}': record(
    (r) => ({
      url: `/api/zones/${r.zone}`,
      payload: { name: 'Taken over', version: 1 },
    }),
    false,
  ),
  'DELETE /api/zones/{zoneId}': record((r) => ({ url: `/api/zones/${r.zone}?version=1` }), false),
  'GET /api/stores': filtered((r) => ({ url: `/api/stores?zoneId=${r.zone}&pageSize=25` })),
  'POST /api/stores': placedIn((r) => ({
    url: '/api/stores',
    payload: {
      name: 'Planted store',
      featured: 1,
      location: 'Ring Road',
      description: 'Groceries',
      phone: '9876543210',
      openTime: '08:00',
      closeTime: '21:00',
      latitude: 12.9,
      longitude: 77.6,
      zoneId: r.zone,
    },
  })),
  'POST /api/stores/status': record((r) => ({
    url: '/api/stores/status',
    payload: { storeIds: [r.store.id], status: -1 },
  })),
  'GET /api/stores/{storeId}': record((r) => ({ url: `/api/stores/${r.store.id}` })),
  'PATCH /api/stores/{storeId}': record((r) => ({
    url: `/api/stores/${r.store.id}`,
    payload: { name: 'Taken over', ...version(r.store) },
  })),
  'DELETE /api/stores/{storeId}': record((r) => ({
    url: `/api/stores/${r.store.id}?version=${r.store.version}`,
  })),
  'PUT /api/stores/{storeId}/image': record((r) => ({ url: `/api/stores/${r.store.id}/image`, image: true })),
  'GET /api/stores/{storeId}/categories': record((r) => ({ url: `/api/stores/${r.store.id}/categories` })),
  'POST /api/stores/{storeId}/categories': record((r) => ({
    url: `/api/stores/${r.store.id}/categories`,
    payload: { name: 'Planted category' },
  })),
  'GET /api/stores/{storeId}/categories/{categoryId}': record((r) => ({
    url: `/api/stores/${r.store.id}/categories/${r.category.id}`,
  })),
  'PATCH /api/stores/{storeId}/categories/{categoryId}': record((r) => ({
    url: `/api/stores/${r.store.id}/categories/${r.category.id}`,
    payload: { name: 'Taken over', ...version(r.category) },
  })),
  'PUT /api/stores/{storeId}/categories/{categoryId}/position': record((r) => ({
    url: `/api/stores/${r.store.id}/categories/${r.category.id}/position`,
    payload: { position: 1, ...version(r.category) },
  })),
  'DELETE /api/stores/{storeId}/categories/{categoryId}': record((r) => ({
    url: `/api/stores/${r.store.id}/categories/${r.category.id}?version=${r.category.version}`,
  })),
  'GET /api/stores/{storeId}/items': record((r) => ({ url: `/api/stores/${r.store.id}/items` })),
  'POST /api/stores/{storeId}/items': record((r) => ({
    url: `/api/stores/${r.store.id}/items`,
    payload: { name: 'Planted item', categoryId: r.category.id, featured: 0, pricePaise: 100 },
  })),
  'GET /api/stores/{storeId}/items/{itemId}': record((r) => ({
    url: `/api/stores/${r.store.id}/items/${r.item.id}`,
  })),
  'PATCH /api/stores/{storeId}/items/{itemId}': record((r) => ({
    url: `/api/stores/${r.store.id}/items/${r.item.id}`,
    payload: { inStock: false, ...version(r.item) },
  })),
  'DELETE /api/stores/{storeId}/items/{itemId}': record((r) => ({
    url: `/api/stores/${r.store.id}/items/${r.item.id}?version=${r.item.version}`,
  })),
  'PUT /api/stores/{storeId}/items/{itemId}/image': record((r) => ({
    url: `/api/stores/${r.store.id}/items/${r.item.id}/image`,
    image: true,
  })),
  'POST /api/stores/{storeId}/items/{itemId}/variants/{variantId}/stock': record((r) => ({
    url: `/api/stores/${r.store.id}/items/${r.item.id}/variants/${r.variant}/stock`,
    payload: { reason: 'received', quantity: 5 },
  })),
  'POST /api/stores/{storeId}/items/{itemId}/copies': record((r) => ({
    url: `/api/stores/${r.store.id}/items/${r.item.id}/copies`,
    payload: { storeIds: [r.store.id] },
  })),
  'POST /api/stores/{storeId}/catalogue/copy': record((r) => ({
    url: `/api/stores/${r.store.id}/catalogue/copy`,
    payload: { fromStoreId: r.store.id },
  })),
  // B's owner naming A's zone or store gets B's own low stock, none of A's; an admin naming another zone is refused.
  'GET /api/stock/low': filtered(
    (r) => ({ url: `/api/stock/low?zoneId=${r.zone}&storeId=${r.store.id}` }),
    200,
    () => ({ url: '/api/stock/low?pageSize=25' }),
  ),
  'POST /api/stores/{storeId}/catalogue/import': record((r) => ({
    url: `/api/stores/${r.store.id}/catalogue/import`,
    contentType: 'text/csv',
    payload: `sku,name,category,variant,price,mrp,stock,gst,hsn,veg\nPLANTED-1,Planted item,Planted,,10,,5,0,,true\n`,
  })),
  // A file naming A's store: no store of the caller's has that name, so every row is refused and nothing is written.
  'POST /api/catalogue/import': {
    kind: 'names',
    request: (r) => ({
      url: '/api/catalogue/import',
      contentType: 'text/csv',
      payload: `store,sku,name,category,variant,price,mrp,stock,gst,hsn,veg\n${r.store.name},PLANTED-2,Planted item,Planted,,10,,5,0,,true\n`,
    }),
    owner: 400,
    admin: 400,
    zone: 400,
  },
  // Every store's catalogue the caller sees: B's own, none of A's.
  'GET /api/catalogue/export.csv': { kind: 'reads' },
  'GET /api/catalogue/export.xlsx': { kind: 'reads' },
  // The same sample spreadsheet for everyone: nothing of any business's in it.
  'GET /api/catalogue/sample.csv': { kind: 'reads' },
  'GET /api/stores/{storeId}/catalogue/export.csv': record((r) => ({
    url: `/api/stores/${r.store.id}/catalogue/export.csv`,
  })),
  'GET /api/stores/{storeId}/catalogue/export.xlsx': record((r) => ({
    url: `/api/stores/${r.store.id}/catalogue/export.xlsx`,
  })),
  'GET /api/slides': { kind: 'reads' },
  'POST /api/slides': { kind: 'own', reason: "adds a slide to the caller's business" },
  'GET /api/slides/{slideId}': record((r) => ({ url: `/api/slides/${r.slide.id}` }), false),
  'PATCH /api/slides/{slideId}': record(
    (r) => ({
      url: `/api/slides/${r.slide.id}`,
      payload: { title: 'Taken over', ...version(r.slide) },
    }),
    false,
  ),
  'DELETE /api/slides/{slideId}': record(
    (r) => ({
      url: `/api/slides/${r.slide.id}?version=${r.slide.version}`,
    }),
    false,
  ),
  'PUT /api/slides/{slideId}/image': record(
    (r) => ({
      url: `/api/slides/${r.slide.id}/image`,
      image: true,
    }),
    false,
  ),
  'GET /api/trash': { kind: 'reads' },
  // Filtered by A's admin, B's log answers empty: a filter never reaches another business.
  'GET /api/audit-log': { kind: 'reads', request: (r) => ({ url: `/api/audit-log?actorId=${r.admin.id}` }) },
  'GET /api/audit-log/actors': { kind: 'reads' },
  // Restoring is the owner's: an admin is refused before the record is looked for.
  'POST /api/trash/{kind}/{id}/restore': {
    kind: 'names',
    request: (r) => ({ url: `/api/trash/slides/${r.deletedSlide}/restore` }),
    owner: 404,
    admin: 403,
    zone: null,
  },
  'GET /api/orders': filtered((r) => ({ url: `/api/orders?zoneId=${r.zone}&storeId=${r.store.id}` })),
  'GET /api/orders/export.csv': filtered((r) => ({ url: `/api/orders/export.csv?zoneId=${r.zone}` })),
  'POST /api/orders/status': record((r) => ({
    url: '/api/orders/status',
    payload: { orders: [{ id: r.order.id, version: r.order.version }], status: -1 },
  })),
  'GET /api/orders/{orderId}': record((r) => ({ url: `/api/orders/${r.order.id}` })),
  'POST /api/orders/{orderId}/status': record((r) => ({
    url: `/api/orders/${r.order.id}/status`,
    payload: { status: -1, ...version(r.order) },
  })),
  // Printing another's bill would give their order an invoice number: it is not found before anything is written.
  'POST /api/orders/{orderId}/bill': record((r) => ({ url: `/api/orders/${r.order.id}/bill` })),
  'POST /api/orders/{orderId}/payment': record((r) => ({
    url: `/api/orders/${r.order.id}/payment`,
    payload: version(r.order),
  })),
  'PATCH /api/orders/{orderId}/items': record((r) => ({
    url: `/api/orders/${r.order.id}/items`,
    payload: { items: [{ itemId: r.item.id, quantity: 1 }], ...version(r.order) },
  })),
  'POST /api/orders/{orderId}/slot': record((r) => ({
    url: `/api/orders/${r.order.id}/slot`,
    payload: { slotId: new Date(Date.now() + 86_400_000).toISOString(), ...version(r.order) },
  })),
  'GET /api/orders/{orderId}/refunds': record((r) => ({ url: `/api/orders/${r.order.id}/refunds` })),
  'POST /api/orders/{orderId}/refunds': record((r) => ({
    url: `/api/orders/${r.order.id}/refunds`,
    payload: { amountPaise: 100, ...version(r.order) },
  })),
  'GET /api/admins': filtered((r) => ({ url: `/api/admins?zoneId=${r.zone}` })),
  'POST /api/admins': placedIn((r) => ({
    url: '/api/admins',
    payload: {
      name: 'Planted Admin',
      email: `planted.${randomBytes(3).toString('hex')}@example.test`,
      phone: '+91-9000000009',
      password: 'planted-admin-1',
      zoneId: r.zone,
    },
  })),
  'GET /api/admins/{userId}': record((r) => ({ url: `/api/admins/${r.admin.id}` })),
  'PATCH /api/admins/{userId}': record((r) => ({
    url: `/api/admins/${r.admin.id}`,
    payload: { name: 'Taken over', ...version(r.admin) },
  })),
  'DELETE /api/admins/{userId}': record((r) => ({
    url: `/api/admins/${r.admin.id}?version=${r.admin.version}`,
  })),
  'GET /api/delivery-executives': filtered((r) => ({ url: `/api/delivery-executives?zoneId=${r.zone}` })),
  'POST /api/delivery-executives': placedIn((r) => ({
    url: '/api/delivery-executives',
    payload: {
      name: 'Planted Rider',
      email: `rider.${randomBytes(3).toString('hex')}@example.test`,
      phone: '+91-9000000008',
      password: 'planted-rider-1',
      zoneId: r.zone,
    },
  })),
  'GET /api/delivery-executives/{userId}': record((r) => ({ url: `/api/delivery-executives/${r.dex.id}` })),
  'PATCH /api/delivery-executives/{userId}': record((r) => ({
    url: `/api/delivery-executives/${r.dex.id}`,
    payload: { name: 'Taken over', ...version(r.dex) },
  })),
  'DELETE /api/delivery-executives/{userId}': record((r) => ({
    url: `/api/delivery-executives/${r.dex.id}?version=${r.dex.version}`,
  })),
  // The dashboard checks the zone it is asked for against the business's own.
  'GET /api/dashboard': filtered((r) => ({ url: `/api/dashboard?zoneId=${r.zone}` }), 400),
  // Reports check the zone as the dashboard does. Without one, the caller's own scope by store, on the
  // day A's executives delivered: none of A's stores for B, none of the South zone's for the North admin.
  'GET /api/reports/sales': filtered(
    (r) => ({ url: `/api/reports/sales?from=2026-03-01&to=2026-03-31&zoneId=${r.zone}` }),
    400,
    (r) => ({ url: `/api/reports/sales?from=${r.cash.day}&to=${r.cash.day}&groupBy=store` }),
  ),
  'GET /api/reports/sales.csv': filtered(
    (r) => ({ url: `/api/reports/sales.csv?from=2026-03-01&to=2026-03-31&zoneId=${r.zone}` }),
    400,
    (r) => ({ url: `/api/reports/sales.csv?from=${r.cash.day}&to=${r.cash.day}&groupBy=store` }),
  ),
  // The GST report likewise: on the day A's executives delivered, the invoices of the caller's own scope.
  'GET /api/reports/gst': filtered(
    (r) => ({ url: `/api/reports/gst?from=2026-03-01&to=2026-03-31&zoneId=${r.zone}` }),
    400,
    (r) => ({ url: `/api/reports/gst?from=${r.cash.day}&to=${r.cash.day}` }),
  ),
  'GET /api/reports/gst.csv': filtered(
    (r) => ({ url: `/api/reports/gst.csv?from=2026-03-01&to=2026-03-31&zoneId=${r.zone}` }),
    400,
    (r) => ({ url: `/api/reports/gst.csv?from=${r.cash.day}&to=${r.cash.day}` }),
  ),
  // The payments report likewise: on the day A's executives delivered, the caller's own scope's.
  'GET /api/reports/payments': filtered(
    (r) => ({ url: `/api/reports/payments?from=2026-03-01&to=2026-03-31&zoneId=${r.zone}` }),
    400,
    (r) => ({ url: `/api/reports/payments?from=${r.cash.day}&to=${r.cash.day}` }),
  ),
  'GET /api/reports/payments.csv': filtered(
    (r) => ({ url: `/api/reports/payments.csv?from=2026-03-01&to=2026-03-31&zoneId=${r.zone}` }),
    400,
    (r) => ({ url: `/api/reports/payments.csv?from=${r.cash.day}&to=${r.cash.day}` }),
  ),
  // The ratings report likewise: the ratings of the caller's own scope on the day A's executives delivered.
  'GET /api/reports/ratings': filtered(
    (r) => ({ url: `/api/reports/ratings?from=2026-03-01&to=2026-03-31&zoneId=${r.zone}` }),
    400,
    (r) => ({ url: `/api/reports/ratings?from=${r.cash.day}&to=${r.cash.day}` }),
  ),
  'GET /api/settings/business': { kind: 'reads' },
  'PATCH /api/settings/business': { kind: 'own', reason: "changes the caller's business" },
  'POST /api/settings/business/storefront-key': {
    kind: 'own',
    reason: "replaces the caller's business's key",
  },
  'GET /api/settings/payment-modes': { kind: 'reads' },
  'POST /api/settings/payment-modes': { kind: 'own', reason: "adds a mode to the caller's business" },
  'PATCH /api/settings/payment-modes/{id}': record(
    (r) => ({
      url: `/api/settings/payment-modes/${r.paymentMode.id}`,
      payload: { title: 'Taken over', ...version(r.paymentMode) },
    }),
    false,
  ),
  'DELETE /api/settings/payment-modes/{id}': record(
    (r) => ({
      url: `/api/settings/payment-modes/${r.paymentMode.id}?version=${r.paymentMode.version}`,
    }),
    false,
  ),
  'GET /api/settings/helplines': { kind: 'reads' },
  'POST /api/settings/helplines': { kind: 'own', reason: "adds a helpline to the caller's business" },
  'PATCH /api/settings/helplines/{id}': record(
    (r) => ({
      url: `/api/settings/helplines/${r.helpline.id}`,
      payload: { title: 'Taken over', phoneNumber: '1800123456', ...version(r.helpline) },
    }),
    false,
  ),
  'DELETE /api/settings/helplines/{id}': record(
    (r) => ({
      url: `/api/settings/helplines/${r.helpline.id}?version=${r.helpline.version}`,
    }),
    false,
  ),
  'GET /api/settings/order': { kind: 'reads' },
  'PUT /api/settings/order': { kind: 'own', reason: "changes the caller's business's settings" },
  'GET /api/settings/referral': { kind: 'reads' },
  'PUT /api/settings/referral': { kind: 'own', reason: "changes the caller's business's settings" },
  'GET /api/settings/notifications': { kind: 'reads' },
  'PUT /api/settings/notifications': { kind: 'own', reason: "changes the caller's business's settings" },
  // B's list is B's keys: none of A's names, ids or secrets.
  'GET /api/settings/api-keys': { kind: 'reads' },
  'POST /api/settings/api-keys': { kind: 'own', reason: "makes a key of the caller's business" },
  // A's key is unknown to B's owner and stays live; an admin is refused before it is looked for.
  'DELETE /api/settings/api-keys/{keyId}': record(
    (r) => ({ url: `/api/settings/api-keys/${r.apiKey}` }),
    false,
  ),
  // The caller's business's texts of the day: its own test below tells A's from B's.
  'GET /api/settings/sms-usage': { kind: 'reads' },
  'GET /api/coupons': { kind: 'reads' },
  // A coupon limited to A's store names a store the business does not have.
  'POST /api/coupons': placedIn(
    (r) => ({
      url: '/api/coupons',
      payload: {
        code: `PLANT${randomBytes(2).toString('hex').toUpperCase()}`,
        name: 'Planted',
        validFrom: today(),
        expiresAt: today(),
        type: 'DISCOUNT',
        discountPercent: 10,
        maxDiscountPaise: 5_000,
        minOrderValuePaise: 0,
        availStartTime: '00:00',
        availEndTime: '23:59',
        usageLimit: 5,
        storeIds: [r.store.id],
      },
    }),
    false,
  ),
  'PATCH /api/coupons/{code}': record(
    (r) => ({
      url: `/api/coupons/${r.coupon.code}`,
      payload: { usageType: 'CLOSE', ...version(r.coupon) },
    }),
    false,
  ),
  'GET /api/customers': { kind: 'reads', request: () => ({ url: '/api/customers?pageSize=25' }) },
  'GET /api/customers/{customerId}': record(
    () => ({ url: `/api/customers/${aCustomer.customer.id}` }),
    false,
  ),
  'GET /api/customers/{customerId}/orders': record(
    () => ({ url: `/api/customers/${aCustomer.customer.id}/orders` }),
    false,
  ),
  'PATCH /api/customers/{customerId}': record(
    () => ({ url: `/api/customers/${aCustomer.customer.id}`, payload: { blocked: true } }),
    false,
  ),
  'GET /api/push-notifications': { kind: 'reads' },
  'POST /api/push-notifications': { kind: 'own', reason: "sends to the caller's business's customers" },
  'GET /api/storefront/push/public-key': {
    kind: 'key',
    request: () => ({ url: '/api/storefront/push/public-key' }),
    status: 200,
    keyed: { request: () => ({ url: '/api/storefront/push/public-key' }), status: 200 },
  },
  // A subscription is the key's business's own: another business's endpoint is another subscription.
  // B's system registering A's customer's device makes a new one of B's (201), never renews A's (200).
  'POST /api/storefront/push-subscriptions': {
    kind: 'own',
    reason: "subscribes to the key's business",
    keyed: {
      request: (r) => ({
        url: '/api/storefront/push-subscriptions',
        payload: deviceOf(r.pushEndpoints.registered),
      }),
      status: 201,
    },
  },
  // A's customer's device is unknown to B's system.
  'DELETE /api/storefront/push-subscriptions': {
    kind: 'own',
    reason: "unsubscribes from the key's business",
    keyed: {
      request: (r) => ({
        url: '/api/storefront/push-subscriptions',
        payload: { endpoint: r.pushEndpoints.removed },
      }),
      status: 404,
    },
  },
  // B's key alone places no order (neither a customer nor a secret key came: 401); with B's secret
  // key, A's store is unknown to B's own system.
  'POST /api/storefront/orders': {
    kind: 'key',
    request: (r) => ({ url: '/api/storefront/orders', payload: keyedOrderOf(r.store.id, r.item.id) }),
    status: 401,
    keyed: {
      request: (r) => ({ url: '/api/storefront/orders', payload: keyedOrderOf(r.store.id, r.item.id) }),
      status: 404,
    },
    // A signed-in customer ordering to A's customer's saved address: not theirs, whoever they are.
    signedIn: {
      request: (r) => ({
        url: '/api/storefront/orders',
        payload: {
          storeId: r.store.id,
          items: [{ itemId: r.item.id, quantity: 1 }],
          addressId: r.address,
          paymentMode: 'COD',
        },
      }),
      status: 404,
    },
  },
  // A code for A's customer's phone asked for with B's key is B's code: nothing of A's is written.
  'POST /api/storefront/auth/code': {
    kind: 'key',
    request: (r) => ({ url: '/api/storefront/auth/code', payload: { phone: r.customerPhone } }),
    status: 202,
    keyed: {
      request: (r) => ({ url: '/api/storefront/auth/code', payload: { phone: r.customerPhone } }),
      status: 202,
    },
  },
  // A's live code for A's customer's phone does not sign in with B's key (and stays unused for A).
  'POST /api/storefront/auth/verify': {
    kind: 'key',
    request: (r) => ({
      url: '/api/storefront/auth/verify',
      payload: { phone: r.customerPhone, code: r.liveCode },
    }),
    status: 400,
    keyed: {
      request: (r) => ({
        url: '/api/storefront/auth/verify',
        payload: { phone: r.customerPhone, code: r.liveCode },
      }),
      status: 400,
    },
  },
  'POST /api/storefront/auth/sign-out': { kind: 'own', reason: 'ends the session it is sent with' },
  'GET /api/storefront/account': {
    kind: 'customer',
    requests: () => [{ url: '/api/storefront/account' }],
    status: 200,
  },
  'PATCH /api/storefront/account': { kind: 'own', reason: 'renames the customer signed in' },
  'GET /api/storefront/addresses': {
    kind: 'customer',
    requests: () => [{ url: '/api/storefront/addresses' }],
    status: 200,
  },
  'POST /api/storefront/addresses': { kind: 'own', reason: 'saves an address for the customer signed in' },
  'DELETE /api/storefront/addresses/{addressId}': {
    kind: 'customer',
    requests: (r) => [{ url: `/api/storefront/addresses/${r.address}` }],
    status: 404,
  },
  'GET /api/storefront/orders': {
    kind: 'customer',
    requests: () => [{ url: '/api/storefront/orders' }, { url: '/api/storefront/orders?page=0&pageSize=25' }],
    status: 200,
  },
  // A's customer's order, and an order of A's own system (its secret key), on no customer's account.
  'GET /api/storefront/orders/{orderId}': {
    kind: 'customer',
    requests: (r) => [
      { url: `/api/storefront/orders/${r.customerOrder}` },
      { url: `/api/storefront/orders/${r.order.id}` },
    ],
    status: 404,
  },
  'POST /api/storefront/orders/{orderId}/cancel': {
    kind: 'customer',
    requests: (r) => [
      { url: `/api/storefront/orders/${r.customerOrder}/cancel`, payload: { reason: 'OTHER' } },
      { url: `/api/storefront/orders/${r.order.id}/cancel`, payload: {} },
    ],
    status: 404,
  },
  'POST /api/storefront/orders/{orderId}/upi-paid': {
    kind: 'customer',
    requests: (r) => [
      { url: `/api/storefront/orders/${r.customerOrder}/upi-paid`, payload: { reference: '433512345678' } },
      { url: `/api/storefront/orders/${r.order.id}/upi-paid`, payload: { reference: '433512345678' } },
    ],
    status: 404,
  },
  'PUT /api/storefront/orders/{orderId}/rating': {
    kind: 'customer',
    requests: (r) => [
      { url: `/api/storefront/orders/${r.customerOrder}/rating`, payload: { stars: 5 } },
      { url: `/api/storefront/orders/${r.order.id}/rating`, payload: { stars: 5 } },
    ],
    status: 404,
  },
  // The walk's app takes payment online (through the stand-in gateway): another's order is unknown.
  'POST /api/storefront/orders/{orderId}/payment': {
    kind: 'customer',
    requests: (r) => [
      { url: `/api/storefront/orders/${r.customerOrder}/payment` },
      { url: `/api/storefront/orders/${r.order.id}/payment` },
    ],
    status: 404,
  },
  'POST /api/storefront/orders/{orderId}/payment/verify': {
    kind: 'customer',
    requests: (r) =>
      [r.customerOrder, r.order.id].map((orderId) => ({
        url: `/api/storefront/orders/${orderId}/payment/verify`,
        payload: { paymentId: 'pay_Walk1', gatewayOrderId: 'order_Walk1', signature: 'a'.repeat(64) },
      })),
    status: 404,
  },
  // A tip for A's customer's order, or A's executive's: unknown to anyone else (ADR 0073).
  'POST /api/storefront/orders/{orderId}/tip': {
    kind: 'customer',
    requests: (r) =>
      [r.customerOrder, r.order.id].map((orderId) => ({
        url: `/api/storefront/orders/${orderId}/tip`,
        payload: { amountPaise: 2_000 },
      })),
    status: 404,
  },
  'POST /api/storefront/orders/{orderId}/tip/verify': {
    kind: 'customer',
    requests: (r) =>
      [r.customerOrder, r.order.id].map((orderId) => ({
        url: `/api/storefront/orders/${orderId}/tip/verify`,
        payload: { paymentId: 'pay_Walk1', gatewayOrderId: 'order_Walk1', signature: 'a'.repeat(64) },
      })),
    status: 404,
  },
  'POST /api/payments/razorpay/webhook': { kind: 'public' },
  'GET /api/storefront/slides': {
    kind: 'key',
    request: () => ({ url: '/api/storefront/slides' }),
    status: 200,
    keyed: { request: () => ({ url: '/api/storefront/slides' }), status: 200 },
  },
  'GET /api/storefront/business': {
    kind: 'key',
    request: () => ({ url: '/api/storefront/business' }),
    status: 200,
    keyed: { request: () => ({ url: '/api/storefront/business' }), status: 200 },
  },
  // At A's stores' very point: B's key must find none of them.
  'GET /api/storefront/stores': {
    kind: 'key',
    request: () => ({ url: '/api/storefront/stores?lat=12.9&lng=77.6' }),
    status: 200,
    keyed: { request: () => ({ url: '/api/storefront/stores?lat=12.9&lng=77.6' }), status: 200 },
  },
  'GET /api/storefront/stores/{storeId}/catalogue': {
    kind: 'key',
    request: (r) => ({ url: `/api/storefront/stores/${r.store.id}/catalogue` }),
    status: 404,
    keyed: { request: (r) => ({ url: `/api/storefront/stores/${r.store.id}/catalogue` }), status: 404 },
  },
  'GET /api/storefront/stores/{storeId}/slots': {
    kind: 'key',
    request: (r) => ({ url: `/api/storefront/stores/${r.store.id}/slots` }),
    status: 404,
    keyed: { request: (r) => ({ url: `/api/storefront/stores/${r.store.id}/slots` }), status: 404 },
  },
  'POST /api/storefront/quote': {
    kind: 'key',
    request: (r) => ({
      url: '/api/storefront/quote',
      payload: { storeId: r.store.id, items: [{ itemId: r.item.id, quantity: 1 }] },
    }),
    status: 404,
    keyed: {
      request: (r) => ({
        url: '/api/storefront/quote',
        payload: { storeId: r.store.id, items: [{ itemId: r.item.id, quantity: 1 }] },
      }),
      status: 404,
    },
  },
  'POST /api/onboarding/account': { kind: 'public' },
  'POST /api/onboarding/verification-email': { kind: 'public' },
  'GET /api/onboarding/verify': { kind: 'public' },
  'POST /api/onboarding': { kind: 'public' },
  'GET /api/map/tiles': { kind: 'reads' },
  // Its scope is proved by the events tests: a stream hears only its business's events, and an
  // admin only their zone's (events.routes.test.ts).
  'GET /api/events': { kind: 'own', reason: "streams the caller's business's events" },
  // Its scope is proved by customer-events.test.ts: a customer's stream carries their own orders'
  // events only, and another business's customer is refused.
  'GET /api/storefront/events': { kind: 'own', reason: "streams the signed-in customer's own orders" },

  // The delivery app (ADR 0042).
  'POST /api/delivery/sign-in': { kind: 'public' },
  'POST /api/delivery/forgot-password': { kind: 'public' },
  'POST /api/delivery/reset-password': { kind: 'public' },
  'POST /api/delivery/sign-out': { kind: 'own', reason: 'ends the session it is sent with' },
  'GET /api/delivery/session': {
    kind: 'executive',
    requests: () => [{ url: '/api/delivery/session' }],
    status: 200,
  },
  'PUT /api/delivery/duty': { kind: 'own', reason: 'puts the executive signed in on or off duty' },
  'POST /api/delivery/location': { kind: 'own', reason: "records the signed-in executive's position" },
  'GET /api/delivery/orders': {
    kind: 'executive',
    requests: () => [{ url: '/api/delivery/orders' }],
    status: 200,
  },
  // A's executive's Confirmed order, picked up, and delivered with its real code and the cash.
  'POST /api/delivery/orders/{orderId}/status': {
    kind: 'executive',
    requests: (r) => [
      { url: `/api/delivery/orders/${r.order.id}/status`, payload: { status: 2, ...version(r.order) } },
      {
        url: `/api/delivery/orders/${r.order.id}/status`,
        payload: { status: -2, code: r.deliveryCode, cashCollected: true, ...version(r.order) },
      },
    ],
    status: 404,
  },
  // Their own deliveries only: none of A's executive's.
  'GET /api/delivery/earnings': {
    kind: 'executive',
    requests: () => [{ url: '/api/delivery/earnings' }, { url: '/api/delivery/earnings?period=week' }],
    status: 200,
  },
  // A cash tip on A's executive's order: not the caller's delivery.
  'POST /api/delivery/orders/{orderId}/tip': {
    kind: 'executive',
    requests: (r) => [{ url: `/api/delivery/orders/${r.order.id}/tip`, payload: { amountPaise: 2_000 } }],
    status: 404,
  },
  // The streams' own test below: another executive's stream carries none of A's executive's orders.
  'GET /api/delivery/events': { kind: 'own', reason: "streams the signed-in executive's own orders" },
  'GET /api/delivery/push/public-key': {
    kind: 'executive',
    requests: () => [{ url: '/api/delivery/push/public-key' }],
    status: 200,
  },
  'POST /api/delivery/push-subscriptions': {
    kind: 'own',
    reason: "registers a device of the executive signed in, in the executive's business",
  },
  'DELETE /api/delivery/push-subscriptions': {
    kind: 'own',
    reason: "removes a device of the executive signed in, in the executive's business",
  },

  // Dispatch (ADR 0042): zone-scoped like the order list.
  'GET /api/dispatch': filtered(
    (r) => ({ url: `/api/dispatch?zoneId=${r.zone}` }),
    200,
    () => ({ url: '/api/dispatch' }),
  ),
  'GET /api/dispatch/positions': {
    kind: 'stream',
    request: (r) => ({ url: `/api/dispatch/positions?zoneId=${r.zone}` }),
    owner: 200,
    admin: 403,
    zone: 403,
  },
  // A's store: unknown outside A, and outside its zone.
  'GET /api/dispatch/executives': record((r) => ({ url: `/api/dispatch/executives?storeId=${r.store.id}` })),
  'GET /api/dispatch/cash': filtered(
    (r) => ({ url: `/api/dispatch/cash?from=${r.cash.day}&to=${r.cash.day}&zoneId=${r.zone}` }),
    200,
    (r) => ({ url: `/api/dispatch/cash?from=${r.cash.day}&to=${r.cash.day}` }),
  ),
  'GET /api/dispatch/cash.csv': filtered(
    (r) => ({ url: `/api/dispatch/cash.csv?from=${r.cash.day}&to=${r.cash.day}&zoneId=${r.zone}` }),
    200,
    (r) => ({ url: `/api/dispatch/cash.csv?from=${r.cash.day}&to=${r.cash.day}` }),
  ),
  // Payouts (ADR 0073): zone-scoped like the cash; paying A's executive is paying someone unknown.
  'GET /api/payouts': filtered(
    (r) => ({ url: `/api/payouts?from=${r.cash.day}&to=${r.cash.day}&zoneId=${r.zone}` }),
    200,
    (r) => ({ url: `/api/payouts?from=${r.cash.day}&to=${r.cash.day}` }),
  ),
  'GET /api/payouts.csv': filtered(
    (r) => ({ url: `/api/payouts.csv?from=${r.cash.day}&to=${r.cash.day}&zoneId=${r.zone}` }),
    200,
    (r) => ({ url: `/api/payouts.csv?from=${r.cash.day}&to=${r.cash.day}` }),
  ),
  'POST /api/payouts': {
    kind: 'names',
    request: (r) => ({
      url: '/api/payouts',
      payload: { executiveId: r.dex.id, from: r.cash.day, to: r.cash.day, netPaise: -r.cash.collectedPaise },
    }),
    owner: 404,
    admin: 404,
    zone: 404,
  },
  // A's executive's cash of the day, as A's screen shows it: the caller has no such cash to settle.
  'POST /api/dispatch/cash/settlements': {
    kind: 'names',
    request: (r) => ({
      url: '/api/dispatch/cash/settlements',
      payload: { executiveId: r.dex.id, day: r.cash.day, collectedPaise: r.cash.collectedPaise },
    }),
    owner: 400,
    admin: 400,
    zone: 400,
  },
};

/** A browser's PushSubscription for `endpoint` (a public push service's address), with keys of its own. */
function deviceOf(endpoint: string) {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  return {
    endpoint,
    keys: {
      p256dh: browser.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** An order as a business's own system places it: the customer, the address and the payment mode named. */
function keyedOrderOf(storeId: string, itemId: string) {
  return {
    customer: { name: 'Planted Customer', phone: '9822222222' },
    storeId,
    items: [{ itemId, quantity: 1 }],
    deliveryAddress: { label: 'Shop', text: '1 Ring Road', lat: 12.9, lng: 77.6 },
    paymentMode: 'COD',
  };
}

let ctx: TestApp;
let a: TestBusiness;
let b: TestBusiness;
let aOwner: Session;
let northAdmin: Session;
let gateway: PaymentsGateway;
let bOwner: Session;
let bAdmin: Session;
/** A's North executive (whose order is named), another executive of A's North zone, B's executive. */
let aExecutive: Session;
let aOtherExecutive: Session;
let bExecutive: Session;
/** The order assigned to the other executive of A: their own list must show exactly it. */
let aOtherExecutiveOrder: string;
let baseUrl: string;
/** A's customer whose records are named; another customer of A; a customer of B. */
let aCustomer: CustomerSession;
let aOtherCustomer: CustomerSession;
let bCustomer: CustomerSession;
/** What the other customer of A and B's customer have of their own: their lists must show exactly these. */
const ownOf = new Map<CustomerSession, { addresses: string[]; orders: string[] }>();
let operations: Array<{ method: string; path: string; access: string }>;
let north: Records;
let south: Records;
/** Every id and name of A's records: none may be in an answer to B. */
const markersOfA = new Set<string>();
/** The South zone's: none may be in an answer to the North admin. */
const markersOfSouth = new Set<string>();
/** A's customer's, and the orders of A's own system: none may be in an answer to another customer of A. */
const markersOfCustomer = new Set<string>();
/** A's North executive's orders: none may be in an answer to another executive of A. */
const markersOfExecutive = new Set<string>();

const tag = randomBytes(3).toString('hex');
/** A's ceiling of texts a day, not the default B keeps: an answer of B's with it would be A's. */
const aTextsADay = 321;
const today = () => businessDay(new Date(), 'Asia/Kolkata');

function send(session: { headers: Record<string, string> }, method: string, request: Request) {
  if (!request.image) {
    return ctx.app.inject({
      method: method as 'GET',
      url: request.url,
      headers: {
        ...session.headers,
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      },
      ...(request.payload ? { payload: request.payload } : {}),
    });
  }
  const boundary = `----walk${tag}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    makePng(4, 4),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: method as 'PUT',
    url: request.url,
    payload,
    headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function made<T>(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<T> {
  const res = await send(aOwner, method, { url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.statusCode === 204 ? undefined : res.json()) as T;
}

/** A cash-on-delivery order of A's store, placed by A's own system with its secret key. */
async function placeCod(storeId: string, itemId: string, customerName: string, phone: string) {
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: { 'x-storefront-key': a.storefrontKey, authorization: `Bearer ${a.apiKey}` },
    payload: { ...keyedOrderOf(storeId, itemId), customer: { name: customerName, phone } },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ id: string }>().id;
}

const orderVersion = async (orderId: string) => {
  const res = await send(aOwner, 'GET', { url: `/api/orders/${orderId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ version: number }>().version;
};

/** A's owner confirms an order with an executive, as the console's picker does. */
async function assign(orderId: string, dexId: string) {
  await made('POST', `/api/orders/${orderId}/status`, {
    status: 1,
    dexId,
    version: await orderVersion(orderId),
  });
}

/** The 4 digits an order's customer would give its executive at the door. */
async function deliveryCodeOf(orderId: string): Promise<string> {
  const { rows } = await ctx.db.execute<{ code: string }>(
    sql`SELECT delivery_code AS code FROM orders WHERE id = ${orderId}`,
  );
  expect(rows[0]?.code, `the delivery code of ${orderId}`).toMatch(/^\d{4}$/);
  return rows[0]!.code;
}

/** The executive picks up their order and delivers it with the customer's code, collecting the cash. */
async function deliver(executive: Session, orderId: string) {
  const url = `/api/delivery/orders/${orderId}/status`;
  const picked = await send(executive, 'POST', {
    url,
    payload: { status: 2, version: await orderVersion(orderId) },
  });
  expect(picked.statusCode, picked.body).toBe(200);
  const delivered = await send(executive, 'POST', {
    url,
    payload: {
      status: -2,
      version: picked.json<{ version: number }>().version,
      code: await deliveryCodeOf(orderId),
      cashCollected: true,
    },
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
}

/** The executive's cash of the day it was collected, as A's owner's Dispatch shows it. */
async function cashOf(dexId: string): Promise<Records['cash']> {
  const around = (days: number) => businessDay(new Date(Date.now() + days * 86_400_000), 'Asia/Kolkata');
  const res = await send(aOwner, 'GET', { url: `/api/dispatch/cash?from=${around(-1)}&to=${around(1)}` });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res
    .json<{ items: { executiveId: string; day: string; collectedPaise: number }[] }>()
    .items.filter((row) => row.executiveId === dexId);
  expect(rows, `the cash of ${dexId}`).toHaveLength(1);
  expect(rows[0]!.collectedPaise).toBeGreaterThan(0);
  return { day: rows[0]!.day, collectedPaise: rows[0]!.collectedPaise };
}

/** An executive of A's zone signed in to the delivery app (zoneRecords gave them this password). */
const signInRider = (label: 'North' | 'South') =>
  signInExecutive(ctx.app, `rider.${label.toLowerCase()}.${tag}@example.test`, 'rider-secret-1');

type OpenStream = {
  status: number;
  /** What arrived so far (a refusal's whole body). */
  body: () => string;
  /** Whether `needle` arrives within `ms`. */
  until: (needle: string, ms: number) => Promise<boolean>;
  /** Whether the server ends the stream within `ms`: what arrived by then is all it was sent. */
  ended: (ms: number) => Promise<boolean>;
  close: () => void;
};

/** A live stream over real HTTP (inject would wait for its end): its status, and what it carries. */
async function openStream(session: Session, url: string): Promise<OpenStream> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5000);
  const res = await fetch(`${baseUrl}${url}`, { headers: session.headers, signal: controller.signal });
  clearTimeout(timer);
  let text = '';
  let done = false;
  if (res.headers.get('content-type')?.startsWith('text/event-stream') && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const read = await reader.read();
          if (read.done) break;
          text += decoder.decode(read.value, { stream: true });
        }
      } catch {
        // Closed by the test.
      } finally {
        done = true;
      }
    })();
  } else {
    text = await res.text();
    done = true;
  }
  const until = async (check: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!check() && Date.now() < deadline) await pause(50);
    return check();
  };
  return {
    status: res.status,
    body: () => text,
    until: (needle, ms) => until(() => text.includes(needle), ms),
    ended: (ms) => until(() => done, ms),
    close: () => controller.abort(),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stream's status and all it carried: a refusal's body, or what an open stream was sent until the
 * server ended it, its session (one of the person's own for this) signed out at once.
 */
async function streamBriefly(person: { email: string }, request: Request) {
  const session = await signIn(ctx.app, person.email);
  const stream = await openStream(session, request.url);
  if (stream.status === 200) {
    expect((await send(session, 'POST', { url: '/api/auth/sign-out' })).statusCode).toBe(204);
    expect(await stream.ended(5000), `${request.url} ends with its session`).toBe(true);
  }
  stream.close();
  return { statusCode: stream.status, body: stream.body() };
}

/** A store of A in `zoneId`, open, with a category, an item, an order and an executive. */
async function zoneRecords(zoneId: string, label: string, markers: Set<string>) {
  const name = `${label} ${tag}`;
  const store = await made<Ref>('POST', '/api/stores', {
    name: `${name} Store`,
    featured: 1,
    location: 'Ring Road',
    description: 'Groceries',
    phone: '9876543210',
    openTime: '00:00',
    closeTime: '23:59',
    latitude: 12.9,
    longitude: 77.6,
    zoneId,
  });
  await made('POST', '/api/stores/status', { storeIds: [store.id], status: 1 });
  const category = await made<Ref>('POST', `/api/stores/${store.id}/categories`, { name: `${name} Greens` });
  const item = await made<Ref & { variants: Array<{ id: string }> }>(
    'POST',
    `/api/stores/${store.id}/items`,
    {
      name: `${name} Spinach`,
      categoryId: category.id,
      featured: 0,
      pricePaise: 20_000,
    },
  );
  const variant = item.variants[0]!.id;
  const order = {
    id: await placeCod(store.id, item.id, `${name} Customer`, `98${String(markers.size).padStart(8, '0')}`),
  };
  const dex = await made<Ref>('POST', '/api/delivery-executives', {
    name: `${name} Rider`,
    email: `rider.${label.toLowerCase()}.${tag}@example.test`,
    phone: '+91-9000000001',
    password: 'rider-secret-1',
    zoneId,
  });
  for (const marker of [store.id, category.id, item.id, variant, order.id, dex.id, name]) markers.add(marker);
  return { store: store.id, category: category.id, item: item.id, variant, order: order.id, dex: dex.id };
}

/** A's records as they are now, with their current versions: a write that slipped through would succeed. */
async function current(
  ids: Record<string, string>,
  base: Omit<Records, 'store' | 'category' | 'item' | 'variant' | 'order' | 'dex' | 'admin' | 'deliveryCode'>,
  adminId: string,
): Promise<Records> {
  const read = async (url: string) => {
    const res = await send(aOwner, 'GET', { url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<{ version: number; name: string }>();
  };
  const versionOf = async (url: string) => (await read(url)).version;
  const store = await read(`/api/stores/${ids.store}`);
  return {
    ...base,
    store: { id: ids.store!, version: store.version, name: store.name },
    category: {
      id: ids.category!,
      version: await versionOf(`/api/stores/${ids.store}/categories/${ids.category}`),
    },
    item: { id: ids.item!, version: await versionOf(`/api/stores/${ids.store}/items/${ids.item}`) },
    variant: ids.variant!,
    order: { id: ids.order!, version: await versionOf(`/api/orders/${ids.order}`) },
    deliveryCode: await deliveryCodeOf(ids.order!),
    dex: { id: ids.dex!, version: await versionOf(`/api/delivery-executives/${ids.dex}`) },
    admin: { id: adminId, version: await versionOf(`/api/admins/${adminId}`) },
  };
}

/**
 * A digest of every row of A's in the tables the API writes. `caller` is a customer of A whose own
 * sessions are left out: using a session may note when it was last seen, which is the caller's own.
 */
async function footprintOfA(caller?: CustomerSession): Promise<Record<string, string | null>> {
  const tables = [
    'zones',
    'stores',
    'categories',
    'items',
    'item_variants',
    'stock_adjustments',
    'slides',
    'users',
    'orders',
    'order_events',
    'daily_stats',
    'coupons',
    'payment_modes',
    'helplines',
    'customers',
    'customer_addresses',
    'customer_sessions',
    'customer_codes',
    'executive_presence',
    'executive_trail',
    'cash_settlements',
    'passkeys',
    'api_keys',
    'sms_usage',
    'referral_claims',
    'push_subscriptions',
  ];
  const digests: Record<string, string | null> = {};
  for (const table of tables) {
    const others =
      caller && table === 'customer_sessions' ? ` AND customer_id <> '${caller.customer.id}'` : '';
    const { rows } = await ctx.db.execute<{ digest: string | null }>(
      sql.raw(
        `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${table} t WHERE business_id = '${a.id}'${others}`,
      ),
    );
    digests[table] = rows[0]!.digest;
  }
  return digests;
}

beforeAll(async () => {
  gateway = await startPaymentsGateway();
  ctx = await createTestApp({ env: { PAYMENTS_URL: gateway.paymentsUrl } });
  a = await createBusiness(ctx.db, { name: `Alpha ${tag}` });
  b = await createBusiness(ctx.db, { name: `Beta ${tag}` });
  [aOwner, northAdmin, bOwner, bAdmin, aOtherExecutive, bExecutive] = await Promise.all([
    signIn(ctx.app, a.owner.email),
    signIn(ctx.app, a.admin.email),
    signIn(ctx.app, b.owner.email),
    signIn(ctx.app, b.admin.email),
    signInExecutive(ctx.app, a.dex.email),
    signInExecutive(ctx.app, b.dex.email),
  ]);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const res = await ctx.app.inject({ url: '/api/openapi.json' });
  const paths = res.json<{ paths: Record<string, Record<string, { 'x-access': string }>> }>().paths;
  operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, access: op['x-access'] })),
  );

  // Both businesses give tax invoices: A's delivered orders are numbered, so B's GST report, and the
  // North admin's, would show any of them they were given.
  await ctx.db.execute(
    sql`UPDATE businesses SET gstin = '27AAPFU0939F1ZV' WHERE id IN (${a.id}::uuid, ${b.id}::uuid)`,
  );

  // Orders name a payment mode the business takes: B's too, so that B's own system's order for A's
  // store is refused for the store, not for the mode.
  const paymentMode = await made<Ref>('POST', '/api/settings/payment-modes', {
    title: `Cash ${tag}`,
    type: 'COD',
  });
  await enableCashOnDelivery(ctx.db, b);
  const apiKey = await made<{ id: string; name: string; secret: string }>('POST', '/api/settings/api-keys', {
    name: `Till ${tag}`,
  });
  const settings = await send(aOwner, 'GET', { url: '/api/settings/business' });
  await made('PATCH', '/api/settings/business', {
    version: settings.json<{ version: number }>().version,
    smsDailyLimit: aTextsADay,
  });

  const [northZone, southZone] = a.zones;
  const northIds = await zoneRecords(northZone, 'North', markersOfA);
  const southIds = await zoneRecords(southZone, 'South', markersOfSouth);
  for (const marker of markersOfSouth) markersOfA.add(marker);
  const slide = await made<Ref>('POST', '/api/slides', { title: `Slide ${tag}`, position: 1 });
  const gone = await made<Ref>('POST', '/api/slides', { title: `Gone ${tag}`, position: 2 });
  await made('DELETE', `/api/slides/${gone.id}?version=${gone.version}`);
  const coupon = await made<{ code: string; version: number }>('POST', '/api/coupons', {
    code: `ALPHA${tag.toUpperCase()}`,
    name: `Coupon ${tag}`,
    validFrom: today(),
    expiresAt: today(),
    type: 'DISCOUNT',
    discountPercent: 10,
    maxDiscountPaise: 5_000,
    minOrderValuePaise: 0,
    availStartTime: '00:00',
    availEndTime: '23:59',
    usageLimit: 5,
  });
  const helpline = await made<Ref>('POST', '/api/settings/helplines', {
    title: `Care ${tag}`,
    phoneNumber: '1800123456',
  });
  for (const marker of [
    northZone,
    southZone,
    slide.id,
    gone.id,
    coupon.code,
    paymentMode.id,
    helpline.id,
    apiKey.id,
    apiKey.name,
    apiKey.secret,
    a.apiKey,
    a.admin.id,
    a.otherAdmin.id,
    a.owner.id,
    a.admin.email,
    a.owner.email,
    a.storefrontKey,
    `Slide ${tag}`,
    `Alpha ${tag}`,
  ]) {
    markersOfA.add(marker);
  }
  markersOfSouth.add(southZone).add(a.otherAdmin.id);

  // A's customer signs in, saves an address near A's stores and orders to it; another customer of A
  // and a customer of B do the same with their own.
  const digits = () => String(randomInt(10_000_000, 100_000_000));
  const customerPhone = `97${digits()}`;
  aCustomer = await signInCustomer(ctx, a.storefrontKey, customerPhone, `Asha ${tag}`);
  aOtherCustomer = await signInCustomer(ctx, a.storefrontKey, `96${digits()}`, `Ravi ${tag}`);
  bCustomer = await signInCustomer(ctx, b.storefrontKey, `95${digits()}`, `Meera ${tag}`);
  const asCustomer = async <T>(key: string, customer: CustomerSession, url: string, payload: object) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'x-storefront-key': key, authorization: `Bearer ${customer.token}` },
      payload,
    });
    expect(res.statusCode, `POST ${url}: ${res.body}`).toBe(201);
    return res.json<T>();
  };
  const orderTo = (customer: CustomerSession, addressId: string) =>
    asCustomer<{ id: string }>(a.storefrontKey, customer, '/api/storefront/orders', {
      storeId: northIds.store,
      items: [{ itemId: northIds.item, quantity: 1 }],
      addressId,
      paymentMode: 'COD',
    });
  const address = await asCustomer<{ id: string }>(a.storefrontKey, aCustomer, '/api/storefront/addresses', {
    label: 'Home',
    text: `12 Alpha Lane ${tag}`,
    lat: 12.905,
    lng: 77.6,
  });
  const customerOrder = await orderTo(aCustomer, address.id);
  const otherAddress = await asCustomer<{ id: string }>(
    a.storefrontKey,
    aOtherCustomer,
    '/api/storefront/addresses',
    { label: 'Home', text: `7 Other Street ${tag}`, lat: 12.9, lng: 77.605 },
  );
  ownOf.set(aOtherCustomer, {
    addresses: [otherAddress.id],
    orders: [(await orderTo(aOtherCustomer, otherAddress.id)).id],
  });
  const bAddress = await asCustomer<{ id: string }>(b.storefrontKey, bCustomer, '/api/storefront/addresses', {
    label: 'Home',
    text: `9 Beta Road ${tag}`,
    lat: 12.9,
    lng: 77.6,
  });
  ownOf.set(bCustomer, { addresses: [bAddress.id], orders: [] });
  // A code A texts to its customer's phone, left unused: only A's key may take it.
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/auth/code',
    headers: { 'x-storefront-key': a.storefrontKey },
    payload: { phone: customerPhone },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const liveCode = latestCode(ctx.dataDir, customerPhone);
  for (const marker of [
    aCustomer.customer.id,
    `Asha ${tag}`,
    customerPhone,
    address.id,
    `12 Alpha Lane ${tag}`,
    customerOrder.id,
    northIds.order,
    southIds.order,
  ]) {
    markersOfCustomer.add(marker);
    markersOfA.add(marker);
  }
  for (const marker of [aOtherCustomer.customer.id, `Ravi ${tag}`, otherAddress.id]) markersOfA.add(marker);
  // Two devices of A's customer, as their browser registered them with A's key.
  const pushEndpoints = {
    registered: `https://8.8.8.8/push/${tag}-registered`,
    removed: `https://8.8.8.8/push/${tag}-removed`,
  };
  for (const endpoint of Object.values(pushEndpoints)) {
    await ctx.db.execute(
      sql`INSERT INTO push_subscriptions (business_id, customer_id, endpoint, p256dh, auth)
          VALUES (${a.id}, ${aCustomer.customer.id}, ${endpoint}, ${deviceOf(endpoint).keys.p256dh}, ${randomBytes(16).toString('base64url')})`,
    );
  }
  // B's system registering the first makes a subscription of B's own, which its answer names; the other is A's alone.
  markersOfA.add(pushEndpoints.removed);

  // Each zone's executive is given the zone's order (Confirmed), as the console's picker does, and
  // has delivered a cash-on-delivery order of the zone's store: Dispatch has orders and cash to show.
  // Another executive of A's North zone has an order of their own.
  aExecutive = await signInRider('North');
  const southExecutive = await signInRider('South');
  const cashOrders: Record<'North' | 'South', string> = { North: '', South: '' };
  for (const [label, ids, executive] of [
    ['North', northIds, aExecutive],
    ['South', southIds, southExecutive],
  ] as const) {
    await assign(ids.order, ids.dex);
    cashOrders[label] = await placeCod(ids.store, ids.item, `${label} ${tag} Cash`, `93${digits()}`);
    await assign(cashOrders[label], ids.dex);
    await deliver(executive, cashOrders[label]);
    // Its customer rated it low, with words of the zone's own: the ratings report's.
    const ratingComment = `${label} ${tag} rated low`;
    await ctx.db.execute(
      sql`UPDATE orders SET rating_stars = 1, rating_comment = ${ratingComment}, rated_at = now() WHERE id = ${cashOrders[label]}`,
    );
    markersOfA.add(ratingComment);
    if (label === 'South') markersOfSouth.add(ratingComment);
  }
  aOtherExecutiveOrder = await placeCod(northIds.store, northIds.item, `Kiran ${tag}`, `92${digits()}`);
  await assign(aOtherExecutiveOrder, a.dex.id);
  markersOfA.add(cashOrders.North).add(cashOrders.South).add(aOtherExecutiveOrder).add(`Kiran ${tag}`);
  markersOfSouth.add(cashOrders.South);
  for (const marker of [northIds.order, cashOrders.North, `North ${tag} Customer`, `North ${tag} Cash`]) {
    markersOfExecutive.add(marker);
  }

  const shared = {
    apiKey: apiKey.id,
    pushEndpoints,
    slide,
    deletedSlide: gone.id,
    coupon,
    paymentMode,
    helpline,
    customerPhone,
    address: address.id,
    customerOrder: customerOrder.id,
    liveCode,
  };
  const passkeyOf = async (user: { id: string }) => {
    const result = await ctx.db.execute<{ id: string }>(
      sql`INSERT INTO passkeys (user_id, business_id, credential_id, public_key, name)
          VALUES (${user.id}, ${a.id}, ${randomBytes(16).toString('base64url')}, ${randomBytes(77)}, ${`Key ${tag}`})
          RETURNING id`,
    );
    markersOfA.add(result.rows[0]!.id);
    return result.rows[0]!.id;
  };
  north = await current(
    northIds,
    { zone: northZone, ...shared, passkey: await passkeyOf(a.admin), cash: await cashOf(northIds.dex) },
    a.admin.id,
  );
  south = await current(
    southIds,
    { zone: southZone, ...shared, passkey: await passkeyOf(a.otherAdmin), cash: await cashOf(southIds.dex) },
    a.otherAdmin.id,
  );
  markersOfSouth.add(south.passkey);
});
afterAll(async () => {
  await ctx?.close();
  await gateway?.close();
});

const label = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

/** Says which of `markers` an answer holds. */
function leaked(res: Pick<LightMyRequestResponse, 'body'>, markers: Set<string>): string[] {
  return [...markers].filter((marker) => res.body.includes(marker));
}

describe('the tenant and zone walk', () => {
  it("gives another business's key nothing of A's: its records are unknown to it, and no answer holds them", async () => {
    const before = await footprintOfA();
    const seen: string[] = [];
    for (const op of operations) {
      const entry = walk[label(op)]!;
      if (entry.kind !== 'key') continue;
      const request = entry.request(north);
      const res = await ctx.app.inject({
        method: op.method as 'GET',
        url: request.url,
        headers: { 'x-storefront-key': b.storefrontKey },
        ...(request.payload ? { payload: request.payload } : {}),
      });
      seen.push(`${label(op)} ${res.statusCode}`);
      expect(res.statusCode, `${label(op)}: ${res.body.slice(0, 300)}`).toBe(entry.status);
      expect(leaked(res, markersOfA), label(op)).toEqual([]);
    }
    expect(seen).toContain('POST /api/storefront/orders 401');
    expect(await footprintOfA()).toEqual(before);
  });

  it("refuses another business's own system (its key and secret API key) A's records on every route, and shows and writes nothing of A's", async () => {
    const before = await footprintOfA();
    const system = { headers: { 'x-storefront-key': b.storefrontKey, authorization: `Bearer ${b.apiKey}` } };
    const seen: string[] = [];
    for (const op of operations) {
      const entry = walk[label(op)]!;
      // What the route names of A's: the customer app's as B's system asks it, anyone else's as the walks above do.
      const requests =
        entry.kind === 'key' || (entry.kind === 'own' && entry.keyed)
          ? [entry.keyed!.request(north)]
          : entry.kind === 'names' || entry.kind === 'stream'
            ? [entry.request(north)]
            : entry.kind === 'reads' && entry.request
              ? [entry.request(north)]
              : entry.kind === 'customer' || entry.kind === 'executive'
                ? entry.requests(north)
                : [{ url: op.path }];
      for (const request of requests) {
        const who = `${label(op)} ${request.url}`;
        const res = await send(system, op.method, request);
        seen.push(`${label(op)} ${res.statusCode}`);
        if (op.access === 'storefront') {
          // The customer app's: B's system is B, and A's records are not B's.
          const keyed = entry.kind === 'key' || entry.kind === 'own' ? entry.keyed : undefined;
          expect(keyed, `${label(op)} has B's system's answer`).toBeDefined();
          expect(res.statusCode, `${who}: ${res.body.slice(0, 300)}`).toBe(keyed!.status);
          if (res.statusCode === 404) expect(res.json().error.code, who).toBe('not_found');
        } else if (op.access === 'public') {
          // No credential decides it: B's system is answered as anyone is.
          const anyone = await send({ headers: {} }, op.method, request);
          expect(res.statusCode, `${who}: ${res.body.slice(0, 300)}`).toBe(anyone.statusCode);
        } else {
          // A session's route (staff, owner, executive, signed-in customer): a secret key is no session.
          expect(res.statusCode, `${who}: ${res.body.slice(0, 300)}`).toBe(401);
          expect(res.json().error.code, who).toBe('unauthenticated');
        }
        expect(leaked(res, markersOfA), who).toEqual([]);
      }
    }
    expect(seen).toContain('POST /api/storefront/orders 404');
    expect(seen).toContain('DELETE /api/storefront/push-subscriptions 404');
    expect(seen.filter((line) => line.endsWith(' 401')).length).toBeGreaterThan(100);
    expect(await footprintOfA()).toEqual(before);
    // A's customer's devices are still A's, as they were.
    const { rows } = await ctx.db.execute<{ endpoint: string }>(
      sql`SELECT endpoint FROM push_subscriptions WHERE business_id = ${a.id} ORDER BY endpoint`,
    );
    expect(rows.map((row) => row.endpoint)).toEqual(
      [north.pushEndpoints.registered, north.pushEndpoints.removed].sort(),
    );
  });

  it("takes a secret API key with its own business's key only: A's key with B's secret, or B's key with A's, is refused everywhere in the customer app", async () => {
    const before = await footprintOfA();
    const seen: string[] = [];
    for (const op of operations) {
      if (op.access !== 'storefront' && op.access !== 'customer') continue;
      const entry = walk[label(op)]!;
      // What each route names of A's, its body included; a route of the caller's own names nothing.
      const requests =
        entry.kind === 'key'
          ? [(entry.keyed ?? entry).request(north)]
          : entry.kind === 'customer'
            ? entry.requests(north)
            : [{ url: op.path }];
      for (const [storefrontKey, secret] of [
        [a.storefrontKey, b.apiKey],
        [b.storefrontKey, a.apiKey],
      ] as const) {
        for (const request of requests) {
          const who = `${label(op)} ${request.url} (${storefrontKey === a.storefrontKey ? "A's key, B's secret" : "B's key, A's secret"})`;
          expect(request.url, who).not.toContain('{');
          const res = await ctx.app.inject({
            method: op.method as 'GET',
            url: request.url,
            headers: { 'x-storefront-key': storefrontKey, authorization: `Bearer ${secret}` },
            ...(request.payload ? { payload: request.payload } : {}),
          });
          seen.push(who);
          expect(res.statusCode, `${who}: ${res.body.slice(0, 300)}`).toBe(401);
          expect(res.json(), who).toEqual({
            error: { code: 'unauthenticated', message: apiKeyMessages.unknown },
          });
        }
      }
    }
    expect(seen.length).toBeGreaterThanOrEqual(30);
    expect(await footprintOfA()).toEqual(before);
  });

  it('gives each owner, and each admin, the tax invoices of their own scope only', async () => {
    const invoicedOrders = async (session: Session, day: string) => {
      const res = await send(session, 'GET', { url: `/api/reports/gst?from=${day}&to=${day}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ documents: Array<{ orderId: string }> }>().documents.map((d) => d.orderId);
    };
    const day = north.cash.day;
    // A's executives delivered an order in each zone: A's owner has both invoices, each admin their zone's.
    const all = await invoicedOrders(aOwner, day);
    expect(all).toHaveLength(2);
    const northOnly = await invoicedOrders(northAdmin, day);
    expect(northOnly).toHaveLength(1);
    expect(all).toContain(northOnly[0]);
    expect(await invoicedOrders(bOwner, day)).toEqual([]);
    expect(await invoicedOrders(bAdmin, day)).toEqual([]);
  });

  it("answers each owner their own business's texts of the day and ceiling, never another's", async () => {
    const textsToday = async (business: TestBusiness) => {
      const { rows } = await ctx.db.execute<{ sent: number }>(
        sql`SELECT sent FROM sms_usage WHERE business_id = ${business.id} AND day = ${today()}::date`,
      );
      return rows[0]?.sent ?? 0;
    };
    for (const [session, business, limit] of [
      [aOwner, a, aTextsADay],
      [bOwner, b, 500],
    ] as const) {
      const res = await send(session, 'GET', { url: '/api/settings/sms-usage' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ day: today(), sent: await textsToday(business), limit });
    }
    // A texted its two customers' codes and the live one; no code asked with B's key counted as A's.
    expect(await textsToday(a)).toBe(3);
  });

  for (const [who, caller] of [
    [
      "B's customer, with B's key,",
      () => ({ session: bCustomer, key: b.storefrontKey, markers: markersOfA }),
    ],
    [
      "another customer of A, with A's key,",
      () => ({ session: aOtherCustomer, key: a.storefrontKey, markers: markersOfCustomer }),
    ],
  ] as const) {
    it(`refuses ${who} A's customer's address and orders, shows them none, and writes nothing of A's`, async () => {
      const { session, key, markers } = caller();
      const before = await footprintOfA(session);
      const seen: string[] = [];
      for (const op of operations) {
        const entry = walk[label(op)]!;
        const walked =
          entry.kind === 'customer'
            ? { requests: entry.requests(north), status: entry.status }
            : entry.kind === 'key' && entry.signedIn
              ? { requests: [entry.signedIn.request(north)], status: entry.signedIn.status }
              : null;
        if (!walked) continue;
        for (const request of walked.requests) {
          const res = await ctx.app.inject({
            method: op.method as 'GET',
            url: request.url,
            headers: { 'x-storefront-key': key, authorization: `Bearer ${session.token}` },
            ...(request.payload ? { payload: request.payload } : {}),
          });
          seen.push(`${op.method} ${request.url} ${res.statusCode}`);
          expect(res.statusCode, `${label(op)} ${request.url}: ${res.body.slice(0, 300)}`).toBe(
            walked.status,
          );
          if (res.statusCode === 404) expect(res.json().error.code, label(op)).toBe('not_found');
          expect(leaked(res, markers), label(op)).toEqual([]);
        }
      }
      expect(seen.length).toBeGreaterThanOrEqual(8);
      expect(await footprintOfA(session)).toEqual(before);

      // Their own lists answer their own records, and only those: the walk's empty answers were the scope's doing.
      const headers = { 'x-storefront-key': key, authorization: `Bearer ${session.token}` };
      const own = ownOf.get(session)!;
      const addresses = await ctx.app.inject({ url: '/api/storefront/addresses', headers });
      expect(addresses.json<{ items: { id: string }[] }>().items.map((x) => x.id)).toEqual(own.addresses);
      const orders = await ctx.app.inject({ url: '/api/storefront/orders', headers });
      expect(orders.json<{ items: { id: string }[]; total: number }>()).toMatchObject({
        total: own.orders.length,
      });
      expect(orders.json<{ items: { id: string }[] }>().items.map((x) => x.id)).toEqual(own.orders);
      const me = await ctx.app.inject({ url: '/api/storefront/account', headers });
      expect(me.json()).toEqual(session.customer);
    });
  }

  it("keeps A's customer's records theirs: A's code still signs them in with A's key, and they see their own", async () => {
    const headers = { 'x-storefront-key': a.storefrontKey, authorization: `Bearer ${aCustomer.token}` };
    const addresses = await ctx.app.inject({ url: '/api/storefront/addresses', headers });
    expect(addresses.json<{ items: { id: string }[] }>().items.map((x) => x.id)).toEqual([north.address]);
    const order = await ctx.app.inject({ url: `/api/storefront/orders/${north.customerOrder}`, headers });
    expect(order.statusCode, order.body).toBe(200);
    // The code B's key was refused is still good for A: B's refusal was the business's, not the code's.
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/auth/verify',
      headers: { 'x-storefront-key': a.storefrontKey },
      payload: { phone: north.customerPhone, code: north.liveCode },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().customer).toEqual(aCustomer.customer);
  });

  it('has an entry for every documented operation, and none for one that is gone', () => {
    const documented = operations.map(label).sort();
    expect(documented.filter((op) => !(op in walk))).toEqual([]);
    expect(Object.keys(walk).filter((op) => !documented.includes(op))).toEqual([]);
    for (const op of operations) {
      const kind = walk[label(op)]!.kind;
      if (op.access === 'public') expect(kind, label(op)).toBe('public');
      if (op.access === 'storefront') expect(['key', 'own'], label(op)).toContain(kind);
      if (op.access === 'customer') expect(['customer', 'own'], label(op)).toContain(kind);
      if (kind === 'customer') expect(op.access, label(op)).toBe('customer');
      if (op.access === 'executive') expect(['executive', 'own'], label(op)).toContain(kind);
      if (kind === 'executive') expect(op.access, label(op)).toBe('executive');
      if (kind === 'stream') expect(['staff', 'owner'], label(op)).toContain(op.access);
      // Every route of the customer app's says what B's own system (its secret API key) gets there.
      const entry = walk[label(op)]!;
      if (op.access === 'storefront')
        expect((entry.kind === 'key' || entry.kind === 'own') && entry.keyed, label(op)).toBeTruthy();
    }
  });

  it("refuses another business's owner and admin every record of A, shows them nothing of A's, and writes nothing", async () => {
    const before = await footprintOfA();
    const seen: string[] = [];
    for (const op of operations) {
      const entry = walk[label(op)]!;
      if (
        entry.kind === 'public' ||
        entry.kind === 'own' ||
        entry.kind === 'key' ||
        entry.kind === 'customer' ||
        entry.kind === 'executive'
      )
        continue;
      for (const session of [bOwner, bAdmin]) {
        const who = session === bOwner ? 'B owner' : 'B admin';
        const request = entry.request ? entry.request(north) : { url: op.path };
        const res =
          entry.kind === 'stream'
            ? await streamBriefly(session === bOwner ? b.owner : b.admin, request)
            : await send(session, op.method, request);
        const expected =
          entry.kind === 'reads'
            ? op.access === 'owner' && session === bAdmin
              ? 403
              : 200
            : session === bOwner
              ? entry.owner
              : op.access === 'owner'
                ? 403
                : entry.admin;
        seen.push(`${who} ${label(op)} ${res.statusCode}`);
        expect(res.statusCode, `${who} ${label(op)}: ${res.body.slice(0, 300)}`).toBe(expected);
        expect(leaked(res, markersOfA), `${who} ${label(op)}`).toEqual([]);
        // The caller's whole scope, no zone named: their own business's, nothing of A's.
        if (entry.kind === 'names' && entry.bare) {
          const bare = await send(session, op.method, entry.bare(north));
          const allowed = op.access === 'owner' && session === bAdmin ? 403 : 200;
          seen.push(`${who} ${label(op)} (bare) ${bare.statusCode}`);
          expect(bare.statusCode, `${who} ${label(op)} bare: ${bare.body.slice(0, 300)}`).toBe(allowed);
          expect(leaked(bare, markersOfA), `${who} ${label(op)} bare`).toEqual([]);
        }
      }
    }
    expect(seen.length).toBeGreaterThan(100);
    expect(await footprintOfA()).toEqual(before);
  });

  it("refuses an admin of another zone the South zone's stores, catalogue, orders and executives, and shows them none", async () => {
    const before = await footprintOfA();
    for (const op of operations) {
      const entry = walk[label(op)]!;
      // The route walk proves 403 for every route of the owner's.
      if (op.access === 'owner') continue;
      if ((entry.kind === 'names' || entry.kind === 'stream') && entry.zone === null) continue;
      if (entry.kind !== 'names' && entry.kind !== 'reads' && entry.kind !== 'stream') continue;
      const request = entry.request ? entry.request(south) : { url: op.path };
      const res =
        entry.kind === 'stream'
          ? await streamBriefly(a.admin, request)
          : await send(northAdmin, op.method, request);
      const expected = entry.kind === 'reads' ? 200 : entry.zone;
      expect(res.statusCode, `${label(op)}: ${res.body.slice(0, 300)}`).toBe(expected);
      expect(leaked(res, markersOfSouth), label(op)).toEqual([]);
      // Their own zone, none named: nothing of the South zone's.
      if (entry.kind === 'names' && entry.bare) {
        const bare = await send(northAdmin, op.method, entry.bare(south));
        expect(bare.statusCode, `${label(op)} bare: ${bare.body.slice(0, 300)}`).toBe(200);
        expect(leaked(bare, markersOfSouth), `${label(op)} bare`).toEqual([]);
      }
    }
    expect(await footprintOfA()).toEqual(before);
  });

  for (const [who, caller] of [
    ["B's executive", () => ({ session: bExecutive, markers: markersOfA, own: [] as string[] })],
    [
      'another executive of A (same zone)',
      () => ({ session: aOtherExecutive, markers: markersOfExecutive, own: [aOtherExecutiveOrder] }),
    ],
  ] as const) {
    it(`refuses ${who} the order of A's executive, shows them none of theirs, and writes nothing of A's`, async () => {
      const { session, markers, own } = caller();
      const before = await footprintOfA();
      const seen: string[] = [];
      for (const op of operations) {
        const entry = walk[label(op)]!;
        if (entry.kind !== 'executive') continue;
        for (const request of entry.requests(north)) {
          const res = await send(session, op.method, request);
          seen.push(`${op.method} ${request.url} ${res.statusCode}`);
          expect(res.statusCode, `${label(op)} ${JSON.stringify(request)}: ${res.body.slice(0, 300)}`).toBe(
            entry.status,
          );
          if (res.statusCode === 404) expect(res.json().error.code, label(op)).toBe('not_found');
          expect(leaked(res, markers), label(op)).toEqual([]);
        }
      }
      expect(seen.length).toBeGreaterThanOrEqual(4);
      expect(await footprintOfA()).toEqual(before);

      // Their own list is their own orders, exactly: the walk's empty answers were the scope's doing.
      const mine = await send(session, 'GET', { url: '/api/delivery/orders' });
      expect(mine.json<{ items: { id: string }[] }>().items.map((o) => o.id)).toEqual(own);
      // And A's executive still has their order, as it was.
      const theirs = await send(aExecutive, 'GET', { url: '/api/delivery/orders' });
      expect(theirs.json<{ items: { id: string; version: number }[] }>().items).toEqual([
        expect.objectContaining({ id: north.order.id, version: north.order.version }),
      ]);
    });
  }

  it('copies an item or a catalogue only between stores the caller sees: never from or into another business or zone', async () => {
    const { storeId: bStore, itemId: bItem } = await createStoreWithItem(ctx.db, b);
    const itemsOf = async (business: TestBusiness) =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM items WHERE business_id = ${business.id}`,
        )
      ).rows[0]!.n;
    const [aItems, bItems] = [await itemsOf(a), await itemsOf(b)];
    const before = await footprintOfA();
    for (const [who, session, request] of [
      [
        "B's owner, A's item into B's store",
        bOwner,
        {
          url: `/api/stores/${north.store.id}/items/${north.item.id}/copies`,
          payload: { storeIds: [bStore] },
        },
      ],
      [
        "B's owner, B's item into A's store",
        bOwner,
        { url: `/api/stores/${bStore}/items/${bItem}/copies`, payload: { storeIds: [north.store.id] } },
      ],
      [
        "B's owner, B's store from A's catalogue",
        bOwner,
        { url: `/api/stores/${bStore}/catalogue/copy`, payload: { fromStoreId: north.store.id } },
      ],
      [
        "B's owner, A's store from B's catalogue",
        bOwner,
        { url: `/api/stores/${north.store.id}/catalogue/copy`, payload: { fromStoreId: bStore } },
      ],
      [
        "the North admin, a North item into the South zone's store",
        northAdmin,
        {
          url: `/api/stores/${north.store.id}/items/${north.item.id}/copies`,
          payload: { storeIds: [south.store.id] },
        },
      ],
      [
        "the North admin, a North store from the South zone's catalogue",
        northAdmin,
        { url: `/api/stores/${north.store.id}/catalogue/copy`, payload: { fromStoreId: south.store.id } },
      ],
    ] as const) {
      const res = await send(session, 'POST', request);
      expect(res.statusCode, `${who}: ${res.body.slice(0, 300)}`).toBe(404);
      expect(res.json().error.code, who).toBe('not_found');
      expect(leaked(res, markersOfA), who).toEqual([]);
    }
    expect(await footprintOfA()).toEqual(before);
    expect([await itemsOf(a), await itemsOf(b)]).toEqual([aItems, bItems]);
  });

  // After the walks above, which would see these adjustments as writes.
  it("adjusts a variant's stock for the owner and the zone's admin, through its own store and item only", async () => {
    type Named = { store: string; item: string; variant: string };
    const stockUrl = (r: Named) => ({
      url: `/api/stores/${r.store}/items/${r.item}/variants/${r.variant}/stock`,
      payload: { reason: 'received', quantity: 5 },
    });
    const of = (r: Records): Named => ({ store: r.store.id, item: r.item.id, variant: r.variant });
    const { storeId: bStore, itemId: bItem } = await createStoreWithItem(ctx.db, b);
    const bVariant = (
      await ctx.db.execute<{ id: string }>(sql`SELECT id FROM item_variants WHERE item_id = ${bItem}`)
    ).rows[0]!.id;
    const adjustments = async () =>
      (
        await ctx.db.execute<{ variant: string; reason: string; from: number | null; to: number }>(
          sql`SELECT variant_id AS variant, reason, stock_from AS from, stock_to AS to FROM stock_adjustments
              WHERE business_id IN (${a.id}, ${b.id}) ORDER BY created_at, stock_to`,
        )
      ).rows;

    // A variant named through another store, another item, or another business's store and item is unknown.
    const before = await footprintOfA();
    for (const [who, session, named] of [
      ["B's owner, B's store and item", bOwner, { store: bStore, item: bItem, variant: north.variant }],
      ["B's owner, B's store", bOwner, { store: bStore, item: north.item.id, variant: north.variant }],
      ["A's owner, the other zone's variant", aOwner, { ...of(north), variant: south.variant }],
      ["A's owner, the other zone's item", aOwner, { ...of(south), store: north.store.id }],
      ["A's owner, the other zone's store", aOwner, { ...of(north), store: south.store.id }],
      ["the North admin, the South zone's", northAdmin, of(south)],
      ["B's admin, A's", bAdmin, of(north)],
    ] as const) {
      const res = await send(session, 'POST', stockUrl(named));
      expect(res.statusCode, `${who}: ${res.body.slice(0, 300)}`).toBe(404);
      expect(res.json().error.code, who).toBe('not_found');
      expect(leaked(res, markersOfA), who).toEqual([]);
    }
    expect(await footprintOfA()).toEqual(before);
    expect(await adjustments()).toEqual([]);

    // In scope: the owner in any zone, the admin in theirs, B's owner in B's own store.
    const counted = await send(aOwner, 'POST', {
      url: stockUrl(of(south)).url,
      payload: { reason: 'counted', quantity: 12 },
    });
    const received = await send(northAdmin, 'POST', {
      url: stockUrl(of(north)).url,
      payload: { reason: 'received', quantity: 3 },
    });
    const own = await send(bOwner, 'POST', {
      url: stockUrl({ store: bStore, item: bItem, variant: bVariant }).url,
      payload: { reason: 'counted', quantity: 40 },
    });
    for (const [res, item, variant, stock] of [
      [counted, south.item.id, south.variant, 12],
      [received, north.item.id, north.variant, 3],
      [own, bItem, bVariant, 40],
    ] as const) {
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<{ id: string; variants: Array<{ id: string; stock: number | null }> }>();
      expect(answer.id).toBe(item);
      expect(answer.variants.map((v) => [v.id, v.stock])).toEqual([[variant, stock]]);
    }
    expect(own.body).not.toContain(north.variant);
    expect(await adjustments()).toEqual([
      { variant: south.variant, reason: 'counted', from: null, to: 12 },
      { variant: north.variant, reason: 'received', from: null, to: 3 },
      { variant: bVariant, reason: 'counted', from: null, to: 40 },
    ]);
  });

  // Last: these make A's news happen (positions, an order picked up), which the walks above would see as writes.
  it("carries no other business's, zone's or executive's news on the live streams of Dispatch and the delivery app", async () => {
    const southExecutive = await signInRider('South');
    const northDex = north.dex.id;
    const southDex = south.dex.id;
    const positions = {
      aOwner: await openStream(aOwner, '/api/dispatch/positions'),
      northAdmin: await openStream(northAdmin, '/api/dispatch/positions'),
      bOwnerNamingA: await openStream(bOwner, `/api/dispatch/positions?zoneId=${north.zone}`),
      bOwner: await openStream(bOwner, '/api/dispatch/positions'),
      bAdmin: await openStream(bAdmin, '/api/dispatch/positions'),
    };
    const events = {
      aExecutive: await openStream(aExecutive, '/api/delivery/events'),
      aOtherExecutive: await openStream(aOtherExecutive, '/api/delivery/events'),
      bExecutive: await openStream(bExecutive, '/api/delivery/events'),
    };
    try {
      for (const [name, stream] of Object.entries({ ...positions, ...events })) {
        expect(stream.status, `${name}: ${stream.body().slice(0, 300)}`).toBe(200);
      }
      // Both of A's zones' executives go on duty and share a position; A's executive picks up their order.
      for (const executive of [aExecutive, southExecutive]) {
        const duty = await send(executive, 'PUT', { url: '/api/delivery/duty', payload: { onDuty: true } });
        expect(duty.statusCode, duty.body).toBe(200);
        const at = await send(executive, 'POST', {
          url: '/api/delivery/location',
          payload: { lat: 12.9, lng: 77.6, accuracy: 10 },
        });
        expect(at.statusCode, at.body).toBe(204);
      }
      const picked = await send(aExecutive, 'POST', {
        url: `/api/delivery/orders/${north.order.id}/status`,
        payload: { status: 2, version: north.order.version },
      });
      expect(picked.statusCode, picked.body).toBe(200);

      // Those who should hear of it do: the streams were open and carrying.
      expect(await positions.aOwner.until(northDex, 5000), 'A owner hears the North executive').toBe(true);
      expect(await positions.aOwner.until(southDex, 5000), 'A owner hears the South executive').toBe(true);
      expect(await positions.northAdmin.until(northDex, 5000), 'the North admin hears theirs').toBe(true);
      expect(await events.aExecutive.until(north.order.id, 5000), "A's executive hears of their order").toBe(
        true,
      );
      // Each stream that must not carry those news is ended by the server, its session signed out: what
      // it carried then is all it was sent, anything that would wrongly follow them among it.
      for (const [session, url] of [
        [bOwner, '/api/auth/sign-out'],
        [bAdmin, '/api/auth/sign-out'],
        [northAdmin, '/api/auth/sign-out'],
        [bExecutive, '/api/delivery/sign-out'],
        [aOtherExecutive, '/api/delivery/sign-out'],
      ] as const) {
        expect((await send(session, 'POST', { url })).statusCode, url).toBe(204);
      }
      for (const [name, stream] of Object.entries({ ...positions, ...events })) {
        if (name === 'aOwner' || name === 'aExecutive') continue;
        expect(await stream.ended(5000), `${name} ends with its session`).toBe(true);
      }
      for (const [name, stream] of Object.entries(positions)) {
        if (name === 'aOwner' || name === 'northAdmin') continue;
        expect(
          [...markersOfA].filter((m) => stream.body().includes(m)),
          name,
        ).toEqual([]);
      }
      expect(positions.northAdmin.body(), 'the North admin hears no South executive').not.toContain(southDex);
      expect(
        [...markersOfA].filter((m) => events.bExecutive.body().includes(m)),
        "B's executive",
      ).toEqual([]);
      expect(
        [...markersOfExecutive].filter((m) => events.aOtherExecutive.body().includes(m)),
        'another executive of A',
      ).toEqual([]);
    } finally {
      for (const stream of [...Object.values(positions), ...Object.values(events)]) stream.close();
    }
  });
});
