/**
 * Order updates to customers by text (B19, ADR 0075): the owner chooses which changes of an order's
 * status text its customer; each such change queues a message in the statement that makes it; the
 * sender texts it (to the outbox here) with the order's link on the business's own origin, once
 * however many senders run, tries again with backoff when the provider fails, stops at the daily
 * ceiling, and records each outcome on the order's timeline.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import {
  defaultNotificationSettings,
  notificationMessages,
  orderTextNotes,
  type NotificationSettings,
} from '@storedesk/shared/settings/notifications';
import { messages } from '@storedesk/shared/messages';
import { customerMessages } from '@storedesk/shared/storefront/customers';
import type { OrderSettings } from '@storedesk/shared/settings/order-settings';
import {
  caller,
  createExecutive,
  createStaffWorld,
  createStoreWithItem,
  enableCashOnDelivery,
  errorOf,
  orderVersion,
  placeCustomerOrder,
  signInCustomerWithAddress,
  textsTo,
  type Call,
  type StaffWorld,
} from '#test/harness.ts';
import { createSmsSender, type SmsSender } from '#server/sms/sms.ts';
import { MAX_TRIES, OrderTexts, retryDelaySeconds } from './order-texts.service.ts';

let world: StaffWorld;
let call: Call;
let store: { storeId: string; itemId: string };
let asha: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
let dex: { id: string };
const ashaPhone = '9876500031';
const path = '/api/settings/notifications';
const all = (on: boolean) => ({ confirmed: on, pickedUp: on, delivered: on, cancelled: on });

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  await enableCashOnDelivery(world.ctx.db, world.biz);
  store = await createStoreWithItem(world.ctx.db, world.biz, { name: 'Paneer', pricePaise: 10_500 });
  asha = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, ashaPhone, 'Asha');
  dex = await createExecutive(world.ctx, {
    businessId: world.biz.id,
    zoneId: world.biz.zones[0]!,
    name: 'Dev',
  });
});
afterAll(() => world?.ctx.close());

const place = () =>
  placeCustomerOrder(world.ctx.app, asha, {
    storeId: store.storeId,
    items: [{ itemId: store.itemId, quantity: 1 }],
  });
async function setStatus(orderId: string, status: number) {
  const res = await call(world.owner, 'POST', `/api/orders/${orderId}/status`, {
    status,
    version: await orderVersion(world.ctx.db, orderId),
    ...(status === OrderStatus.Cancelled ? { reason: 'OUT_OF_STOCK' } : {}),
    ...(status === OrderStatus.Confirmed ? { dexId: dex.id } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}
const queued = async (orderId: string) =>
  (
    await world.ctx.db.execute<{ channel: string; status: number; state: string; tries: number }>(
      sql`SELECT channel, status, state, tries FROM order_messages WHERE order_id = ${orderId} ORDER BY created_at`,
    )
  ).rows;
const timelineOf = async (orderId: string) =>
  (await call(world.owner, 'GET', `/api/orders/${orderId}`)).json<OrderDetail>().timeline;
const textsOf = (orderNumber: number) =>
  textsTo(world.ctx.dataDir, ashaPhone).filter((text) => text.body.includes(`Order #${orderNumber}:`));

describe('Settings › Notifications', () => {
  it('read every update off, version 0, until saved; are saved from the version read; are the owner’s only', async () => {
    expect((await call(world.owner, 'GET', path)).json()).toEqual(defaultNotificationSettings);
    expect((await call(world.admin, 'GET', path)).statusCode).toBe(403);
    expect(
      (await call(world.admin, 'PUT', path, { version: 0, sms: all(true), whatsapp: all(false) })).statusCode,
    ).toBe(403);

    const saved = await call(world.owner, 'PUT', path, {
      version: 0,
      sms: { confirmed: true, pickedUp: false, delivered: true, cancelled: true },
      whatsapp: all(false),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<NotificationSettings>()).toMatchObject({
      sms: { confirmed: true, pickedUp: false, delivered: true, cancelled: true },
      version: 1,
    });
    // Another business is its own.
    expect((await call(world.rivalOwner, 'GET', path)).json()).toEqual(defaultNotificationSettings);
    // The audit log has it, with what was turned on.
    const audit = await call(world.owner, 'GET', '/api/audit-log?kind=notification-settings');
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json<{ items: Array<{ action: string; changes: Record<string, unknown> }> }>()
      .items;
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toBe('create');
    expect(entries[0]!.changes).toMatchObject({ smsConfirmed: { from: null, to: true } });

    const stale = await call(world.owner, 'PUT', path, { version: 0, sms: all(false), whatsapp: all(false) });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).current).toMatchObject({ version: 1, sms: { confirmed: true } });
  });

  it('refuse garbage on each field, writing nothing', async () => {
    const before = (await call(world.owner, 'GET', path)).json<NotificationSettings>();
    const cases: Array<[object, Record<string, string>]> = [
      [
        { version: before.version, sms: { ...all(true), confirmed: 'yes' }, whatsapp: all(false) },
        { 'sms.confirmed': notificationMessages.flag },
      ],
      [
        { version: before.version, sms: { confirmed: true }, whatsapp: all(false) },
        {
          'sms.pickedUp': messages.isRequired,
          'sms.delivered': messages.isRequired,
          'sms.cancelled': messages.isRequired,
        },
      ],
      [{ version: before.version, sms: all(true) }, { whatsapp: expect.any(String) as unknown as string }],
      [
        { version: -1, sms: all(true), whatsapp: all(false) },
        { version: expect.any(String) as unknown as string },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await call(world.owner, 'PUT', path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).fields).toEqual(fields);
    }
    expect((await call(world.owner, 'GET', path)).json()).toEqual(before);
  });
});

describe('order updates by SMS', () => {
  it('text the customer each change the business chose, once, with the order’s link on its own origin', async () => {
    const order = await place();
    await setStatus(order.id, OrderStatus.Confirmed);
    // Queued by the change itself; nothing for picked up, which is off.
    expect(await queued(order.id)).toEqual([{ channel: 'SMS', status: 1, state: 'PENDING', tries: 0 }]);
    await setStatus(order.id, OrderStatus.PickedUp);
    expect(await queued(order.id)).toHaveLength(1);

    expect(await world.ctx.app.orderTexts.sendDue()).toBe(1);
    const texts = textsOf(order.number);
    expect(texts).toHaveLength(1);
    const { rows } = await world.ctx.db.execute<{ slug: string }>(
      sql`SELECT slug FROM businesses WHERE id = ${world.biz.id}`,
    );
    expect(texts[0]!.body).toContain(`Order #${order.number}: Confirmed. Store`);
    expect(texts[0]!.body).toMatch(
      new RegExp(`http://${rows[0]!.slug}\\.localhost:\\d+/orders/${order.id}\\n`),
    );
    expect(await queued(order.id)).toEqual([{ channel: 'SMS', status: 1, state: 'SENT', tries: 1 }]);
    expect((await timelineOf(order.id)).at(-1)).toMatchObject({
      kind: 'MESSAGE',
      note: orderTextNotes.sent('SMS', `Order #${order.number}: Confirmed`),
      toStatus: null,
    });
    // Sent already: the next round has nothing.
    expect(await world.ctx.app.orderTexts.sendDue()).toBe(0);
  });

  it('follow the order through its day: each status the business chose, none it did not, each in its words', async () => {
    // Saved above: confirmed, delivered and cancelled on; picked up off.
    const order = await place();
    for (const status of [OrderStatus.Confirmed, OrderStatus.PickedUp, OrderStatus.Delivered])
      await setStatus(order.id, status);
    expect((await queued(order.id)).map((message) => message.status)).toEqual([
      OrderStatus.Confirmed,
      OrderStatus.Delivered,
    ]);
    expect(await world.ctx.app.orderTexts.sendDue()).toBe(2);
    // Sent side by side: in either order.
    expect(
      textsOf(order.number)
        .map((text) => /Order #\d+: (\w+)\./.exec(text.body)?.[1])
        .sort(),
    ).toEqual(['Confirmed', 'Delivered']);
  });

  it('are sent once however many senders run at once', async () => {
    const orders = await Promise.all([place(), place(), place()]);
    for (const order of orders) await setStatus(order.id, OrderStatus.Confirmed);
    const outbox = createSmsSender({ smsUrl: undefined, dataDir: world.ctx.dataDir, log: world.ctx.app.log });
    const senders = [1, 2, 3].map(
      () => new OrderTexts(world.ctx.db, outbox, () => 'http://shop.test', world.ctx.app.log),
    );
    const claimed = await Promise.all(senders.map((sender) => sender.sendDue()));
    expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(3);
    for (const order of orders) {
      expect(textsOf(order.number)).toHaveLength(1);
      expect(await queued(order.id)).toEqual([{ channel: 'SMS', status: 1, state: 'SENT', tries: 1 }]);
    }
  });

  it('are tried again with backoff when the provider fails, and given up on after the last try', async () => {
    const order = await place();
    await setStatus(order.id, OrderStatus.Cancelled);
    const failing: SmsSender = {
      whatsapp: true,
      send: () => Promise.reject(new Error('503 from the provider')),
    };
    const sender = new OrderTexts(world.ctx.db, failing, () => 'http://shop.test', world.ctx.app.log);
    expect(await sender.sendDue()).toBe(1);
    const { rows } = await world.ctx.db.execute<{
      state: string;
      tries: number;
      wait: number;
      error: string;
    }>(
      sql`SELECT state, tries, extract(epoch FROM next_at - now())::int AS wait, last_error AS error FROM order_messages WHERE order_id = ${order.id}`,
    );
    expect(rows[0]).toMatchObject({ state: 'PENDING', tries: 1, error: '503 from the provider' });
    expect(rows[0]!.wait).toBeGreaterThan(retryDelaySeconds(1) - 3);
    expect(rows[0]!.wait).toBeLessThanOrEqual(retryDelaySeconds(1));
    // Not due yet: nothing is sent.
    expect(await sender.sendDue()).toBe(0);
    // Its last try comes, and fails too.
    await world.ctx.db.execute(
      sql`UPDATE order_messages SET next_at = now(), tries = ${MAX_TRIES - 1} WHERE order_id = ${order.id}`,
    );
    expect(await sender.sendDue()).toBe(1);
    expect(await queued(order.id)).toEqual([
      { channel: 'SMS', status: -1, state: 'FAILED', tries: MAX_TRIES },
    ]);
    expect((await timelineOf(order.id)).at(-1)).toMatchObject({
      kind: 'MESSAGE',
      note: orderTextNotes.gaveUp('SMS', MAX_TRIES, '503 from the provider'),
    });
    expect(textsOf(order.number)).toEqual([]);
  });

  it('stop at the business’s daily ceiling of texts, saying so on the order', async () => {
    const order = await place();
    await world.ctx.db.execute(sql`UPDATE businesses SET sms_daily_limit = 0 WHERE id = ${world.biz.id}`);
    try {
      await setStatus(order.id, OrderStatus.Confirmed);
      expect(await world.ctx.app.orderTexts.sendDue()).toBe(1);
    } finally {
      await world.ctx.db.execute(sql`UPDATE businesses SET sms_daily_limit = 500 WHERE id = ${world.biz.id}`);
    }
    expect(await queued(order.id)).toEqual([{ channel: 'SMS', status: 1, state: 'FAILED', tries: 1 }]);
    expect((await timelineOf(order.id)).at(-1)).toMatchObject({
      kind: 'MESSAGE',
      note: orderTextNotes.ceiling('SMS'),
    });
    expect(textsOf(order.number)).toEqual([]);
  });

  it('text nothing for a business that chose nothing, or for another business’s orders', async () => {
    const rivalStore = await createStoreWithItem(world.ctx.db, world.rival, {
      name: 'Atta',
      pricePaise: 5_000,
    });
    await enableCashOnDelivery(world.ctx.db, world.rival);
    const ravi = await signInCustomerWithAddress(world.ctx, world.rival.storefrontKey, '9876500032', 'Ravi');
    const order = await placeCustomerOrder(world.ctx.app, ravi, {
      storeId: rivalStore.storeId,
      items: [{ itemId: rivalStore.itemId, quantity: 1 }],
    });
    const rivalDex = await createExecutive(world.ctx, {
      businessId: world.rival.id,
      zoneId: world.rival.zones[0]!,
      name: 'Rival Dev',
    });
    const res = await call(world.rivalOwner, 'POST', `/api/orders/${order.id}/status`, {
      dexId: rivalDex.id,
      status: OrderStatus.Confirmed,
      version: await orderVersion(world.ctx.db, order.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await queued(order.id)).toEqual([]);
  });
});

describe('order updates by WhatsApp, in the customer’s language', () => {
  const meena = '9876500033';
  let customer: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
  const account = (body: object) =>
    world.ctx.app.inject({
      method: 'PATCH',
      url: '/api/storefront/account',
      headers: customer.headers,
      payload: body,
    });
  const placeAsMeena = () =>
    placeCustomerOrder(world.ctx.app, customer, {
      storeId: store.storeId,
      items: [{ itemId: store.itemId, quantity: 1 }],
    });
  const whatsappTexts = (orderNumber: number) =>
    textsTo(world.ctx.dataDir, meena, 'whatsapp').filter((text) => text.body.includes(`#${orderNumber}:`));

  beforeAll(async () => {
    customer = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, meena, 'Meena');
    // The executive carries every order these confirm.
    const orderSettings = (await call(world.owner, 'GET', '/api/settings/order')).json<OrderSettings>();
    const raised = await call(world.owner, 'PUT', '/api/settings/order', {
      ...orderSettings,
      maxOpenOrdersPerExecutive: 50,
      updatedAt: undefined,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const before = (await call(world.owner, 'GET', path)).json<NotificationSettings>();
    const saved = await call(world.owner, 'PUT', path, {
      version: before.version,
      sms: all(false),
      whatsapp: { confirmed: true, pickedUp: true, delivered: false, cancelled: false },
    });
    expect(saved.statusCode).toBe(200);
  });

  it('go only to a customer who asked for them, recorded with when, and stop when they withdraw', async () => {
    expect((await account({})).statusCode).toBe(400);
    const fresh = await world.ctx.app.inject({ url: '/api/storefront/account', headers: customer.headers });
    expect(fresh.json()).toMatchObject({ language: 'en', whatsappUpdates: false });
    const before = await placeAsMeena();
    await setStatus(before.id, OrderStatus.Confirmed);
    expect(await queued(before.id)).toEqual([]);

    const optedIn = await account({ whatsappUpdates: true });
    expect(optedIn.statusCode).toBe(200);
    expect(optedIn.json()).toMatchObject({ name: 'Meena', whatsappUpdates: true, language: 'en' });
    const optInAt = async () =>
      (
        await world.ctx.db.execute<{ at: string | null }>(
          sql`SELECT whatsapp_opt_in_at::text AS at FROM customers WHERE id = ${customer.customer.id}`,
        )
      ).rows[0]!.at;
    const given = await optInAt();
    expect(given).toMatch(/^\d{4}-\d{2}-\d{2} /);
    // Asked again, it keeps the time it was first given.
    await account({ whatsappUpdates: true });
    expect(await optInAt()).toBe(given);

    const order = await placeAsMeena();
    await setStatus(order.id, OrderStatus.Confirmed);
    expect(await queued(order.id)).toEqual([{ channel: 'WHATSAPP', status: 1, state: 'PENDING', tries: 0 }]);
    await world.ctx.app.orderTexts.sendDue();
    expect(whatsappTexts(order.number)).toHaveLength(1);
    expect(whatsappTexts(order.number)[0]!.body).toContain(`Order #${order.number}: Confirmed.`);
    // No SMS: the business texts none of these.
    expect(textsTo(world.ctx.dataDir, meena).filter((t) => t.body.includes(`#${order.number}:`))).toEqual([]);
    expect((await timelineOf(order.id)).at(-1)).toMatchObject({
      kind: 'MESSAGE',
      note: orderTextNotes.sent('WHATSAPP', `Order #${order.number}: Confirmed`),
    });

    expect((await account({ whatsappUpdates: false })).json()).toMatchObject({ whatsappUpdates: false });
    await setStatus(order.id, OrderStatus.PickedUp);
    expect(await queued(order.id)).toHaveLength(1);
  });

  it('are written in the language the customer’s app last told the server', async () => {
    const hindi = await account({ language: 'hi', whatsappUpdates: true });
    expect(hindi.json()).toMatchObject({ language: 'hi', whatsappUpdates: true });
    const order = await placeAsMeena();
    await setStatus(order.id, OrderStatus.Confirmed);
    await world.ctx.app.orderTexts.sendDue();
    const [text] = whatsappTexts(order.number);
    expect(text!.body).toContain(`ऑर्डर #${order.number}: पुष्टि हुई। `);
    expect(text!.body).toContain('डिलीवरी पार्टनर');
    // The staff's timeline stays in English.
    expect((await timelineOf(order.id)).at(-1)).toMatchObject({
      note: orderTextNotes.sent('WHATSAPP', `Order #${order.number}: Confirmed`),
    });

    await account({ language: 'kn' });
    await setStatus(order.id, OrderStatus.PickedUp);
    await world.ctx.app.orderTexts.sendDue();
    expect(whatsappTexts(order.number).at(-1)!.body).toContain(`ಆರ್ಡರ್ #${order.number}: ದಾರಿಯಲ್ಲಿದೆ.`);
    const refused = await account({ language: 'ta', whatsappUpdates: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({
      language: customerMessages.language,
      whatsappUpdates: customerMessages.whatsappUpdates,
    });
    await account({ language: 'en' });
  });

  it('are given up on at once, and said so, where the server has no WhatsApp sender', async () => {
    await account({ whatsappUpdates: true });
    const order = await placeAsMeena();
    await setStatus(order.id, OrderStatus.Confirmed);
    const smsOnly: SmsSender = { whatsapp: false, send: () => Promise.reject(new Error('not called')) };
    const sender = new OrderTexts(world.ctx.db, smsOnly, () => 'http://shop.test', world.ctx.app.log);
    expect(await sender.sendDue()).toBe(1);
    expect(await queued(order.id)).toEqual([{ channel: 'WHATSAPP', status: 1, state: 'FAILED', tries: 1 }]);
    expect((await timelineOf(order.id)).at(-1)).toMatchObject({ note: orderTextNotes.noWhatsApp });
  });
});

describe('order updates for a refund made and for items changed by staff', () => {
  const none = { confirmed: false, pickedUp: false, delivered: false, cancelled: false };

  it('are chosen beside the statuses, each on both channels; a PUT that leaves them out keeps them', async () => {
    const before = (await call(world.owner, 'GET', path)).json<NotificationSettings>();
    const saved = await call(world.owner, 'PUT', path, {
      version: before.version,
      sms: none,
      whatsapp: none,
      refunded: { sms: true, whatsapp: false },
      itemsChanged: { sms: true, whatsapp: false },
    });
    expect(saved.statusCode).toBe(200);
    const savedBody = saved.json<NotificationSettings>();
    // The contract's objects keep exactly their four statuses.
    expect({ sms: savedBody.sms, whatsapp: savedBody.whatsapp }).toEqual({ sms: none, whatsapp: none });
    expect({ refunded: savedBody.refunded, itemsChanged: savedBody.itemsChanged }).toEqual({
      refunded: { sms: true, whatsapp: false },
      itemsChanged: { sms: true, whatsapp: false },
    });
    // A client that knows only the four statuses keeps the later choices as they are.
    const four = await call(world.owner, 'PUT', path, {
      version: savedBody.version,
      sms: { ...none, confirmed: true },
      whatsapp: none,
    });
    expect(four.json<NotificationSettings>()).toMatchObject({
      sms: { ...none, confirmed: true },
      whatsapp: none,
      refunded: { sms: true, whatsapp: false },
      itemsChanged: { sms: true, whatsapp: false },
    });
    const fourVersion = four.json<NotificationSettings>().version;
    const refused = await call(world.owner, 'PUT', path, {
      version: fourVersion,
      sms: none,
      whatsapp: none,
      refunded: { sms: 'yes', whatsapp: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ 'refunded.sms': notificationMessages.flag });
    // A status smuggled into a channel's object is not a way in: the object keeps its four.
    const smuggled = await call(world.owner, 'PUT', path, {
      version: fourVersion,
      sms: { ...none, confirmed: true, refunded: false },
      whatsapp: none,
    });
    expect(smuggled.statusCode).toBe(200);
    expect(smuggled.json<NotificationSettings>().sms).toEqual({ ...none, confirmed: true });
    expect(smuggled.json<NotificationSettings>().refunded).toEqual({ sms: true, whatsapp: false });
  });

  it('text the customer a refund once it is made, and the new bill when staff change the items', async () => {
    const order = await place();
    await setStatus(order.id, OrderStatus.Confirmed);
    const edited = await call(world.owner, 'PATCH', `/api/orders/${order.id}/items`, {
      items: [{ itemId: store.itemId, quantity: 2 }],
      version: await orderVersion(world.ctx.db, order.id),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const paid = await call(world.owner, 'POST', `/api/orders/${order.id}/payment`, {
      version: await orderVersion(world.ctx.db, order.id),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const refund = await call(world.owner, 'POST', `/api/orders/${order.id}/refunds`, {
      amountPaise: 10_500,
      version: await orderVersion(world.ctx.db, order.id),
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const { rows } = await world.ctx.db.execute<{ kind: string; channel: string; amount: number | null }>(
      sql`SELECT kind, channel, amount_paise::int AS amount FROM order_messages WHERE order_id = ${order.id} ORDER BY created_at, kind`,
    );
    expect(rows).toEqual([
      { kind: 'STATUS', channel: 'SMS', amount: null },
      { kind: 'ITEMS', channel: 'SMS', amount: null },
      { kind: 'REFUNDED', channel: 'SMS', amount: 10_500 },
    ]);
    await world.ctx.app.orderTexts.sendDue();
    const bodies = textsOf(order.number).map((text) => text.body);
    expect(bodies.find((body) => body.includes('Items changed'))).toContain(
      `Order #${order.number}: Items changed. Store`,
    );
    expect(bodies.find((body) => body.includes('Items changed'))).toContain('The bill is now ₹210.00.');
    expect(bodies.find((body) => body.includes('refunded'))).toContain(
      `Order #${order.number}: ₹105.00 refunded. It goes back the way you paid.`,
    );
    const notes = (await timelineOf(order.id)).filter((row) => row.kind === 'MESSAGE').map((row) => row.note);
    expect(notes.sort()).toEqual(
      [
        orderTextNotes.sent('SMS', `Order #${order.number}: Confirmed`),
        orderTextNotes.sent('SMS', `Order #${order.number}: Items changed`),
        orderTextNotes.sent('SMS', `Order #${order.number}: ₹105.00 refunded`),
      ].sort(),
    );
  });
});
