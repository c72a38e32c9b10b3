import { messages } from '@storedesk/shared/messages';
import { formatRupees } from '@storedesk/shared/money';
import { OrderStatus, orderStateFor } from '@storedesk/shared/orders';
import { StoreStatus } from '@storedesk/shared/stores/schemas';
import {
  storefrontLimits,
  storefrontMessages,
  type StorefrontOrder,
  type StorefrontOrderRequest,
} from '@storedesk/shared/storefront/schemas';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, invalid, notFound, unauthenticated } from '../../lib/errors.ts';
import { recordPlacedOrder } from '../orders/orders.service.ts';
import { publishEvent } from '../../realtime/publish.ts';
import { couponRefusal, priceOrder, type CatalogueLine } from './pricing.ts';
import * as repo from './storefront.repository.ts';

/** The business a storefront key belongs to. */
export type StorefrontBusiness = {
  id: string;
  /** Its IANA time zone (D19): the days and hours of its coupons. */
  timeZone: string;
  /** Whether it takes orders (Settings > Others); the slides are shown either way. */
  live: boolean;
};

/**
 * The business whose publishable key was presented: 401 without one, 402
 * once its service has ended (D5), as for the console.
 */
export async function businessForKey(db: Executor, key: unknown): Promise<StorefrontBusiness> {
  if (typeof key !== 'string' || key.trim() === '') throw unauthenticated(storefrontMessages.missingKey);
  if (key.length > storefrontLimits.storefrontKeyMax) throw unauthenticated(storefrontMessages.unknownKey);
  const business = await repo.findBusinessByStorefrontKey(db, key);
  if (!business) throw unauthenticated(storefrontMessages.unknownKey);
  if (business.serviceEndsAt !== null && business.serviceEndsAt.getTime() <= Date.now()) {
    throw new AppError('service_ended', messages.serviceEnded);
  }
  return { id: business.id, timeZone: business.timeZone, live: business.live };
}

/** 409 when the business is not live: it takes no orders, whatever they hold. */
export function assertTakingOrders(business: StorefrontBusiness): void {
  if (!business.live) throw new AppError('conflict', storefrontMessages.businessNotLive);
}

/**
 * Places a customer's order (D12) with a live business: prices it from the
 * catalogue, applies the order settings and the coupon (on the business's
 * clock), and stores it with its timeline row, the dashboard counter and the
 * live event, all in one transaction. Any refusal throws before the
 * transaction commits, so it leaves nothing behind.
 */
export async function placeOrder(
  db: Database,
  business: StorefrontBusiness,
  input: StorefrontOrderRequest,
): Promise<StorefrontOrder> {
  assertTakingOrders(business);
  const businessId = business.id;
  return db.transaction(async (tx) => {
    const store = await repo.findStore(tx, businessId, input.storeId);
    if (!store) throw notFound();
    if (store.status !== StoreStatus.Open) throw new AppError('conflict', storefrontMessages.storeNotOpen);

    const lines = await catalogueLines(tx, businessId, store.id, input.items);
    const settings = await repo.findOrderSettings(tx, businessId);
    const itemsTotalPaise = priceOrder(lines, settings).itemsTotalPaise;
    if (itemsTotalPaise < settings.minimumOrderPaise) {
      const message = storefrontMessages.belowMinimumOrder(formatRupees(settings.minimumOrderPaise));
      throw invalid({ items: message }, message);
    }

    const now = await repo.transactionTime(tx);
    const customer = await repo.lockCustomer(tx, businessId, input.customer);

    let coupon: Awaited<ReturnType<typeof repo.lockCoupon>> = null;
    if (input.couponCode !== undefined) {
      coupon = await repo.lockCoupon(tx, businessId, input.couponCode);
      if (!coupon) throw couponRefused(storefrontMessages.coupon.unknown);
      const firstOrder = customer.created || !(await repo.customerHasOrders(tx, businessId, customer.id));
      const refusal = couponRefusal(coupon, {
        now,
        timeZone: business.timeZone,
        storeId: store.id,
        customerId: customer.id,
        firstOrder,
        itemsTotalPaise,
      });
      if (refusal) throw couponRefused(refusal);
      await repo.countCouponUse(tx, businessId, coupon.code);
      // The coupons list shows the uses so far: it follows them live.
      await publishEvent(tx, {
        businessId,
        zoneId: null,
        topic: 'coupons',
        action: 'used',
        recordId: coupon.code,
      });
    }

    const priced = priceOrder(lines, settings, coupon);
    const order = await repo.insertOrder(tx, {
      businessId,
      zoneId: store.zoneId,
      storeId: store.id,
      storeName: store.name,
      customerId: customer.id,
      customerName: input.customer.name,
      customerPhone: input.customer.phone,
      placedAt: now,
      status: OrderStatus.Placed,
      state: orderStateFor(OrderStatus.Placed),
      items: priced.items,
      charges: priced.charges,
      offer: priced.offer,
      couponCode: coupon?.code ?? null,
      itemsTotalPaise: priced.itemsTotalPaise,
      discountPaise: priced.discountPaise,
      chargesTotalPaise: priced.chargesTotalPaise,
      billAmountPaise: priced.billAmountPaise,
    });
    await recordPlacedOrder(tx, order, { placedBy: input.customer.name, firstOfCustomer: customer.created });
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
    };
  });
}

function couponRefused(reason: string) {
  return invalid({ couponCode: reason }, reason);
}

/**
 * The basket with today's names and prices, line for line; 400 naming every
 * line this store cannot sell now (unknown, another store's or business's,
 * deleted, out of stock).
 */
async function catalogueLines(
  db: Executor,
  businessId: string,
  storeId: string,
  lines: StorefrontOrderRequest['items'],
): Promise<CatalogueLine[]> {
  const rows = await repo.findStoreItems(
    db,
    businessId,
    storeId,
    lines.map((line) => line.itemId),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: Record<string, string> = {};
  const priced: CatalogueLine[] = [];
  lines.forEach((line, index) => {
    const item = byId.get(line.itemId);
    if (!item || item.deleted || !item.inStock) {
      fields[`items.${index}.itemId`] = !item
        ? storefrontMessages.itemNotSold
        : item.deleted
          ? storefrontMessages.itemDeleted
          : storefrontMessages.itemOutOfStock;
      return;
    }
    priced.push({
      itemId: item.id,
      itemName: item.name,
      pricePaise: item.pricePaise,
      quantity: line.quantity,
    });
  });
  if (Object.keys(fields).length > 0) throw invalid(fields, storefrontMessages.itemsUnavailable);
  return priced;
}
