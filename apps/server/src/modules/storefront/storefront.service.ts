import type { OnlinePayments } from '#server/modules/payments/payments.service.ts';
import { awaitsOnlinePayment, onlinePaymentMessages, payableOnline } from '@storedesk/shared/payments/online';
import { paymentDuePaise } from '@storedesk/shared/payments/refunds';
import type { CancelReason } from '@storedesk/shared/orders/cancellation';
import { createHash, randomInt } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { messages } from '@storedesk/shared/messages';
import { formatRupees } from '@storedesk/shared/money';
import { OrderStatus, orderStateFor } from '@storedesk/shared/orders';
import {
  storefrontCatalogueLimit,
  storefrontLimits,
  storefrontMessages,
  type CustomerOrder,
  type StorefrontBusinessProfile,
  storefrontCatalogueSchema,
  type StorefrontCatalogue,
  type StorefrontOrder,
  type StorefrontOrderRequest,
  type StorefrontQuote,
  type StorefrontQuoteRequest,
  type StorefrontStore,
} from '@storedesk/shared/storefront/schemas';
import {
  boundingBox,
  closureAt,
  closureWords,
  deliversTo,
  distanceKm,
  orderingRefusal,
  roundKm,
  serviceabilityMessages,
  type GeoPoint,
} from '@storedesk/shared/storefront/serviceability';
import { deliveryRadius, StoreStatus } from '@storedesk/shared/stores/schemas';
import { slotMessages, slotsOf, type Slot } from '@storedesk/shared/stores/slots';
import { raisedDetail } from '#server/lib/pg-errors.ts';
import { slotRuleOf } from '#server/modules/stores/stores.service.ts';
import { executiveFeePaise, tipUntil } from '@storedesk/shared/delivery/earnings-rules';
import { paymentModeTypeLabels, type PaymentModeType } from '@storedesk/shared/settings/payment-modes';
import { customerMessages } from '@storedesk/shared/storefront/customers';
import type { ApiKeyCaller, AuthContext, CustomerContext } from '#server/lib/callers.ts';
import type { Database, Executor, Transaction } from '#server/db/client.ts';
import type { OrderAddressSnapshot, orders } from '#server/db/schema.ts';
import type { CustomerScope } from '#server/lib/scope.ts';

import { AppError, invalid, notFound, stale, unauthenticated } from '#server/lib/errors.ts';
import { fileUrl } from '#server/storage/images.ts';
import { EncodedAnswers, type EncodedAnswer } from '#server/lib/encoded-answers.ts';
import {
  createOrder,
  orderRowOf,
  ratingOf,
  toDetail,
  writeOrderSlot,
} from '#server/modules/orders/orders.service.ts';
import type { OrderSlotChange } from '@storedesk/shared/orders/slot-change';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { formatSlot } from '@storedesk/shared/dates';
import { ratingUntil } from '@storedesk/shared/storefront/ratings';
import { etaMinutes, firstNameOf, type OrderExecutive } from '@storedesk/shared/delivery/eta';
import { assertMayOrder } from '#server/modules/customers/customers.service.ts';
import { customerSessionPart } from '#server/modules/customers/customer-accounts.service.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import { couponRefusal, referralOffer } from '@storedesk/shared/coupons/rules';
import {
  chargesFor,
  priceWithCharges,
  type CatalogueLine,
  type PricedOrder,
} from '@storedesk/shared/orders/pricing';
import { deliveryTermsFor, type StoreDeliveryRule } from '@storedesk/shared/stores/delivery-rule';
import { referralProgramme } from '#server/modules/coupons/coupons.service.ts';
import type { StorefrontBusiness } from '#server/lib/callers.ts';
import {
  maxQuantityOf,
  priceRange,
  soldAs,
  unitsLeft,
  unitsLeftShown,
  variantInStock,
  variantMessages,
} from '@storedesk/shared/catalogue/variants';
import { stockShort, stockTaking, type StockLine } from '#server/modules/catalogue/stock.service.ts';
import * as repo from './storefront.repository.ts';
import { referralSignals, type ReferralSignal } from './referral-signals.ts';

/**
 * The business whose publishable key was presented: 401 without one, 402 once its service has
 * ended (D5), as for the console; and, when a customer's bearer token came with it, the signed-in
 * customer it names there (null when it names no live session), read in the same statement.
 */
export async function storefrontCallerOf(
  db: Executor,
  key: unknown,
  customerToken?: string,
): Promise<{ business: StorefrontBusiness; customer: CustomerContext | null }> {
  if (typeof key !== 'string' || key.trim() === '') throw unauthenticated(storefrontMessages.missingKey);
  if (key.length > storefrontLimits.storefrontKeyMax) throw unauthenticated(storefrontMessages.unknownKey);
  const session = customerToken === undefined ? null : customerSessionPart(customerToken);
  const found = await repo.findBusinessByStorefrontKey(db, key, session?.column);
  if (!found) throw unauthenticated(storefrontMessages.unknownKey);
  if (found.serviceEndsAt !== null && found.serviceEndsAt.getTime() <= Date.now()) {
    throw new AppError('service_ended', messages.serviceEnded);
  }
  const business = { id: found.id, name: found.name, timeZone: found.timeZone, live: found.live };
  return { business, customer: session ? await session.resolve(db, business, found.also) : null };
}

/**
 * 401 for an order that comes from neither a signed-in customer nor one of the business's secret
 * keys (ADR 0056): the publishable key is in every shop page, so it alone places nothing.
 */
