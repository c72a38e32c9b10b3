/**
 * Sets the stage before each operation's batch, so that earlier batches
 * (which may close every store, take the business off line or close every
 * order) never leave later ones with nothing real to work on. It acts
 * through the API where the API can, and only before a batch, never during.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { businessLimits } from '@storedesk/shared/settings/business';
import { deliversTo, orderingRefusal } from '@storedesk/shared/storefront/serviceability';
import { addressLimit } from '@storedesk/shared/storefront/addresses';
import { onlinePaymentLeastPaise } from '@storedesk/shared/payments/online';
import { hashPassword } from '#server/lib/passwords.ts';
import { latestCode, PASSWORD } from '#test/harness.ts';
import type { Operation } from './requests.ts';
import { cancellableBy, type World } from './world.ts';

const OPEN_ORDERS = 12;
/** Orders staged for the acting executive to move, before the batch of their moves. */
const EXECUTIVE_ORDERS = 4;

/** Phones the staged sign-in codes go to: new ones each time, none a request of the fuzz uses. */
let stagedPhones = 0;

export async function prepareWorld(world: World, op: Operation, options: { runs: number }): Promise<void> {
  const { db } = world.ctx;
  const businessId = world.biz.id;
  const owner = await world.sessionFor('owner');
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
    const res = await world.ctx.app.inject({
      method,
      url,
      headers: owner!.headers,
      ...(payload === undefined ? {} : { payload }),
    });
    if (res.statusCode >= 300)
      throw new Error(`staging: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json<Record<string, unknown>>();
  };

  // The customer app only orders from a live business.
  await db.execute(sql`UPDATE businesses SET live = true WHERE id = ${businessId} AND NOT live`);

  // The customers batch blocks some customers; the customer app's batches need them ordering again.
  if (op.path.startsWith('/api/storefront')) {
    await db.execute(sql`
      UPDATE customers SET blocked_at = NULL, blocked_by_id = NULL, blocked_by_name = NULL
      WHERE business_id = ${businessId} AND blocked_at IS NOT NULL`);
  }

  // A generic account update that succeeded, or a reset link the reset batch followed, may have
  // changed the admin's password; every batch that checks the current password (an account update,
  // two-step sign-in, passkeys) names PASSWORD as it, so the admin's is PASSWORD again before each:
  // which links were in the outbox when the reset batch ran depends on how fast mail was written.
  // (The owner's is left as the reset batch left it: the owner's updates that succeed would mail
  // links that the verification batches then count.)
  if (op.path === '/api/account' || op.path.startsWith('/api/account/')) {
    const hash = await hashPassword(PASSWORD);
    await db.execute(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${world.biz.admin.id}`);
  }

  // The links earlier batches mailed (an account update's new address) count against the resend
  // limit of one a minute; dated an hour back, they leave each actor's first resend within it.
  if (op.path === '/api/account/verification-email') {
    await db.execute(sql`
      UPDATE account_tokens SET created_at = created_at - interval '1 hour'
      WHERE kind = 'verify-email' AND user_id IN (${world.biz.owner.id}, ${world.biz.admin.id})`);
  }

  // The texts a day (Settings › Others) a batch of business settings may have lowered, to nothing even:
  // the batches that text codes start under the highest ceiling, so that a 429 of theirs is a fault.
  if (op.path.startsWith('/api/storefront/auth/')) {
    const settings = await call('GET', '/api/settings/business');
    if (Number(settings.smsDailyLimit) < businessLimits.smsDailyLimitMax) {
      await call('PATCH', '/api/settings/business', {
        version: settings.version,
        smsDailyLimit: businessLimits.smsDailyLimitMax,
      });
    }
  }

  // Finishing a sign-up needs its mailed link followed (ADR 0057): every other registration the
  // sign-up batch made has its newest link followed, as its owner would from the mailbox, and the
  // others stay unverified, to be refused.
  if (op.method === 'POST' && op.path === '/api/onboarding') {
    const links = await newestLinks(world.ctx.dataDir);
    for (const [n, signUp] of world.pools.signUps.entries()) {
      const token = links.get(signUp.email.toLowerCase());
      if (n % 2 === 1 || token === undefined) continue;
      const res = await world.ctx.app.inject({
        url: `/api/onboarding/verify?token=${encodeURIComponent(token)}`,
        headers: { accept: 'application/json' },
      });
      // A registration a batch before finished, or whose link it used, is no longer waiting.
      if (res.statusCode !== 200 && res.statusCode !== 400)
        throw new Error(`staging: a sign-up's link answered ${res.statusCode}: ${res.body}`);
    }
  }

  // Sign-in codes texted to new phones, each from an address of its own (the limits per address and
  // per phone stay far off), for the sign-in batch to use: about one phone for each 20 requests, so
  // that no phone sees the 100 wrong codes that void its codes however large the batch.
  if (op.method === 'POST' && op.path === '/api/storefront/auth/verify') {
    world.signInCodes.length = 0;
    const key = await keyOf(world);
    for (let n = 0; n < Math.max(10, Math.ceil(options.runs / 20)); n++) {
      stagedPhones += 1;
      const phone = `55${String(stagedPhones).padStart(8, '0')}`;
      const res = await world.ctx.app.inject({
        method: 'POST',
        url: '/api/storefront/auth/code',
        headers: { 'x-storefront-key': key },
        remoteAddress: `203.0.113.${stagedPhones % 250}`,
        payload: { phone },
      });
      if (res.statusCode !== 202) throw new Error(`staging: a code answered ${res.statusCode}: ${res.body}`);
      world.signInCodes.push({ phone, code: latestCode(world.ctx.dataDir, phone) });
    }
  }

  // The delivery app's sign-in shares the console's throttle, whose batch counted failures against the
  // same accounts (each makes a further try wait): the delivery app's batch starts from none.
  if (op.method === 'POST' && op.path === '/api/delivery/sign-in') {
    await db.execute(sql`DELETE FROM sign_in_throttle`);
  }

  // The delivery app's positions are taken on duty only (ADR 0042): the acting executive goes on duty.
  if (op.path === '/api/delivery/location') {
    const executive = await world.sessionFor('executive');
    const res = await world.ctx.app.inject({
      method: 'PUT',
      url: '/api/delivery/duty',
      headers: executive!.headers,
      payload: { onDuty: true },
    });
    if (res.statusCode !== 200)
      throw new Error(`staging: going on duty answered ${res.statusCode}: ${res.body}`);
  }

  // Orders, and quotes of them, need a store taking orders and no minimum order in the way.
  const needsTrade =
    op.path.startsWith('/api/orders') ||
    op.path.startsWith('/api/storefront/orders') ||
    op.path.startsWith('/api/delivery/orders') ||
    op.path === '/api/dispatch/cash/settlements' ||
    (op.method === 'POST' && op.path === '/api/payouts') ||
    op.path === '/api/storefront/quote';
  if (!needsTrade) return;

  const settings = await call('GET', '/api/settings/order');
  if (Number(settings.minimumOrderPaise) > 0) {
    await call('PUT', '/api/settings/order', { ...settings, minimumOrderPaise: 0 });
  }

  // An item (alias i) whose counted variants have units enough for the staged orders: a batch's
  // changes of orders' items (B18) take stock as orders do.
  // One of each of its variants (a step, sold loose) also costs what one online payment may be at
  // least: a batch may have priced an item at nothing, and an order of it is not offered online.
  const stageable = sql`NOT EXISTS (SELECT 1 FROM item_variants v WHERE v.item_id = i.id
    AND ((v.stock IS NOT NULL AND v.stock < ${OPEN_ORDERS * 3})
      OR v.price_paise * coalesce(v.step_grams, 1000) / 1000 < ${onlinePaymentLeastPaise}))`;

  // A store of the North zone taking orders now (Open, inside its hours on the business's clock) with
  // items in stock, made afresh when none is left.
  const [north] = world.biz.zones;
  const { rows: sellable } = await db.execute<{
    id: string;
    status: number;
    open_time: string;
    close_time: string;
    time_zone: string;
  }>(sql`
    SELECT s.id, s.status, s.open_time, s.close_time, b.time_zone FROM stores s JOIN businesses b ON b.id = s.business_id
    WHERE s.business_id = ${businessId} AND s.zone_id = ${north} AND s.deleted_at IS NULL AND s.status = 1
      AND EXISTS (SELECT 1 FROM items i WHERE i.store_id = s.id AND i.deleted_at IS NULL AND i.in_stock AND ${stageable})
    ORDER BY s.id`);
  const now = new Date();
  let storeId = sellable.find(
    (s) =>
      orderingRefusal(
        { status: s.status, openTime: s.open_time, closeTime: s.close_time },
        now,
        s.time_zone,
      ) === null,
  )?.id;
  if (!storeId) {
    const store = await call('POST', '/api/stores', {
      name: `Restocked ${randomBytes(2).toString('hex')}`,
      featured: 1,
      location: 'Market',
      description: 'Open again',
      phone: '9876543210',
      openTime: '00:00',
      closeTime: '23:59',
      latitude: 12.9,
      longitude: 77.6,
      zoneId: north,
    });
    storeId = store.id as string;
    const category = await call('POST', `/api/stores/${storeId}/categories`, { name: 'Staples' });
    for (const price of [4_500, 12_000]) {
      await call('POST', `/api/stores/${storeId}/items`, {
        name: `Staple ${price}`,
        categoryId: category.id,
        featured: 0,
        pricePaise: price,
      });
    }
    await call('POST', '/api/stores/status', { storeIds: [storeId], status: 1 });
  }

  // A store's own delivery rule (ADR 0081) a batch set may ask more than the staged orders are: the
  // store follows the business's settings again.
  const chosen = await call('GET', `/api/stores/${storeId}`);
  if (chosen.deliveryRule !== null)
    await call('PATCH', `/api/stores/${storeId}`, { deliveryRule: null, version: chosen.version });

  // The staged orders come from the business's own system (its secret API key, ADR 0056), to the
  // store's own door, paid in cash on delivery, which is turned on again when a batch turned it off.
  const { items: modes } = (await call('GET', '/api/settings/payment-modes')) as unknown as {
    items: { id: string; type: string; enabled: boolean; version: number }[];
  };
  const cod = modes.find((mode) => mode.type === 'COD');
  if (!cod) await call('POST', '/api/settings/payment-modes', { title: 'Cash', type: 'COD' });
  else if (!cod.enabled)
    await call('PATCH', `/api/settings/payment-modes/${cod.id}`, { enabled: true, version: cod.version });
  const { rows: place } = await db.execute<{
    latitude: number;
    longitude: number;
    delivery_radius_km: number;
  }>(sql`SELECT latitude, longitude, delivery_radius_km FROM stores WHERE id = ${storeId}`);
  const store = {
    lat: place[0]!.latitude,
    lng: place[0]!.longitude,
    deliveryRadiusKm: place[0]!.delivery_radius_km,
  };
  const placeKeyed = async (remoteAddress: string, payload: object) =>
    world.ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/orders',
      headers: { 'x-storefront-key': await keyOf(world), authorization: `Bearer ${world.biz.apiKey}` },
      remoteAddress,
      payload: {
        deliveryAddress: { label: 'Counter', text: 'At the store', lat: store.lat, lng: store.lng },
        paymentMode: 'COD',
        ...payload,
      },
    });

  const { rows: open } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM orders WHERE business_id = ${businessId} AND state = 1 AND zone_id = ${north}`,
  );
  const { rows: items } = await db.execute<{ id: string }>(
    sql`SELECT i.id FROM items i WHERE i.store_id = ${storeId} AND i.deleted_at IS NULL AND i.in_stock AND ${stageable}
        ORDER BY i.id LIMIT 3`,
  );
  for (let n = open[0]!.n; n < OPEN_ORDERS; n++) {
    const res = await placeKeyed('198.51.100.7', {
      customer: { name: `Walk-in ${n}`, phone: `90000${String(n).padStart(5, '0')}` },
      storeId,
      items: items.map((item, i) => ({ itemId: item.id, quantity: 1 + i })),
    });
    if (res.statusCode !== 201) throw new Error(`staging: an order answered ${res.statusCode}: ${res.body}`);
  }

  // Moving an order to another slot (ADR 0077): the store of the staged orders delivers in slots, with
  // room enough, and the slots it offers now are known to the exemplars.
  if (op.path === '/api/orders/{orderId}/slot') {
    const current = await call('GET', `/api/stores/${storeId}`);
    if (current.deliverySlots === null)
      await call('PATCH', `/api/stores/${storeId}`, {
        deliverySlots: { lengthMinutes: 60, capacity: 1000, daysAhead: 2, cutoffMinutes: 0 },
        version: current.version,
      });
    const offered = await world.ctx.app.inject({
      url: `/api/storefront/stores/${storeId}/slots`,
      headers: { 'x-storefront-key': await keyOf(world) },
    });
    world.pools.slotOffers = {
      [storeId]: offered
        .json<{ items: Array<{ id: string; available: number }> }>()
        .items.filter((slot) => slot.available > 0)
        .map((slot) => slot.id),
    };
  }

  /** The fuzz customer's new order of one item, to an address at the store, paid as `paymentMode`; named among their orders. */
  const placeCustomerOrder = async (paymentMode: 'COD' | 'UPI' | 'ONLINE'): Promise<string> => {
    const session = await world.sessionFor('customer');
    const headers = { 'x-storefront-key': await keyOf(world), ...session!.headers };
    const address = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/addresses',
      headers,
      payload: { label: 'Counter', text: 'At the store', lat: store.lat, lng: store.lng },
    });
    const placed = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/orders',
      headers,
      payload: {
        storeId,
        items: [{ itemId: items[0]!.id, quantity: 1 }],
        addressId: address.json<{ id: string }>().id,
        paymentMode,
      },
    });
    if (placed.statusCode !== 201)
      throw new Error(`staging: a ${paymentMode} order answered ${placed.statusCode}: ${placed.body}`);
    const orderId = placed.json<{ id: string }>().id;
    world.pools.customerOrders.own.push(orderId);
    return orderId;
  };

  // The customer's cancel (B18): the fuzz customer has an order the store has not confirmed, paid in
  // cash on delivery, placed afresh when a batch confirmed, cancelled or closed theirs.
  if (op.path === '/api/storefront/orders/{orderId}/cancel') {
    const { rows: cancellable } = await db.execute<{ id: string }>(cancellableBy(world.customer.id));
    if (cancellable.length === 0) await placeCustomerOrder('COD');
  }

  // "I have paid" (B18): the fuzz customer has an open order by UPI not marked paid, placed afresh
  // when a batch paid, cancelled or closed theirs, and named among their orders.
  if (op.path === '/api/storefront/orders/{orderId}/upi-paid') {
    const { rows: unpaid } = await db.execute<{ id: string }>(
      sql`SELECT id FROM orders WHERE customer_id = ${world.customer.id} AND payment_mode = 'UPI'
          AND paid_at IS NULL AND status <> -1 ORDER BY id LIMIT 1`,
    );
    if (unpaid.length === 0) {
      const upi = modes.find((mode) => mode.type === 'UPI');
      if (upi && !upi.enabled)
        await call('PATCH', `/api/settings/payment-modes/${upi.id}`, { enabled: true, version: upi.version });
      await placeCustomerOrder('UPI');
    }
  }

  // Paying online (ADR 0072): the business takes ONLINE, and the fuzz customer has an order awaiting
  // its payment, placed afresh when a batch paid or cancelled theirs; for the checkout's answer, the
  // order is paid at the stand-in gateway's checkout and its true answer kept for the exemplars.
  if (
    op.path.startsWith('/api/storefront/orders/{orderId}/payment') ||
    op.path.startsWith('/api/storefront/orders/{orderId}/tip')
  ) {
    const online = modes.find((mode) => mode.type === 'ONLINE');
    if (!online) await call('POST', '/api/settings/payment-modes', { title: 'Pay online', type: 'ONLINE' });
    else if (!online.enabled)
      await call('PATCH', `/api/settings/payment-modes/${online.id}`, {
        enabled: true,
        version: online.version,
      });
    const session = await world.sessionFor('customer');
    const headers = { 'x-storefront-key': await keyOf(world), ...session!.headers };
    const { rows: awaiting } = await db.execute<{ id: string }>(
      sql`SELECT id FROM orders WHERE customer_id = ${world.customer.id} AND payment_mode = 'ONLINE'
          AND state = 2 AND status = 0 ORDER BY id LIMIT 1`,
    );
    const orderId = awaiting[0]?.id ?? (await placeCustomerOrder('ONLINE'));
    if (op.path.endsWith('/payment/verify')) {
      const checkout = await world.ctx.app.inject({
        method: 'POST',
        url: `/api/storefront/orders/${orderId}/payment`,
        headers,
      });
      if (checkout.statusCode !== 200)
        throw new Error(`staging: a checkout answered ${checkout.statusCode}: ${checkout.body}`);
      const answer = await world.gateway.pay(checkout.json<{ gatewayOrderId: string }>().gatewayOrderId);
      world.pools.checkoutAnswers = [
        {
          orderId,
          paymentId: answer.razorpay_payment_id,
          gatewayOrderId: answer.razorpay_order_id,
          signature: answer.razorpay_signature,
        },
      ];
    }
  }

  const executiveId = world.actingExecutiveId;
  /** The acting executive's order, confirmed with them, picked up and delivered with its code (and cash). */
  const deliverStaged = async (orderId: string) => {
    const orderSettings = await call('GET', '/api/settings/order');
    if (Number(orderSettings.maxOpenOrdersPerExecutive) < 50) {
      const { updatedAt: _, ...rest } = orderSettings;
      await call('PUT', '/api/settings/order', { ...rest, maxOpenOrdersPerExecutive: 50 });
    }
    const { rows: now } = await db.execute<{ version: number }>(
      sql`SELECT version FROM orders WHERE id = ${orderId}`,
    );
    const confirmed = await call('POST', `/api/orders/${orderId}/status`, {
      status: 1,
      dexId: executiveId,
      version: now[0]!.version,
    });
    const executive = await world.sessionFor('executive');
    const move = async (payload: object) => {
      const res = await world.ctx.app.inject({
        method: 'POST',
        url: `/api/delivery/orders/${orderId}/status`,
        headers: executive!.headers,
        payload,
      });
      if (res.statusCode !== 200)
        throw new Error(`staging: a delivery move answered ${res.statusCode}: ${res.body}`);
      return res.json<{ version: number; cashToCollectPaise: number }>();
    };
    const picked = await move({ status: 2, version: confirmed.version });
    const { rows: code } = await db.execute<{ code: string }>(
      sql`SELECT delivery_code AS code FROM orders WHERE id = ${orderId}`,
    );
    await move({
      status: -2,
      version: picked.version,
      code: code[0]!.code,
      ...(picked.cashToCollectPaise > 0 ? { cashCollected: true } : {}),
    });
  };

  // A tip (ADR 0073): an order of the fuzz customer delivered by the acting executive; for the
  // checkout's answer, its tip paid at the stand-in's checkout, the true answer kept.
  if (op.path.startsWith('/api/storefront/orders/{orderId}/tip')) {
    // Cash on delivery, which staging keeps enabled (a batch may have switched UPI off).
    const orderId = await placeCustomerOrder('COD');
    await deliverStaged(orderId);
    world.pools.tippable = [orderId];
    if (op.path.endsWith('/verify')) {
      const session = await world.sessionFor('customer');
      const checkout = await world.ctx.app.inject({
        method: 'POST',
        url: `/api/storefront/orders/${orderId}/tip`,
        headers: { 'x-storefront-key': await keyOf(world), ...session!.headers },
        payload: { amountPaise: 2_000 },
      });
      if (checkout.statusCode !== 200)
        throw new Error(`staging: a tip's checkout answered ${checkout.statusCode}: ${checkout.body}`);
      const answer = await world.gateway.pay(checkout.json<{ gatewayOrderId: string }>().gatewayOrderId);
      world.pools.tipAnswers = [
        {
          orderId,
          paymentId: answer.razorpay_payment_id,
          gatewayOrderId: answer.razorpay_order_id,
          signature: answer.razorpay_signature,
        },
      ];
    }
    return;
  }

  // Cash to settle: a cash-on-delivery order, confirmed with the acting executive and delivered by them
  // with the customer's code and the cash (ADR 0042); a payout nets it.
  if (op.path === '/api/dispatch/cash/settlements' || (op.method === 'POST' && op.path === '/api/payouts')) {
    const placed = await placeKeyed('198.51.100.8', {
      customer: { name: 'Cash Customer', phone: '9000099999' },
      storeId,
      items: [{ itemId: items[0]!.id, quantity: 1 }],
    });
    if (placed.statusCode !== 201)
      throw new Error(`staging: a COD order answered ${placed.statusCode}: ${placed.body}`);
    await deliverStaged(placed.json<{ id: string }>().id);
    return;
  }

  // Refunds (B18): cash-on-delivery orders whose payment staff marked received, so that a share of
  // the batch's refunds (of at most what is left of one) get past every check to be recorded.
  if (op.method === 'POST' && op.path === '/api/orders/{orderId}/refunds') {
    for (let n = 0; n < 2; n++) {
      const placed = await placeKeyed('198.51.100.9', {
        customer: { name: 'Refunded Customer', phone: '9000088888' },
        storeId,
        items: [{ itemId: items[0]!.id, quantity: 2 }],
      });
      if (placed.statusCode !== 201)
        throw new Error(`staging: a COD order answered ${placed.statusCode}: ${placed.body}`);
      const { id } = placed.json<{ id: string }>();
      const { rows } = await db.execute<{ version: number }>(
        sql`SELECT version FROM orders WHERE id = ${id}`,
      );
      await call('POST', `/api/orders/${id}/payment`, { version: rows[0]!.version });
    }
    return;
  }

  // The acting executive's orders: a few of the North zone's Placed ones confirmed with them, as the
  // console's picker does, within the business's limit of open orders (raised when a batch lowered it).
  if (op.path.startsWith('/api/delivery/orders')) {
    const { rows: carried } = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE dex_id = ${executiveId} AND state = 1`,
    );
    const wanted = carried[0]!.n + EXECUTIVE_ORDERS;
    const orderSettings = await call('GET', '/api/settings/order');
    if (Number(orderSettings.maxOpenOrdersPerExecutive) < wanted) {
      const { updatedAt: _, ...rest } = orderSettings;
      await call('PUT', '/api/settings/order', { ...rest, maxOpenOrdersPerExecutive: Math.min(50, wanted) });
    }
    const { rows: placed } = await db.execute<{ id: string; version: number }>(sql`
      SELECT id, version FROM orders
      WHERE business_id = ${businessId} AND zone_id = ${north} AND state = 1 AND status = 0 AND dex_id IS NULL
      ORDER BY placed_at DESC LIMIT ${EXECUTIVE_ORDERS}`);
    for (const order of placed) {
      await call('POST', `/api/orders/${order.id}/status`, {
        status: 1,
        dexId: executiveId,
        version: order.version,
      });
    }
    return;
  }

  // The signed-in customer's orders: a saved address that store delivers to (cash is on, above).
  if (!op.path.startsWith('/api/storefront/orders')) return;
  const customer = await world.sessionFor('customer');
  const asCustomer = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await world.ctx.app.inject({
      method,
      url,
      headers: { 'x-storefront-key': await keyOf(world), ...customer!.headers },
      ...(payload === undefined ? {} : { payload }),
    });
    if (res.statusCode >= 300)
      throw new Error(`staging: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.statusCode === 204 ? {} : res.json<Record<string, unknown>>();
  };
  const { items: saved } = (await asCustomer('GET', '/api/storefront/addresses')) as {
    items: { id: string; lat: number; lng: number }[];
  };
  if (!saved.some((address) => deliversTo(store, address))) {
    if (saved.length >= addressLimit) await asCustomer('DELETE', `/api/storefront/addresses/${saved[0]!.id}`);
    await asCustomer('POST', '/api/storefront/addresses', {
      label: 'Next door',
      text: 'By the store',
      lat: store.lat,
      lng: store.lng,
    });
  }
}

/** The token of the newest sign-up link mailed to each address in the outbox. */
async function newestLinks(dataDir: string): Promise<Map<string, string>> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await fs.promises.readdir(outbox).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  const links = new Map<string, string>();
  for (const file of files) {
    const mail = await simpleParser(await fs.promises.readFile(path.join(outbox, file)));
    const token = /\/api\/onboarding\/verify\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
    if (token === undefined) continue;
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    for (const address of to.flatMap((a) => a.value)) {
      if (address.address) links.set(address.address.toLowerCase(), token);
    }
  }
  return links;
}

async function keyOf(world: World): Promise<string> {
  const { rows } = await world.ctx.db.execute<{ key: string }>(
    sql`SELECT storefront_key AS key FROM businesses WHERE id = ${world.biz.id}`,
  );
  return rows[0]!.key;
}
