/**
 * Requests that make sense as a whole, for the operations whose fields
 * depend on each other (a store and its items, an order and an executive of
 * its zone, a coupon's days and type, a sign-up's token and e-mail): drawn
 * from the world's facts, so that a share of each batch gets past validation
 * and exercises the writes themselves. Now and then one field is spoilt.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { makePng } from '#server/storage/image-fixtures.ts';
import { themes } from '@storedesk/shared/themes';
import { PASSWORD } from '#test/harness.ts';
import { currentVersion, mutated } from './values.ts';
import { label, type Operation, type Plan } from './requests.ts';
import { FUZZ_METRICS_TOKEN, type World } from './world.ts';
import { tipLimits } from '@storedesk/shared/delivery/earnings-rules';
import { customerCancelReasons } from '@storedesk/shared/orders/cancellation';

/** What an exemplar sets of a plan; `actor` where who sends it decides what the request means. */
export type Exemplar = Partial<Pick<Plan, 'actor' | 'params' | 'headers' | 'body'>>;

const word = fc.stringMatching(/^[A-Z][a-z]{2,10}( [A-Z][a-z]{2,8})?$/);
const mobile = fc.stringMatching(/^[6-9]\d{9}$/);
const time = fc.stringMatching(/^([01]\d|2[0-3]):[0-5]\d$/);
const day = (offset: fc.Arbitrary<number>) =>
  offset.map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
const uniqueEmail = fc.stringMatching(/^[a-z]{3,8}$/).map((local) => `${local}.${unique()}@fuzz.test`);

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

const pick = <T>(values: readonly T[]): fc.Arbitrary<T> | undefined =>
  values.length > 0 ? fc.constantFrom(...values) : undefined;

const json = (value: unknown): Plan['body'] => ({ kind: 'json', value });
const params = (values: Record<string, string>): Plan['params'] =>
  Object.fromEntries(Object.entries(values).map(([k, value]) => [k, { value }]));