export function assertMayPlaceOrders(caller: OrderCaller): void {
  if (!caller.customer && !caller.apiKey) throw unauthenticated(customerMessages.signIn);
}

/** 409 when the business is not live: it takes no orders, whatever they hold. */
export function assertTakingOrders(business: StorefrontBusiness): void {
  if (!business.live) throw new AppError('conflict', storefrontMessages.businessNotLive);
}

/**
 * The store of an order or a quote, as read with the database's time (`findOrderInputs`), able to
 * take it now or for the slot named: 404 when it is not a live store of the business; 409 (naming
 * `storeId`) when it is not Open, or outside its hours on the business's clock and no slot is
 * named; 409 (naming `slotId`) when a slot is named that the store does not offer now (B19).
 */
function storeTakingOrders(
  business: StorefrontBusiness,
  found: repo.OrderInputs | null,
  slotId?: string,
): { store: repo.StorefrontStoreRow; now: Date; slot: Slot | null } {
  if (!found) throw notFound();
  const { now, store } = found;
  if (slotId === undefined) {
    let refusal = orderingRefusal(store, now, business.timeZone);
    // Closed for now, but taking orders for later: the customer chooses a slot.
    if (refusal && store.status === StoreStatus.Open && slotRuleOf(store)) refusal = slotMessages.chooseSlot;
    if (refusal) throw new AppError('conflict', refusal, { fields: { storeId: refusal } });
    return { store, now, slot: null };
  }
  return { store, now, slot: slotOffered({ ...store, now }, business, slotId) };
}

/**
 * The slot `slotId` as an Open store that delivers in slots offers it at its `now`, or 409: the store
 * takes no orders, delivers in no slots, or offers that slot no more. For a customer's order and for
 * staff moving an order to another slot alike.
 */
function slotOffered(
  found: repo.StorefrontStoreRow & { now: Date },
  business: { timeZone: string },
  slotId: string,
): Slot {
  const { now, ...store } = found;
  if (store.status !== StoreStatus.Open) {
    const refusal = orderingRefusal(store, now, business.timeZone)!;
    throw new AppError('conflict', refusal, { fields: { storeId: refusal } });
  }
  const rule = slotRuleOf(store);
  if (!rule) throw new AppError('conflict', slotMessages.none, { fields: { slotId: slotMessages.none } });
  const slot = slotsOf({ ...store, deliverySlots: rule }, now, business.timeZone).find(
    (each) => each.id === new Date(slotId).toISOString(),
  );
  if (!slot) throw new AppError('conflict', slotMessages.gone, { fields: { slotId: slotMessages.gone } });
  return slot;
}

/**
 * Staff move an open order to another of its store's slots (B19, ADR 0077), or book one for an order
 * placed for as soon as possible: the slot must be one the store offers now, with a place left
 * (else 409, and nothing changes); the order's place in its old slot is given back. Until it is
 * picked up; on its timeline and live to everyone who follows it. The same slot again changes nothing.
 */
export async function changeOrderSlot(
  db: Database,
  auth: AuthContext,
  orderId: string,
  input: OrderSlotChange,
): Promise<OrderDetail> {
  const order = await orderRowOf(db, auth, orderId);
  if (order.version !== input.version) throw stale(await toDetail(db, order));
  if (order.status !== OrderStatus.Placed && order.status !== OrderStatus.Confirmed) {
    throw new AppError('conflict', slotMessages.pickedUp, { current: await toDetail(db, order) });
  }
  return db.transaction(async (tx) => {
    const found = await repo.findStore(tx, order.businessId, order.storeId);
    if (!found) throw new AppError('conflict', slotMessages.none, { fields: { slotId: slotMessages.none } });
    const slot = slotOffered(found, auth.business, input.slotId);
    if (order.slotStartsAt?.toISOString() === slot.startsAt) return toDetail(tx, order);
    const note = slotMessages.moved(formatSlot(slot, auth.business.timeZone));
    return writeOrderSlot(tx, auth, order, slot, note).catch((error: unknown) => {
      if (raisedDetail(error, slotFullState) !== null) throw slotFull();
      throw error;
    });
  });
}

/** The SQLSTATE `book_order_slot` raises for a full slot (routines.sql). */
const slotFullState = 'SD410';
const slotFull = () => new AppError('conflict', slotMessages.full, { fields: { slotId: slotMessages.full } });

/**
 * The delivery slots a live store of the business offers now (B19, ADR 0077), earliest first, with
 * how many more orders each takes; none when it is not Open or delivers as soon as possible only.
 */
export async function slotsOfStore(
  db: Executor,
  business: StorefrontBusiness,
  storeId: string,
): Promise<Slot[]> {
  const found = await repo.findStore(db, business.id, storeId);
  if (!found) throw notFound();
  const { now, ...store } = found;
  const rule = slotRuleOf(store);
  if (!rule || store.status !== StoreStatus.Open) return [];
  const booked = await repo.findSlotBookings(db, business.id, store.id, now);
  return slotsOf({ ...store, deliverySlots: rule }, now, business.timeZone, booked);
}

type Basket = Pick<StorefrontOrderRequest, 'items' | 'couponCode'>;

/**
 * The bill of a basket at a store, as an order of it would have it now: the
 * catalogue's prices, the minimum order, the delivery charge and the coupon
 * (on the business's clock, for this customer when one is known). With
 * `forOrder` the coupon is locked and its use counted; without, nothing is
 * written.
 */
async function billFor(
  tx: Executor,
  business: StorefrontBusiness,
  /** The store, and how far the order goes from it (null: not known, as for a quote without an address). */
  store: { id: string; deliveryRule: StoreDeliveryRule | null; distanceKm: number | null },
  basket: Basket,
  /** The basket's items and the order settings, as `findOrderInputs` read them. */
  read: Pick<repo.OrderInputs, 'items' | 'settings'>,
  now: Date,
  /** Null before sign-in; an order from the business's own systems has no account (`id` null). */
  customer: { id: string | null; firstOrder: boolean; referredAt: Date | null } | null,
  /** The order's transaction, for an order: the coupon is locked and its use counted in it. */
  forOrder: Transaction | null,
  /** What a referral offer is given once to: the order's address and device (ADR 0058). */
  signals: ReferralSignal[] = [],
): Promise<{
  priced: PricedOrder;
  couponCode: string | null;
  referralClaims: ReferralSignal[];
  stockLines: StockLine[];
  /** What delivering it pays the executive (ADR 0073), by the settings read with its charges. */
  executiveFee: { perDeliveryPaise: number; perKmPaise: number };
}> {
  const businessId = business.id;
  const lines = catalogueLinesOf(read.items, basket.items);
  const settings = read.settings;
  const itemsTotalPaise = priceWithCharges(lines, []).itemsTotalPaise;
  // The store's own rule where it has one (ADR 0081), else the business's order settings.
  const terms = deliveryTermsFor(store.deliveryRule, settings, itemsTotalPaise, store.distanceKm);
  if (itemsTotalPaise < terms.minimumOrderPaise) {
    const message = storefrontMessages.belowMinimumOrder(formatRupees(terms.minimumOrderPaise));
    throw invalid({ items: message }, message);
  }
  // The units an order of this basket takes from counted variants (placeOrder takes them): a
  // loose line's steps in grams.
  const stockLines = lines
    .filter((line) => line.counted)
    .map((line) => ({
      variantId: line.variantId,
      quantity: line.quantity * (line.stepGrams ?? 1),
      field: line.field,
      stepGrams: line.stepGrams ?? null,
    }));
  if (basket.couponCode === undefined) {
    // Without a coupon, a referred customer's first order gets the referral programme's offer (ADR 0041).
    // Only once per address and device, whatever the phone (ADR 0058): an order holds its signals
    // until it commits, so two at once cannot both take the offer.
    let referral =
      customer?.referredAt && customer.firstOrder
        ? referralOffer(await referralProgramme(tx, { businessId }), customer, now, itemsTotalPaise)
        : null;
    if (referral && signals.length > 0) {
      if (forOrder) await repo.lockReferralSignals(forOrder, businessId, signals);
      if (await repo.anyReferralClaimed(tx, businessId, signals)) referral = null;
    }
    return {
      priced: priceWithCharges(lines, terms.charges, referral),
      couponCode: null,
      referralClaims: referral ? signals : [],
      stockLines,
      executiveFee: settings.executiveFee,
    };
  }

  const coupon = forOrder
    ? await repo.lockCoupon(forOrder, businessId, basket.couponCode)
    : await repo.findCoupon(tx, businessId, basket.couponCode);
  if (!coupon) throw couponRefused(storefrontMessages.coupon.unknown);
  const refusal = couponRefusal(coupon, {
    now,
    timeZone: business.timeZone,
    storeId: store.id,
    // Before sign-in a quote knows no customer: a coupon for named customers is not theirs yet,
    // and one for first orders is priced as if this were theirs (the order decides).
    customerId: customer?.id ?? '',
    firstOrder: customer?.firstOrder ?? true,
    itemsTotalPaise,
  });
  if (refusal) throw couponRefused(refusal);
  if (forOrder) {
    await repo.countCouponUse(forOrder, businessId, coupon.code);
    // The coupons list shows the uses so far: it follows them live.
    await publishEvent(forOrder, {
      businessId,
      zoneId: null,
      topic: 'coupons',
      action: 'used',
      recordId: coupon.code,
    });
  }
  return {
    priced: priceWithCharges(lines, terms.charges, coupon),
    couponCode: coupon.code,
    referralClaims: [],
    stockLines,
    executiveFee: settings.executiveFee,
  };
}

/** Who places an order: a signed-in customer, or the business's own system with a secret key (ADR 0056). */
export type OrderCaller = { customer: CustomerContext | null; apiKey: ApiKeyCaller | null };