/** The exemplars of one operation, or undefined when its generic requests do well enough. */
export function exemplarFor(op: Operation, world: World): fc.Arbitrary<Exemplar> | undefined {
  const { facts, couponCodes, signUps } = world.pools;
  const zone = pick(facts.liveZones);
  const store = pick(facts.liveStores);
  const theme = fc.constantFrom(...themes);
  const storeBody = fc.record(
    {
      name: word,
      featured: fc.integer({ min: 1, max: 9 }),
      location: word,
      description: word,
      phone: mobile,
      openTime: time,
      closeTime: time,
      latitude: fc.double({ min: -89, max: 89, noNaN: true }),
      longitude: fc.double({ min: -179, max: 179, noNaN: true }),
      zoneId: zone ?? fc.constant(undefined),
      // Delivery slots (B19): a rule, or null to deliver as soon as possible only.
      deliverySlots: fc.option(
        fc.record(
          {
            lengthMinutes: fc.constantFrom(30, 60, 120),
            capacity: fc.integer({ min: 1, max: 20 }),
            daysAhead: fc.integer({ min: 0, max: 3 }),
            cutoffMinutes: fc.integer({ min: 0, max: 120 }),
          },
          { requiredKeys: ['lengthMinutes', 'capacity', 'daysAhead'] },
        ),
        { nil: null },
      ),
    },
    { requiredKeys: [] },
  );
  const staff = fc.record({
    name: word,
    email: uniqueEmail,
    phone: mobile,
    password: fc.constantFrom(PASSWORD, 'another-good-password'),
    zoneId: zone ?? fc.uuid(),
  });

  switch (label(op)) {
    case 'GET /api/metrics':
      return fc.constant({ headers: { authorization: `Bearer ${FUZZ_METRICS_TOKEN}` } });
    case 'POST /api/stores':
      return storeBody.map((body) => ({ body: json(body) }));
    case 'PATCH /api/stores/{storeId}':
      return (
        store &&
        fc.record({ storeId: store, body: storeBody }).map(({ storeId, body }) => ({
          params: params({ storeId }),
          body: json({ ...body, version: currentVersion }),
        }))
      );
    case 'GET /api/stores/{storeId}/categories/{categoryId}':
    case 'PATCH /api/stores/{storeId}/categories/{categoryId}':
    case 'DELETE /api/stores/{storeId}/categories/{categoryId}': {
      const pair = pick([...facts.categories.own, ...facts.categories.own, ...facts.categories.rival]);
      return (
        pair &&
        fc.tuple(pair, word).map(([[storeId, categoryId], name]) => ({
          params: params({ storeId, categoryId }),
          ...(op.method === 'PATCH' ? { body: json({ name, version: currentVersion }) } : {}),
        }))
      );
    }
    // A category moved in its own store's order, with the version it has (mostly).
    case 'PUT /api/stores/{storeId}/categories/{categoryId}/position': {
      const pair = pick([...facts.categories.own, ...facts.categories.own, ...facts.categories.rival]);
      return (
        pair &&
        fc.tuple(pair, fc.integer({ min: 1, max: 6 })).map(([[storeId, categoryId], position]) => ({
          params: params({ storeId, categoryId }),
          body: json({ position, version: currentVersion }),
        }))
      );
    }
    case 'POST /api/stores/{storeId}/items':
    case 'GET /api/stores/{storeId}/items/{itemId}':
    case 'PATCH /api/stores/{storeId}/items/{itemId}':
    case 'DELETE /api/stores/{storeId}/items/{itemId}':
    case 'PUT /api/stores/{storeId}/items/{itemId}/image': {
      const pair = pick([...facts.items.own, ...facts.items.own, ...facts.items.rival]);
      const categoryOf = (storeId: string) =>
        facts.categories.own.find(([s]) => s === storeId)?.[1] ??
        facts.categories.rival.find(([s]) => s === storeId)?.[1];
      const item = fc.record(
        {
          name: word,
          featured: fc.integer({ min: 0, max: 3 }),
          pricePaise: fc.integer({ min: 0, max: 500_000 }),
          tags: fc.array(word, { maxLength: 3 }),
          veg: fc.boolean(),
          inStock: fc.boolean(),
        },
        { requiredKeys: op.method === 'POST' ? ['name', 'featured', 'pricePaise'] : [] },
      );
      return (
        pair &&
        fc.tuple(pair, item).map(([[storeId, itemId], body]): Exemplar => {
          const categoryId = categoryOf(storeId);
          if (op.method === 'POST')
            return { params: params({ storeId }), body: json({ ...body, categoryId }) };
          if (op.method === 'PATCH') {
            return {
              params: params({ storeId, itemId }),
              body: json({ ...body, ...(categoryId ? { categoryId } : {}), version: currentVersion }),
            };
          }
          return { params: params({ storeId, itemId }) };
        })
      );
    }
    case 'POST /api/stores/{storeId}/items/{itemId}/variants/{variantId}/stock': {
      const variant = pick([...facts.variants.own, ...facts.variants.own, ...facts.variants.rival]);
      const adjustment = fc.record({
        reason: fc.constantFrom('received', 'damaged', 'counted'),
        quantity: fc.integer({ min: 0, max: 1_000 }),
      });
      return (
        variant &&
        fc.tuple(variant, adjustment).map(([[storeId, itemId, variantId], body]) => ({
          params: params({ storeId, itemId, variantId }),
          body: json(body),
        }))
      );
    }
    case 'POST /api/stores/{storeId}/items/{itemId}/copies': {
      const item = pick([...facts.items.own, ...facts.items.own, ...facts.items.rival]);
      const stores = fc.array(store ?? fc.uuid(), { minLength: 1, maxLength: 3 });
      return (
        item &&
        fc.tuple(item, stores).map(([[storeId, itemId], storeIds]) => ({
          params: params({ storeId, itemId }),
          body: json({ storeIds }),
        }))
      );
    }
    case 'POST /api/stores/{storeId}/catalogue/copy':
      return (
        store &&
        fc.tuple(store, store).map(([storeId, fromStoreId]) => ({
          params: params({ storeId }),
          body: json({ fromStoreId }),
        }))
      );
    case 'POST /api/trash/{kind}/{id}/restore': {
      const entry = pick([...facts.trash.own, ...facts.trash.own, ...facts.trash.rival]);
      return entry && entry.map(([kind, id]) => ({ params: params({ kind, id }) }));
    }
    case 'POST /api/coupons': {
      const discount = fc.record({
        type: fc.constant('DISCOUNT'),
        discountPercent: fc.integer({ min: 1, max: 100 }),
        maxDiscountPaise: fc.integer({ min: 1, max: 100_000 }),
      });
      const freeDelivery = fc.constant({ type: 'FREE_DELIVERY', discountPercent: 0, maxDiscountPaise: 0 });
      return fc
        .record({
          code: fc.stringMatching(/^[A-Z]{3}[0-9]{3}$/).map((c) => `${c}${unique().slice(-4).toUpperCase()}`),
          name: word,
          start: fc.integer({ min: -30, max: 30 }),
          length: fc.integer({ min: 0, max: 90 }),
          terms: fc.oneof(discount, freeDelivery),
          minOrderValuePaise: fc.integer({ min: 0, max: 50_000 }),
          window: fc.constantFrom(['00:00', '23:59'], ['09:00', '21:00'], ['06:30', '11:45']),
          usageLimit: fc.integer({ min: 1, max: 1_000 }),
          newUsersOnly: fc.boolean(),
          storeIds: fc.subarray([...facts.liveStores.slice(0, 6)], { maxLength: 3 }),
          customerIds: fc.subarray(world.pools.customers.own.slice(0, 6), { maxLength: 2 }),
        })
        .chain(({ start, length, terms, window, ...rest }) =>
          fc
            .tuple(day(fc.constant(start)), day(fc.constant(start + length)))
            .map(([validFrom, expiresAt]) => ({
              body: json({
                ...rest,
                ...terms,
                validFrom,
                expiresAt,
                availStartTime: window[0],
                availEndTime: window[1],
              }),
            })),
        );
    }
    case 'PATCH /api/coupons/{code}': {
      const code = pick(couponCodes.own);
      return (
        code &&
        code.map((c) => ({
          params: params({ code: c }),
          body: json({ usageType: 'CLOSE', version: currentVersion }),
        }))
      );
    }
    case 'POST /api/admins':
    case 'POST /api/delivery-executives':
      return staff.map((body) => ({ body: json(body) }));
    case 'PATCH /api/admins/{userId}':
    case 'PATCH /api/delivery-executives/{userId}': {
      const pool = op.path.startsWith('/api/admins') ? world.pools.admins.own : world.pools.dexes.own;
      const user = pick(pool);
      return (
        user &&
        fc
          .tuple(
            user,
            staff,
            fc.subarray(['name', 'phone', 'zoneId', 'password', 'email'] as const, { minLength: 1 }),
          )
          .map(([userId, values, fields]) => ({
            params: params({ userId }),
            body: json({ ...Object.fromEntries(fields.map((f) => [f, values[f]])), version: currentVersion }),
          }))
      );
    }
    case 'PATCH /api/account':
      // The generic requests rarely name the right current password: without these, whether any
      // update succeeded was left to chance. The password stays PASSWORD, and the e-mail one of the
      // two actors' own (the other's is taken: 409), so that no verification mail uses up the
      // per-account limit that the verification batches after this one need.
      return fc
        .record(
          {
            name: word,
            email: fc.constantFrom(world.biz.owner.email, world.biz.admin.email),
            phone: mobile,
            password: fc.constant(PASSWORD),
            currentPassword: fc.constant(PASSWORD),
          },
          { requiredKeys: ['name', 'email', 'phone', 'currentPassword'] },
        )
        .map((body) => ({ body: json({ ...body, version: currentVersion }) }));
    case 'PATCH /api/settings/business':
      return fc
        .record(
          {
            name: word,
            description: word,
            timeZone: fc.constantFrom(
              'Asia/Kolkata',
              'UTC',
              'America/New_York',
              'Pacific/Kiritimati',
              'Asia/Kathmandu',
            ),
            type: fc.constant('multiple'),
            mainStoreId: fc.oneof(fc.constant(null), store ?? fc.constant(null)),
            theme: theme.map(({ primaryColor, accentColor, textPrimary }) => ({
              primaryColor,
              accentColor,
              textPrimary,
            })),
            live: fc.constant(true),
            customerAppUrl: fc.oneof(fc.constant(null), fc.constant('https://shop.example.test')),
            // A domain of its own (now and then the rival's, 409, or one of this server's, 400), or none.
            shopDomain: fc.oneof(
              { weight: 4, arbitrary: fc.constant(null) },
              {
                weight: 4,
                arbitrary: fc.stringMatching(/^[a-z]{3,8}$/).map((l) => `${l}.${unique()}.shop.test`),
              },
              {
                weight: 1,
                arbitrary: fc.constantFrom(world.rivalShopDomain, world.rivalShopDomain.toUpperCase()),
              },
              { weight: 1, arbitrary: fc.constantFrom('demo.localhost', 'localhost', '127.0.0.1', '') },
            ),
            smsDailyLimit: fc.oneof(
              fc.integer({ min: 0, max: 100_000 }),
              fc.constantFrom(0, 1, 500, 100_000),
            ),
          },
          { requiredKeys: [] },
        )
        .map((body) => ({ body: json({ ...body, version: currentVersion }) }));
    case 'POST /api/settings/payment-modes':
    case 'PATCH /api/settings/payment-modes/{id}': {
      const upi = fc.record({ name: word, upiId: fc.constantFrom('shop@upi', 'fresh.mart@okbank') });
      if (op.method === 'POST') {
        return fc
          .oneof(
            fc.record({ title: word, type: fc.constantFrom('COD', 'CARD'), enabled: fc.boolean() }),
            fc.record({ title: word, type: fc.constant('UPI'), upiInfo: upi }),
          )
          .map((body) => ({ body: json(body) }));
      }
      const mode = pick(world.pools.paymentModes.own);
      return (
        mode &&
        fc
          .record({
            id: mode,
            title: word,
            enabled: fc.boolean(),
            reason: fc.option(word, { nil: undefined }),
          })
          .map(({ id, title, enabled, reason }) => ({
            params: params({ id }),
            body: json({
              title,
              enabled,
              ...(enabled ? {} : { disableReason: reason ?? 'Closed today' }),
              version: currentVersion,
            }),
          }))
      );
    }
    case 'POST /api/orders/{orderId}/status':
    case 'POST /api/orders/status': {
      const order = pick(facts.openOrders);
      if (!order) return undefined;
      const change = fc.record({
        status: fc.constantFrom(-2, -1, 0, 1, 2),
        note: fc.option(word, { nil: undefined }),
        withDex: fc.boolean(),
      });
      const dexOf = (zoneId: string) => facts.dexesByZone[zoneId]?.[0];
      if (op.method === 'POST' && op.path.endsWith('{orderId}/status')) {
        return fc.tuple(order, change).map(([[orderId, zoneId], { status, note, withDex }]) => ({
          params: params({ orderId }),
          body: json({
            status,
            note,
            ...(withDex || status === 1 ? { dexId: dexOf(zoneId) } : {}),
            version: currentVersion,
          }),
        }));
      }
      return fc
        .tuple(fc.uniqueArray(order, { minLength: 1, maxLength: 3, selector: ([id]) => id }), change)
        .map(([orders, { status, note, withDex }]) => ({
          body: json({
            status,
            note,
            ...(withDex || status === 1 ? { dexId: dexOf(orders[0]![1]) } : {}),
            orders: orders.map(([id]) => ({ id, version: currentVersion })),
          }),
        }));
    }
    case 'POST /api/storefront/orders/{orderId}/payment': {
      // The customer's own orders: the staged one awaits its online payment.
      const order = pick(world.pools.customerOrders.own);
      if (!order) return undefined;
      return order.map((orderId) => ({ params: params({ orderId }) }));
    }
    case 'POST /api/storefront/orders/{orderId}/payment/verify': {
      // The checkout's true answer (staged), as it came or with one part of it changed.
      const answer = pick(world.pools.checkoutAnswers);
      if (!answer) return undefined;
      return fc
        .tuple(answer, fc.constantFrom('as it came', 'signature', 'paymentId', 'gatewayOrderId'))
        .map(([{ orderId, ...body }, changed]) => ({
          params: params({ orderId }),
          body: json(
            changed === 'as it came'
              ? body
              : changed === 'signature'
                ? { ...body, signature: body.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }
                : { ...body, [changed]: `${body[changed]}x` },
          ),
        }));
    }
    case 'POST /api/storefront/orders/{orderId}/tip': {
      // The staged order, delivered and not tipped yet: a tip of an amount within the limits
      // (the customer's own orders are many by then, and the body's schema is wider).
      const order = pick(world.pools.tippable);
      if (!order) return undefined;
      return fc
        .tuple(order, fc.integer({ min: tipLimits.minPaise, max: tipLimits.maxPaise }))
        .map(([orderId, amountPaise]) => ({ params: params({ orderId }), body: json({ amountPaise }) }));
    }
    case 'POST /api/storefront/orders/{orderId}/tip/verify': {
      // A tip's checkout answer (staged), as it came or with one part of it changed (ADR 0073).
      const answer = pick(world.pools.tipAnswers);
      if (!answer) return undefined;
      return fc
        .tuple(answer, fc.constantFrom('as it came', 'signature', 'paymentId'))
        .map(([{ orderId, ...body }, changed]) => ({
          params: params({ orderId }),
          body: json(
            changed === 'as it came'
              ? body
              : changed === 'signature'
                ? { ...body, signature: body.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }
                : { ...body, paymentId: `${body.paymentId}x` },
          ),
        }));
    }
    case 'POST /api/payments/razorpay/webhook': {
      // Bodies signed with the webhook secret, as the gateway signs them: events of every kind with
      // entities of any shape, which must be taken (or refused) without an error.
      const entity = fc.dictionary(
        fc.constantFrom('id', 'order_id', 'payment_id', 'amount', 'currency', 'status', 'method', 'fee'),
        fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(null), fc.double()),
      );
      const event = fc.oneof(
        fc.record({
          event: fc.constantFrom(
            'payment.captured',
            'payment.failed',
            'refund.processed',
            'refund.failed',
            'order.paid',
          ),
          payload: fc.record(
            { payment: fc.record({ entity }), refund: fc.record({ entity }) },
            { requiredKeys: [] },
          ),
        }),
        fc.jsonValue(),
      );
      return fc.tuple(event, fc.stringMatching(/^evt_[A-Za-z0-9]{6,14}$/)).map(([value, eventId]) => {
        const payload = JSON.stringify(value) ?? 'null';
        return {
          headers: {
            'x-razorpay-signature': createHmac('sha256', world.gateway.webhookSecret)
              .update(payload)
              .digest('hex'),
            'x-razorpay-event-id': eventId,
          },
          body: { kind: 'raw', what: 'a signed event', payload, contentType: 'application/json' },
        };
      });
    }
    case 'POST /api/storefront/orders/{orderId}/cancel': {
      // The customer's orders the store has not confirmed (the staging keeps one): no body at all (a
      // cancel without a reason), or a reason of their list with a note.
      const order = pick(facts.customerPlaced);
      if (!order) return undefined;
      const body = fc.oneof(
        fc.constant<Plan['body']>({ kind: 'none' }),
        fc
          .record(
            { reason: fc.constantFrom(...customerCancelReasons), note: word },
            { requiredKeys: ['reason'] },
          )
          .map(json),
      );
      return fc.tuple(order, body).map(([orderId, sent]) => ({ params: params({ orderId }), body: sent }));
    }
    case 'POST /api/storefront/orders/{orderId}/upi-paid': {
      // The customer's open orders by UPI not paid yet (the staging keeps one), with a reference as
      // a UPI app shows one (a 12-digit UTR).
      const order = pick(facts.upiUnpaid);
      if (!order) return undefined;
      return fc
        .tuple(order, fc.stringMatching(/^\d{12}$/))
        .map(([orderId, reference]) => ({ params: params({ orderId }), body: json({ reference }) }));
    }
    case 'POST /api/orders/{orderId}/refunds': {
      // A paid order and at most what is left of it: cash and UPI are recorded, online goes to the
      // gateway (to one payment at a time, so some of these are 400s that name the most it can be).
      const order = pick(facts.refundable);
      if (!order) return undefined;
      return order.chain(([orderId, left]) =>
        fc
          .record({
            amountPaise: fc.integer({ min: 1, max: left }),
            reference: fc.option(fc.stringMatching(/^\d{12}$/), { nil: undefined }),
            note: fc.option(word, { nil: undefined }),
          })
          .map((body) => ({ params: params({ orderId }), body: json({ ...body, version: currentVersion }) })),
      );
    }
    case 'PATCH /api/orders/{orderId}/items': {
      // An open order's lines become some of its store's items: a share get past every check.
      const order = pick(facts.editableOrders);
      if (!order) return undefined;
      const sellableOf = new Map(facts.sellable);
      return fc
        .tuple(order, fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }))
        .map(([[orderId, storeId], quantities]) => ({
          params: params({ orderId }),
          body: json({
            version: currentVersion,
            items: (sellableOf.get(storeId) ?? [])
              .slice(0, quantities.length)
              .map((itemId, i) => ({ itemId, quantity: quantities[i] })),
          }),
        }));
    }
    case 'POST /api/orders/{orderId}/slot': {
      // An open order of a store that delivers in slots, to one of the slots it offers (staged).
      const offers = world.pools.slotOffers;
      const order = pick(facts.editableOrders.filter(([, storeId]) => (offers[storeId]?.length ?? 0) > 0));
      if (!order) return undefined;
      return order.chain(([orderId, storeId]) =>
        fc.constantFrom(...offers[storeId]!).map((slotId) => ({
          params: params({ orderId }),
          body: json({ slotId, version: currentVersion }),
        })),
      );
    }
    case 'POST /api/storefront/orders': {
      const basket = pick(facts.sellable);
      if (!basket) return undefined;
      const lines = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 });
      const coupon = fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.constantFrom('SAVE10', 'save10', 'FREESHIP') },
        { weight: 1, arbitrary: fc.constantFrom(...couponCodes.own, 'NOPE') },
      );
      const note = fc.option(word, { nil: undefined });
      // How the customer pays: mostly a mode the business takes, now and then one it does not (or CARD).
      const paymentMode = fc.oneof(
        ...(facts.paymentModes.length > 0
          ? [{ weight: 5, arbitrary: fc.constantFrom(...facts.paymentModes) }]
          : []),
        { weight: 1, arbitrary: fc.constantFrom('COD', 'UPI', 'CARD') },
      );
      const linesOf = (itemIds: string[], quantities: number[]) =>
        itemIds.slice(0, quantities.length).map((itemId, i) => ({ itemId, quantity: quantities[i] }));
      // The business's own system's order (its secret API key, ADR 0056): it names the customer, the
      // address in full (mostly at the store's door, now and then anywhere near) and the mode, and now
      // and then leaves one of them out (400).
      const at = (storeId: string) => facts.places[storeId];
      const keyed = fc
        .record({
          basket,
          lines,
          customer: fc.record({ name: word, phone: mobile }),
          coupon,
          address: fc.option(
            fc.record({
              label: word,
              text: word,
              nearby: fc.boolean(),
              lat: fc.double({ min: 12.9, max: 13.05, noNaN: true }),
              lng: fc.double({ min: 77.55, max: 77.65, noNaN: true }),
            }),
            { nil: undefined, freq: 8 },
          ),
          paymentMode: fc.option(paymentMode, { nil: undefined, freq: 8 }),
          note,
        })
        .map(
          ({
            basket: [storeId, itemIds],
            lines: quantities,
            customer,
            coupon: code,
            address: where,
            paymentMode: mode,
            note: text,
          }): Exemplar => {
            const door = at(storeId);
            const address =
              where === undefined
                ? undefined
                : {
                    label: where.label,
                    text: where.text,
                    ...(where.nearby && door ? door : { lat: where.lat, lng: where.lng }),
                  };
            return {
              actor: 'system',
              body: json({
                customer,
                storeId,
                items: linesOf(itemIds, quantities),
                ...(code === undefined ? {} : { couponCode: code }),
                ...(address === undefined ? {} : { deliveryAddress: address }),
                ...(mode === undefined ? {} : { paymentMode: mode }),
                ...(text === undefined ? {} : { note: text }),
              }),
            };
          },
        );
      // A signed-in customer's: to one of their saved addresses that the store delivers to, paid by a mode.
      const delivered = pick(facts.deliverable);
      if (!delivered) return keyed;
      const signedIn = fc
        .record({ delivered, lines, coupon, paymentMode, note })
        .map(
          ({
            delivered: [storeId, itemIds, addressId],
            lines: quantities,
            coupon: code,
            paymentMode: mode,
            note: text,
          }): Exemplar => ({
            actor: 'customer',
            body: json({
              storeId,
              items: linesOf(itemIds, quantities),
              addressId,
              paymentMode: mode,
              ...(code === undefined ? {} : { couponCode: code }),
              ...(text === undefined ? {} : { note: text }),
            }),
          }),
        );
      return fc.oneof(keyed, signedIn);
    }
    case 'POST /api/storefront/quote': {
      const basket = pick(facts.orderable.length > 0 ? facts.orderable : facts.sellable);
      if (!basket) return undefined;
      return fc
        .record({
          basket,
          lines: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
          coupon: fc.option(fc.constantFrom('SAVE10', 'save10', 'FREESHIP', 'NOPE', ...couponCodes.own), {
            nil: undefined,
          }),
        })
        .map(({ basket: [storeId, itemIds], lines, coupon }) => ({
          body: json({
            storeId,
            items: itemIds.slice(0, lines.length).map((itemId, i) => ({ itemId, quantity: lines[i] })),
            ...(coupon === undefined ? {} : { couponCode: coupon }),
          }),
        }));
    }
    case 'POST /api/storefront/auth/verify': {
      // The codes staged for this batch: each signs in once, then it (and its phone's others) is used up.
      const staged = pick(world.pools.signInCodes);
      if (!staged) return undefined;
      return fc
        .record({ staged, name: fc.option(word, { nil: undefined }) })
        .map(({ staged: { phone, code }, name }) => ({
          actor: 'anonymous' as const,
          body: json({ phone, code, ...(name === undefined ? {} : { name }) }),
        }));
    }
    case 'POST /api/storefront/addresses':
      return fc
        .record(
          {
            label: fc.constantFrom('Home', 'Work', 'Parents', 'Gym'),
            text: word,
            landmark: word,
            lat: fc.double({ min: 12.9, max: 13.05, noNaN: true }),
            lng: fc.double({ min: 77.55, max: 77.65, noNaN: true }),
          },
          { requiredKeys: ['label', 'text', 'lat', 'lng'] },
        )
        .map((body) => ({ actor: 'customer' as const, body: json(body) }));
    case 'POST /api/storefront/push-subscriptions':
    case 'POST /api/delivery/push-subscriptions':
      return fc.constantFrom(...world.subscriptions).map((subscription) => ({ body: json(subscription) }));
    // A device the executive registered: the pool of subscriptions grows before every operation, so
    // an endpoint drawn from it alone is less and less likely to be one of theirs.
    case 'DELETE /api/delivery/push-subscriptions': {
      const endpoint = pick(facts.executiveEndpoints);
      return endpoint?.map((value) => ({ body: json({ endpoint: value }) }));
    }
    // The acting executive's own open orders, moved on (mostly) the one step they may take, with the
    // customer's code (mostly right) and the cash; now and then another move, or a wrong code.
    case 'POST /api/delivery/orders/{orderId}/status': {
      const order = pick(facts.executiveOrders);
      if (!order) return undefined;
      return fc
        .record({
          order,
          next: fc.oneof(
            { weight: 6, arbitrary: fc.constant<number | null>(null) },
            { weight: 1, arbitrary: fc.constantFrom<number | null>(-2, -1, 0, 1, 2) },
          ),
          rightCode: fc.oneof(
            { weight: 6, arbitrary: fc.constant(true) },
            { weight: 1, arbitrary: fc.constant(false) },
          ),
          cashCollected: fc.oneof(
            { weight: 6, arbitrary: fc.constant<boolean | undefined>(true) },
            { weight: 1, arbitrary: fc.constantFrom<boolean | undefined>(false, undefined) },
          ),
        })
        .map(({ order: [orderId, status, code], next, rightCode, cashCollected }) => {
          const to = next ?? (status === 1 ? 2 : -2);
          return {
            actor: 'executive' as const,
            params: params({ orderId }),
            body: json({
              status: to,
              version: currentVersion,
              ...(to === -2 ? { code: rightCode ? (code ?? '0000') : '0000', cashCollected } : {}),
            }),
          };
        });
    }
    // Cash collected and not settled yet, mostly at the amount collected.
    case 'POST /api/dispatch/cash/settlements': {
      const cash = pick(facts.unsettledCash);
      if (!cash) return undefined;
      return fc
        .tuple(
          cash,
          fc.oneof(
            { weight: 5, arbitrary: fc.constant(0) },
            { weight: 1, arbitrary: fc.integer({ min: -1_000, max: 1_000 }) },
          ),
        )
        .map(([[executiveId, day, collectedPaise], off]) => ({
          body: json({ executiveId, day, collectedPaise: collectedPaise + off }),
        }));
    }
    // A day's payout of an executive (ADR 0073), mostly at the net it comes to.
    case 'POST /api/payouts': {
      const payout = pick(facts.payouts);
      if (!payout) return undefined;
      return fc
        .tuple(
          payout,
          fc.oneof(
            { weight: 5, arbitrary: fc.constant(0) },
            { weight: 1, arbitrary: fc.integer({ min: -1_000, max: 1_000 }) },
          ),
        )
        .map(([[executiveId, day, netPaise], off]) => ({
          body: json({ executiveId, from: day, to: day, netPaise: netPaise + off }),
        }));
    }
    case 'POST /api/delivery/sign-in':
      // The acting executive with their password: staff's accounts and wrong passwords come from the
      // generic plans (each failure makes the account's next try wait, so they stay few).
      return fc.constant({ body: json({ email: world.biz.dex.email, password: PASSWORD }) });
    case 'POST /api/onboarding/account':
      return fc
        .record({
          name: word,
          email: uniqueEmail,
          phone: mobile,
          password: fc.constantFrom(PASSWORD, 'sign-up-pass-1'),
        })
        .map((user) => ({ body: json({ ...user, confirmPassword: user.password }) }));
    case 'POST /api/onboarding':
    case 'POST /api/onboarding/verification-email': {
      const signUp = pick(signUps);
      if (!signUp) return undefined;
      return fc
        .record({ signUp, name: word, description: word, theme, phone: mobile })
        .map(({ signUp: { token, email, password }, name, description, theme: t, phone }) => ({
          headers: { 'x-onboarding-token': token },
          ...(op.path === '/api/onboarding'
            ? {
                body: json({
                  business: {
                    name,
                    description,
                    theme: {
                      primaryColor: t.primaryColor,
                      accentColor: t.accentColor,
                      textPrimary: t.textPrimary,
                    },
                  },
                  user: { name, email, phone, password, confirmPassword: password },
                  iconFileData: `data:image/png;base64,${makePng(6, 6).toString('base64')}`,
                }),
              }
            : {}),
        }));
    }
    default:
      return undefined;
  }
}

/** An exemplar as is, mostly, or with one or two things wrong with its body. */
export function spoiled(exemplar: fc.Arbitrary<Exemplar>): fc.Arbitrary<Exemplar> {
  return fc.oneof(
    { weight: 4, arbitrary: exemplar },
    {
      weight: 1,
      arbitrary: exemplar.chain((e) =>
        e.body?.kind === 'json'
          ? mutated(fc.constant(e.body.value)).map((value) => ({ ...e, body: json(value) }))
          : fc.constant(e),
      ),
    },
  );
}