/** Who an order is for, and where it goes and how it is paid, as the request and the token say. */
function orderParties(
  input: StorefrontOrderRequest,
  signedIn: CustomerContext | null,
  online: boolean,
  /** The address named and the enabled payment modes, as `findOrderInputs` read them. */
  read: Pick<repo.OrderInputs, 'address' | 'paymentModes'> | null,
): {
  customer: { name: string; phone: string };
  address: OrderAddressSnapshot | null;
  addressField: 'addressId' | 'deliveryAddress';
  paymentMode: PaymentModeType | null;
} {
  const fields: Record<string, string> = {};
  let customer: { name: string; phone: string } | null = null;
  let address: OrderAddressSnapshot | null = null;
  if (signedIn) {
    if (!signedIn.customer.name) fields.name = customerMessages.nameNeeded;
    customer = { name: signedIn.customer.name, phone: signedIn.customer.phone };
    if (input.addressId === undefined) fields.addressId = storefrontMessages.addressNeeded;
    if (input.paymentMode === undefined) fields.paymentMode = storefrontMessages.paymentModeNeeded;
  } else {
    // The business's own system names the customer and gives the address in full.
    if (input.customer === undefined) fields.customer = storefrontMessages.customerNeeded;
    if (input.addressId !== undefined) fields.addressId = storefrontMessages.customerNeeded;
    if (input.deliveryAddress === undefined) fields.deliveryAddress = storefrontMessages.addressNeeded;
    if (input.paymentMode === undefined) fields.paymentMode = storefrontMessages.paymentModeNeeded;
    customer = input.customer ?? null;
    if (input.deliveryAddress) address = { ...input.deliveryAddress };
  }
  if (Object.keys(fields).length > 0) throw invalid(fields, Object.values(fields)[0]);
  // No live store of the business: nothing else was read.
  if (!read) throw notFound();
  if (signedIn && input.addressId !== undefined) {
    // Not one of theirs (another customer's, deleted, or none): as for any address of another's.
    if (!read.address) throw notFound();
    address = { ...read.address };
  }

  const paymentMode = input.paymentMode ?? null;
  if (paymentMode !== null) {
    const refusal =
      !read.paymentModes.includes(paymentMode) || (paymentMode === 'ONLINE' && !online)
        ? storefrontMessages.paymentModeOff(paymentModeTypeLabels[paymentMode])
        : paymentMode === 'CARD'
          ? storefrontMessages.cardUnavailable
          : // Paying online is the customer's, at the gateway's checkout: the business's own system cannot.
            paymentMode === 'ONLINE' && !signedIn
            ? storefrontMessages.onlineNeedsCustomer
            : null;
    if (refusal) throw invalid({ paymentMode: refusal }, refusal);
  }
  return {
    customer: customer!,
    address,
    addressField: signedIn ? 'addressId' : 'deliveryAddress',
    paymentMode,
  };
}

/** The 4 digits the customer gives the executive at the door. */
const newDeliveryCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/** An order as the customer app and API clients see it. */
export function toStorefrontOrder(order: typeof orders.$inferSelect): StorefrontOrder {
  return {
    id: order.id,
    number: order.number,
    storeId: order.storeId,
    storeName: order.storeName,
    customerId: order.customerId,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    placedAt: order.placedAt.toISOString(),
    status: order.status,
    state: order.state,
    items: order.items,
    itemsTotalPaise: order.itemsTotalPaise,
    couponCode: order.couponCode,
    offer: order.offer,
    discountPaise: order.discountPaise,
    charges: order.charges,
    chargesTotalPaise: order.chargesTotalPaise,
    billAmountPaise: order.billAmountPaise,
    deliveryAddress: order.deliveryAddress,
    paymentMode: order.paymentMode as PaymentModeType | null,
    paid: order.paidAt !== null,
    note: order.note,
    deliveryCode: order.state === orderStateFor(OrderStatus.Placed) ? order.deliveryCode : null,
    cancelReason: order.cancelReason as CancelReason | null,
    refundedPaise: order.refundedPaise,
    upiReference: order.upiReference,
    ifMissing: order.ifMissing,
    payBy: awaitsOnlinePayment(order) ? (order.payBy?.toISOString() ?? null) : null,
    paymentDuePaise: paymentDuePaise({ ...order, paid: order.paidAt !== null }),
    slot:
      order.slotStartsAt && order.slotEndsAt
        ? { startsAt: order.slotStartsAt.toISOString(), endsAt: order.slotEndsAt.toISOString() }
        : null,
    rating: ratingOf(order),
  };
}

/**
 * Places a customer's order (D12) with a live business: prices it from the
 * catalogue, applies the order settings and the coupon (on the business's
 * clock), and stores it with its timeline row, the dashboard counter and the
 * live event. A signed-in customer's order goes to one of their saved
 * addresses, copied into the order, which the store must deliver to, and is
 * paid by one of the business's enabled modes (ADR 0038). Any refusal leaves
 * nothing behind.
 *
 * Everything it needs is read in one statement and the order written in one
 * more (ADR 0088); a transaction holds them only when a coupon or a referral
 * offer is locked and used with it. What the read said is checked again by the
 * write where another order could change it: stock and the slot's place under
 * their rows' locks, and the customer's first order by `orders_first_of_customer`,
 * after which the order is priced again on what is then read.
 */
export async function placeOrder(
  db: Database,
  business: StorefrontBusiness,
  input: StorefrontOrderRequest,
  caller: OrderCaller,
  /** The customer app's id of the device it runs on, when it sent one (ADR 0058). */
  deviceId: string | null = null,
  /** Online payment through the gateway, when the server has one (ADR 0072). */
  payments: Pick<OnlinePayments, 'payByFor'> | null = null,
): Promise<StorefrontOrder> {
  assertTakingOrders(business);
  assertMayPlaceOrders(caller);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await placeOrderOnce(db, business, input, caller, deviceId, payments);
    } catch (error) {
      if (raisedDetail(error, firstOrderChangedState) === null) throw error;
      // Another order of theirs committed between the read and the write: priced again on it.
      if (attempt === firstOrderAttempts) throw new AppError('conflict', storefrontMessages.orderChanged);
    }
  }
}

/** The SQLSTATE `orders_first_of_customer` raises (routines.sql), and how often an order is priced before it gives up. */
const firstOrderChangedState = 'SD411';
const firstOrderAttempts = 3;

async function placeOrderOnce(
  db: Database,
  business: StorefrontBusiness,
  input: StorefrontOrderRequest,
  caller: OrderCaller,
  deviceId: string | null,
  payments: Pick<OnlinePayments, 'payByFor'> | null,
): Promise<StorefrontOrder> {
  const signedIn = caller.customer;
  const businessId = business.id;
  const read = await repo.findOrderInputs(db, businessId, input.storeId, {
    itemIds: input.items.map((line) => line.itemId),
    paymentModes: input.paymentMode !== undefined,
    customer: signedIn?.scope ?? null,
    addressId: signedIn ? (input.addressId ?? null) : null,
  });
  const parties = orderParties(input, signedIn, payments !== null, read);
  const { store, now, slot } = storeTakingOrders(business, read, input.slotId);
  if (
    parties.address &&
    !deliversTo(
      { lat: store.latitude, lng: store.longitude, deliveryRadiusKm: store.deliveryRadiusKm },
      parties.address,
    )
  ) {
    throw invalid(
      { [parties.addressField]: serviceabilityMessages.outsideRadius },
      serviceabilityMessages.outsideRadius,
    );
  }
  // A signed-in customer's order is theirs; one from the business's own system joins no account.
  const customer = signedIn ? read!.customer : null;
  if (signedIn && !customer) throw unauthenticated(customerMessages.signIn);
  if (customer) assertMayOrder(customer);
  const firstOrder = customer?.firstOrder ?? false;
  // Fixed now, as its bill is (ADR 0073): the distance from the store to where it goes.
  const distance = parties.address
    ? distanceKm({ lat: store.latitude, lng: store.longitude }, parties.address)
    : null;
  // Paid online: it waits for its payment, unseen by staff (ADR 0072).
  const awaitingPaymentUntil =
    parties.paymentMode === 'ONLINE' && payments ? await payments.payByFor(db, businessId, now) : undefined;
  const write = async (tx: Executor, forOrder: Transaction | null) => {
    const { priced, couponCode, referralClaims, stockLines, executiveFee } = await billFor(
      tx,
      business,
      { ...store, distanceKm: distance },
      input,
      read!,
      now,
      { id: customer?.id ?? null, firstOrder, referredAt: customer?.referredAt ?? null },
      forOrder,
      referralSignals(parties.address, deviceId),
    );
    // The gateway takes nothing below its least: such a bill is paid another way.
    if (parties.paymentMode === 'ONLINE' && !payableOnline(priced.billAmountPaise))
      throw invalid(
        { paymentMode: onlinePaymentMessages.billBelowLeast },
        onlinePaymentMessages.billBelowLeast,
      );
    // The order takes its counted units (B17) in the statement that writes it, before its row
    // (ADR 0067): of orders for the last units arriving together, those the stock covers go
    // through; the rest are 409 and write nothing. Orders of one business wait for each other from
    // that statement to their commit (ADR 0024), so it comes last (ADR 0066).
    const stock = stockTaking({ businessId, storeId: store.id }, stockLines);
    const order = await createOrder(
      tx,
      {
        businessId,
        zoneId: store.zoneId,
        storeId: store.id,
        storeName: store.name,
        customerId: customer?.id ?? null,
        customerName: parties.customer.name,
        customerPhone: parties.customer.phone,
        firstOfCustomer: customer ? firstOrder : null,
        placedAt: now,
        items: priced.items,
        charges: priced.charges,
        offer: priced.offer,
        couponCode,
        itemsTotalPaise: priced.itemsTotalPaise,
        discountPaise: priced.discountPaise,
        chargesTotalPaise: priced.chargesTotalPaise,
        billAmountPaise: priced.billAmountPaise,
        deliveryAddress: parties.address,
        paymentMode: parties.paymentMode,
        note: input.note ?? null,
        ifMissing: input.ifMissing ?? 'CALL',
        deliveryCode: newDeliveryCode(),
        executiveFeePaise: executiveFeePaise(executiveFee, distance),
        // Its slot's place is booked by the statement that writes it (book_order_slot), or it is refused.
        slotStartsAt: slot ? new Date(slot.startsAt) : null,
        slotEndsAt: slot ? new Date(slot.endsAt) : null,
      },
      {
        // The timeline says which of the business's systems placed a keyed order.
        placedBy: caller.apiKey ? `${caller.apiKey.name} (secret key)` : parties.customer.name,
        ...(awaitingPaymentUntil ? { awaitingPaymentUntil } : {}),
      },
      stock?.part,
    ).catch((error: unknown) => {
      if (raisedDetail(error, slotFullState) !== null) throw slotFull();
      throw stock?.refusal(error) ?? error;
    });
    // A referral offer claims the order's address and device (ADR 0058): the claims name the order.
    if (referralClaims.length > 0) await repo.insertReferralClaims(tx, businessId, order.id, referralClaims);
    return toStorefrontOrder(order);
  };
  // A coupon, or a referral offer for a referred customer's first order, is locked and used in the
  // order's transaction; without either, the order's one statement needs none.
  const offers = input.couponCode !== undefined || (customer?.referredAt != null && firstOrder);
  return offers ? db.transaction((tx) => write(tx, tx)) : write(db, null);
}

/** The signed-in customer's orders, newest first. */
export async function listCustomerOrders(
  db: Executor,
  scope: CustomerScope,
  page: { page: number; pageSize: number },
): Promise<{ items: StorefrontOrder[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.findCustomerOrders(db, scope, page.page * page.pageSize, page.pageSize),
    repo.countCustomerOrders(db, scope),
  ]);
  return { items: rows.map(toStorefrontOrder), total };
}

/**
 * The executive of a customer's order on its way (B19, ADR 0079): confirmed with them or picked up,
 * their first name, the number to call (the business's helpline where it has one) and the
 * estimated arrival from where they were last; null otherwise.
 */
function executiveOf(
  row: NonNullable<Awaited<ReturnType<typeof repo.findCustomerOrder>>>,
  now: Date,
): OrderExecutive {
  const { order, executive } = row;
  // The left join's columns are null only when the order has no executive (a user's phone is required).
  if (
    !executive?.name ||
    executive.phone === null ||
    (order.status !== OrderStatus.Confirmed && order.status !== OrderStatus.PickedUp)
  )
    return null;
  const position =
    executive.lat !== null && executive.lng !== null ? { lat: executive.lat, lng: executive.lng } : null;
  return {
    firstName: firstNameOf(executive.name),
    callNumber: row.helpline ?? executive.phone,
    viaHelpline: row.helpline !== null,
    etaMinutes: etaMinutes(
      { status: order.status, store: row.store, destination: order.deliveryAddress },
      { position, seenAt: executive.seenAt },
      now,
    ),
    seenAt: executive.seenAt?.toISOString() ?? null,
  };
}

/** The executive who delivered a delivered order (ADR 0084), to rate, by the name the order kept. */
function deliveredByOf({ order }: NonNullable<Awaited<ReturnType<typeof repo.findCustomerOrder>>>) {
  if (order.status !== OrderStatus.Delivered || order.dexId === null) return null;
  return { firstName: order.dexName ? firstNameOf(order.dexName) : null };
}

/** One of the signed-in customer's orders with its store's phone and status changes; another's is 404. */
export async function getCustomerOrder(
  db: Executor,
  scope: CustomerScope,
  orderId: string,
  /** Whether the server takes online payment, so tips (ADR 0073). */
  tipsOnline = false,
): Promise<CustomerOrder> {
  const row = await repo.findCustomerOrder(db, scope, orderId);
  if (!row) throw notFound();
  const timeline = await repo.findStatusChanges(db, scope, row.order.id);
  const tip =
    row.tip && row.tip.amountPaise !== null && row.tip.method !== null && row.tip.paidAt !== null
      ? { amountPaise: row.tip.amountPaise, method: row.tip.method, paidAt: row.tip.paidAt.toISOString() }
      : null;
  const now = new Date();
  const until = tipsOnline ? tipUntil(row.order, tip !== null, now) : null;
  return {
    ...toStorefrontOrder(row.order),
    storePhone: row.storePhone,
    timeline: timeline.map((change) => ({ status: change.status, at: change.at.toISOString() })),
    tip,
    tipUntil: until?.toISOString() ?? null,
    ratingUntil: ratingUntil(row.order, now)?.toISOString() ?? null,
    deliveredBy: deliveredByOf(row),
    executive: executiveOf(row, now),
  };
}

/**
 * The bill an order of this cart would have now (ADR 0037): the same store,
 * item, minimum-order and coupon rules as placing it, with the same refusals,
 * in a transaction that writes nothing and locks nothing.
 */
export async function quoteOrder(
  db: Database,
  business: StorefrontBusiness,
  input: StorefrontQuoteRequest,
  /** A signed-in customer's quote is theirs: their coupons, their first order, their referral offer. */
  signedIn: CustomerContext | null = null,
  deviceId: string | null = null,
): Promise<StorefrontQuote> {
  assertTakingOrders(business);
  // No transaction: a quote writes and locks nothing, and a cart priced a moment apart is as good.
  const read = await repo.findOrderInputs(db, business.id, input.storeId, {
    itemIds: input.items.map((line) => line.itemId),
    paymentModes: false,
    customer: signedIn?.scope ?? null,
    addressId: signedIn ? (input.addressId ?? null) : null,
  });
  const { store, now } = storeTakingOrders(business, read, input.slotId);
  const customer = signedIn ? read!.customer : null;
  // The address it would go to, for a store's fee by distance: the customer's own.
  let distance: number | null = null;
  if (input.addressId !== undefined) {
    if (!signedIn)
      throw invalid(
        { addressId: storefrontMessages.addressNeedsSignIn },
        storefrontMessages.addressNeedsSignIn,
      );
    const address = read!.address;
    if (!address) throw notFound();
    distance = distanceKm({ lat: store.latitude, lng: store.longitude }, address);
  }
  const { priced, couponCode } = await billFor(
    db,
    business,
    { ...store, distanceKm: distance },
    input,
    read!,
    now,
    customer,
    null,
    referralSignals(null, deviceId),
  );
  return {
    storeId: store.id,
    storeName: store.name,
    items: priced.items,
    itemsTotalPaise: priced.itemsTotalPaise,
    couponCode,
    offer: priced.offer,
    discountPaise: priced.discountPaise,
    charges: priced.charges,
    chargesTotalPaise: priced.chargesTotalPaise,
    billAmountPaise: priced.billAmountPaise,
  };
}

/** A store as the customer app shows it, with whether it takes orders at `now`. */
function toStorefrontStore(
  row: repo.StorefrontStoreRow,
  business: StorefrontBusiness,
  now: Date,
): StorefrontStore {
  const closure = closureAt(row, now, business.timeZone);
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    description: row.description,
    descriptionHi: row.descriptionHi,
    descriptionKn: row.descriptionKn,
    phone: row.phone,
    imageUrl: row.imageKey ? fileUrl(row.imageKey) : null,
    latitude: row.latitude,
    longitude: row.longitude,
    deliveryRadiusKm: row.deliveryRadiusKm,
    openTime: row.openTime,
    closeTime: row.closeTime,
    openNow: closure === null,
    notice: closure && closureWords(closure),
    closure,
    featured: row.featured,
    deliversInSlots: row.status === StoreStatus.Open && slotRuleOf(row) !== null,
    deliveryRule: row.deliveryRule,
  };
}

/**
 * The stores whose delivery radius covers the point, nearest first (ADR 0037):
 * the database narrows to the box of the largest radius a store may have, and
 * the shared rule measures each candidate. Unserviceable stores are left out;
 * Closed ones are listed with why they take no orders now.
 */
export async function storesNear(
  db: Executor,
  business: StorefrontBusiness,
  point: GeoPoint,
): Promise<Array<StorefrontStore & { distanceKm: number }>> {
  const rows = await repo.findStoresInBox(db, business.id, boundingBox(point, deliveryRadius.maxKm));
  const now = new Date();
  return rows
    .map((row) => ({ row, km: distanceKm({ lat: row.latitude, lng: row.longitude }, point) }))
    .filter(({ row }) =>
      deliversTo({ lat: row.latitude, lng: row.longitude, deliveryRadiusKm: row.deliveryRadiusKm }, point),
    )
    .sort((a, b) => a.km - b.km || a.row.name.localeCompare(b.row.name))
    .map(({ row, km }) => ({ ...toStorefrontStore(row, business, now), distanceKm: roundKm(km) }));
}

/**
 * The code that writes the catalogue's answer: a tag made under another build never matches, so
 * a new server never answers 304 for an answer of another shape.
 */
const answerCode = createHash('sha256')
  .update(fs.readFileSync(fileURLToPath(import.meta.url)))
  .digest('hex');

/**
 * Catalogues as sent, by tag (ADR 0091): a store's whole catalogue is read, checked against the
 * route's schema, serialised and compressed once for all the customers who open its page until
 * something in it changes. 32 MB holds some fifty whole catalogues of 1,000 items.
 */
const catalogueAnswers = new EncodedAnswers(32 * 1024 * 1024);

/**
 * A live store's categories and live items (out of stock ones flagged), or 404; with its tag, an
 * ETag that changes with anything the answer holds. Given the tag the caller holds and it is
 * still the tag, the catalogue is not read again: `answer` is null (304). Otherwise the answer is
 * the one held for the tag (`catalogueAnswers`), read when none is.
 */
export async function catalogueOf(
  db: Executor,
  business: StorefrontBusiness,
  storeId: string,
  filter: { q?: string; categoryId?: string },
  held: string | null = null,
): Promise<{ tag: string; answer: EncodedAnswer | null }> {
  const store = await repo.findCatalogueStore(db, business.id, storeId);
  if (!store) throw notFound();
  const storefrontStore = toStorefrontStore(store, business, store.now);
  const tag = `"${createHash('sha256')
    .update(
      JSON.stringify([
        answerCode,
        store.fingerprint,
        storefrontStore,
        filter.q ?? '',
        filter.categoryId ?? '',
      ]),
    )
    .digest('base64url')}"`;
  if (held !== null && held.split(',').some((each) => each.trim().replace(/^W\//, '') === tag)) {
    return { tag, answer: null };
  }
  const answer = await catalogueAnswers.get(tag, async () =>
    JSON.stringify(
      storefrontCatalogueSchema.parse(await catalogueAnswer(db, business, storeId, filter, storefrontStore)),
    ),
  );
  return { tag, answer };
}

async function catalogueAnswer(
  db: Executor,
  business: StorefrontBusiness,
  storeId: string,
  filter: { q?: string; categoryId?: string },
  store: StorefrontCatalogue['store'],
): Promise<StorefrontCatalogue> {
  const [categories, found] = await Promise.all([
    repo.findCategories(db, business.id, storeId),
    repo.findCatalogueItems(db, business.id, storeId, filter, storefrontCatalogueLimit + 1),
  ]);
  // Nothing as typed: a name with a letter wrong or missing ("basmti") still finds the item.
  const rows =
    found.length === 0 && filter.q && filter.q.length >= 5
      ? await repo.findCatalogueItems(
          db,
          business.id,
          storeId,
          { ...filter, nearly: true },
          storefrontCatalogueLimit + 1,
        )
      : found;
  return {
    store,
    categories,
    items: rows.slice(0, storefrontCatalogueLimit).map((row) => ({
      id: row.id,
      name: row.name,
      nameHi: row.nameHi,
      nameKn: row.nameKn,
      tags: row.tags,
      aliases: row.aliases,
      categoryId: row.categoryId,
      pricePaise: priceRange(row.variants).minPaise,
      variants: row.variants.map((variant) => ({
        id: variant.id,
        label: variant.label,
        pricePaise: variant.pricePaise,
        mrpPaise: variant.mrpPaise,
        stepGrams: variant.stepGrams,
        maxGrams: variant.maxGrams,
        inStock: row.inStock && variantInStock(variant),
        left: unitsLeftShown(variant),
      })),
      veg: row.veg,
      featured: row.featured,
      imageUrl: row.imageKey ? fileUrl(row.imageKey) : null,
      inStock: row.inStock,
    })),
    truncated: rows.length > storefrontCatalogueLimit,
  };
}

/** The business as its customers see it: the customer app's first read. */
export async function businessProfile(
  db: Executor,
  business: StorefrontBusiness,
  /** Whether the server takes payment online (PAYMENTS_URL): without, an ONLINE mode is not offered. */
  online = false,
): Promise<StorefrontBusinessProfile> {
  const [profile, modes, lines, settings, referral] = await Promise.all([
    repo.findBusinessProfile(db, business.id),
    repo.findEnabledPaymentModes(db, business.id),
    repo.findHelplines(db, business.id),
    repo.findOrderSettings(db, business.id),
    referralProgramme(db, { businessId: business.id }),
  ]);
  if (!profile) throw notFound();
  return {
    id: profile.id,
    name: profile.name,
    description: profile.description,
    logoUrl: profile.iconKey ? fileUrl(profile.iconKey) : null,
    theme: profile.theme,
    live: profile.live,
    timeZone: profile.timeZone,
    paymentModes: modes
      .filter((mode) => online || mode.type !== 'ONLINE')
      .map((mode) => ({
        type: mode.type as PaymentModeType,
        title: mode.title,
        upiName: mode.type === 'UPI' ? mode.upiName : null,
        upiId: mode.type === 'UPI' ? mode.upiId : null,
      })),
    helplines: lines,
    orderSettings: {
      deliveryChargePaise: chargesFor(settings).reduce((sum, charge) => sum + charge.chargeAmountPaise, 0),
      minimumOrderPaise: settings.minimumOrderPaise,
    },
    referral:
      referral && referral.enabled
        ? {
            name: referral.name,
            type: referral.type,
            discountPercent: referral.discountPercent,
            maxDiscountPaise: referral.maxDiscountPaise,
            minOrderValuePaise: referral.minOrderValuePaise,
            validForDays: referral.validForDays,
            usageLimit: referral.usageLimit,
            message: referral.message,
          }
        : null,
  };
}

function couponRefused(reason: string) {
  return invalid({ couponCode: reason }, reason);
}

/**
 * The basket with today's names and prices, line for line (B17: each line's variant, named or
 * the item's only one); 400 naming every line this store cannot sell now (unknown, another
 * store's or business's, deleted, switched off, a variant not the item's). A line for more than
 * its counted variant has is 409 naming it (`stockShort`); an order then takes the units itself,
 * under lock (`stockTaking`), so what this read says is only a first answer.
 */
export async function catalogueLines(
  db: Executor,
  businessId: string,
  storeId: string,
  lines: StorefrontOrderRequest['items'],
  /** Where each line stands in the request, when these are some of its lines (an order's edit): its fields name it there. */
  positions?: number[],
): Promise<PricedLine[]> {
  const rows = await repo.findStoreItems(
    db,
    businessId,
    storeId,
    lines.map((line) => line.itemId),
  );
  return catalogueLinesOf(rows, lines, positions);
}

type PricedLine = CatalogueLine & { variantId: string; counted: boolean; field: string };

/** `catalogueLines` on the store's items as read (`findStoreItems`, `findOrderInputs`). */
function catalogueLinesOf(
  rows: repo.StoreItemRow[],
  lines: StorefrontOrderRequest['items'],
  positions?: number[],
): PricedLine[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: Record<string, string> = {};
  const short: Array<{ field: string; left: number; stepGrams: number | null }> = [];
  const priced: PricedLine[] = [];
  lines.forEach((line, at) => {
    const index = positions?.[at] ?? at;
    const item = byId.get(line.itemId.toLowerCase());
    if (!item || item.deleted || !item.inStock) {
      fields[`items.${index}.itemId`] = !item
        ? storefrontMessages.itemNotSold
        : item.deleted
          ? storefrontMessages.itemDeleted
          : storefrontMessages.itemOutOfStock;
      return;
    }
    const variant =
      line.variantId === undefined
        ? item.variants.length === 1
          ? item.variants[0]
          : undefined
        : item.variants.find((each) => each.id === line.variantId!.toLowerCase());
    if (!variant) {
      fields[`items.${index}.variantId`] =
        line.variantId === undefined ? variantMessages.variantNeeded : variantMessages.unknownVariant;
      return;
    }
    const field = `items.${index}.quantity`;
    // A loose line counts steps, up to the most one order may take.
    if (line.quantity > maxQuantityOf(variant, storefrontLimits.maxQuantity)) {
      fields[field] = variantMessages.overMax(variant.maxGrams!);
      return;
    }
    const left = unitsLeft(variant);
    if (left !== null && left < line.quantity) short.push({ field, left, stepGrams: variant.stepGrams });
    const sold = soldAs(variant);
    priced.push({
      itemId: item.id,
      itemName: item.name,
      variantId: variant.id,
      variantLabel: sold.label,
      mrpPaise: sold.mrpPaise,
      pricePaise: sold.pricePaise,
      stepGrams: variant.stepGrams,
      quantity: line.quantity,
      gstRate: item.gstRate,
      hsn: item.hsn,
      counted: variant.stock !== null,
      field,
    });
  });
  if (Object.keys(fields).length > 0) throw invalid(fields, storefrontMessages.itemsUnavailable);
  if (short.length > 0) throw stockShort(short);
  return priced;
}

/** The business's name, as its customers see it ('' when it has none). */
export async function businessName(db: Executor, businessId: string): Promise<string> {
  return (await repo.findBusinessName(db, businessId)) ?? '';
}
