/**
 * Staff change an open order's items (B18, ADR 0070) until it is picked up: remove a line, change
 * a quantity, put in another variant or item. The bill is priced again by the rules it was placed
 * under: a line the order had keeps the price it was sold at, a line added is priced and checked
 * as an order of it would be now (the item sold, in stock); the delivery charge stays as placed;
 * the coupon's (or referral offer's) discount is worked out again by its own terms, and drops when
 * the items no longer reach its minimum; the business's minimum order still holds. Counted stock
 * moves by each line's change, all or none. The order is written only at the version the change
 * was decided on, with a timeline row that says what changed, and the change goes out live to
 * staff and to the order's customer.
 */
import { deliveryTermsFor } from '@storedesk/shared/stores/delivery-rule';
import { discountFor, type CouponTerms } from '@storedesk/shared/coupons/rules';
import { formatRupees } from '@storedesk/shared/money';
import { paymentDuePaise } from '@storedesk/shared/payments/refunds';
import { storefrontMessages } from '@storedesk/shared/storefront/schemas';
import {
  describeItemsEdit,
  itemsMayChange,
  orderEditMessages,
  type OrderItemsEdit,
} from '@storedesk/shared/orders/edit';
import { orderLineKey } from '@storedesk/shared/orders/line-key';
import { priceWithCharges, type CatalogueLine } from '@storedesk/shared/orders/pricing';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { OrderItemSnapshot } from '@storedesk/shared/orders/snapshots';
import type { Database, Executor } from '#server/db/client.ts';
import type { AuthContext } from '#server/lib/callers.ts';
import { AppError, invalid, stale } from '#server/lib/errors.ts';
import { moveStock, type StockLine } from '#server/modules/catalogue/stock.service.ts';
import { referralProgramme } from '#server/modules/coupons/coupons.service.ts';
import {
  orderRowOf,
  toDetail,
  writeOrderItems,
  type OrderRow,
} from '#server/modules/orders/orders.service.ts';
import * as repo from './storefront.repository.ts';
import { catalogueLines } from './storefront.service.ts';

/** A kept line of the order as a line to price: the name, price and tax it was sold with. */
function keptLine(line: OrderItemSnapshot, quantity: number): CatalogueLine {
  const snapshot = line as OrderItemSnapshot & { gstRate?: number; hsn?: string | null };
  return {
    itemId: line.itemId,
    itemName: line.itemName,
    pricePaise: line.itemPricePaise,
    quantity,
    ...(line.variantId === undefined
      ? {}
      : {
          variantId: line.variantId,
          variantLabel: line.variantLabel ?? '',
          mrpPaise: line.mrpPaise ?? null,
          stepGrams: line.stepGrams ?? null,
        }),
    ...(snapshot.gstRate === undefined ? {} : { gstRate: snapshot.gstRate, hsn: snapshot.hsn ?? null }),
  };
}

/** The terms the order's offer was given under, as they are now; null when the items no longer reach its minimum. */
async function offerTerms(
  tx: Executor,
  order: OrderRow,
  itemsTotalPaise: number,
): Promise<CouponTerms | null> {
  if (!order.offer) return null;
  if (order.couponCode) {
    const coupon = await repo.findCoupon(tx, order.businessId, order.couponCode);
    if (!coupon || itemsTotalPaise < coupon.minOrderValuePaise) return null;
    return coupon;
  }
  const programme = await referralProgramme(tx, { businessId: order.businessId });
  if (!programme || itemsTotalPaise < programme.minOrderValuePaise) return null;
  return {
    code: order.offer.coupon,
    type: programme.type,
    discountPercent: programme.discountPercent,
    maxDiscountPaise: programme.maxDiscountPaise,
  };
}

export async function editOrderItems(
  db: Database,
  auth: AuthContext,
  orderId: string,
  input: OrderItemsEdit,
): Promise<OrderDetail> {
  const order = await orderRowOf(db, auth, orderId);
  if (order.version !== input.version) throw stale(await toDetail(db, order));
  if (!itemsMayChange(order)) {
    throw new AppError('conflict', orderEditMessages.pickedUp, { current: await toDetail(db, order) });
  }
  // Each line asked for: one the order has (matched by item and variant, or by item alone when the
  // request names no variant and the order has one line of it), or one to add.
  const had = new Map(order.items.map((line) => [orderLineKey(line), line]));
  const kept: Array<{ line: OrderItemSnapshot; quantity: number; index: number }> = [];
  const added: Array<{ request: OrderItemsEdit['items'][number]; index: number }> = [];
  const duplicates: Record<string, string> = {};
  input.items.forEach((request, index) => {
    const key = orderLineKey({ itemId: request.itemId, variantId: request.variantId });
    const byItem = order.items.filter((line) => line.itemId.toLowerCase() === request.itemId.toLowerCase());
    const line =
      had.get(key) ?? (request.variantId === undefined && byItem.length === 1 ? byItem[0] : undefined);
    if (line && kept.some((each) => each.line === line)) {
      // The same line named twice, once with its variant and once by its item alone.
      duplicates[`items.${index}.itemId`] = storefrontMessages.duplicateLine;
    } else if (line) kept.push({ line, quantity: request.quantity, index });
    else added.push({ request, index });
  });
  if (Object.keys(duplicates).length > 0) throw invalid(duplicates);
  const unchanged =
    added.length === 0 &&
    kept.length === order.items.length &&
    kept.every(({ line, quantity }) => line.itemQuantity === quantity);
  if (unchanged) return toDetail(db, order);

  const business = { businessId: order.businessId };
  return db.transaction(async (tx) => {
    const fresh =
      added.length === 0
        ? []
        : await catalogueLines(
            tx,
            order.businessId,
            order.storeId,
            added.map(({ request }) => request),
            added.map(({ index }) => index),
          );
    // In the order asked: kept lines at their price, added ones at today's (catalogueLines answers
    // each line it was given, in turn, or refuses).
    const lines: Array<CatalogueLine & { field: string }> = new Array(input.items.length);
    for (const { line, quantity, index } of kept) {
      lines[index] = { ...keptLine(line, quantity), field: `items.${index}.quantity` };
    }
    fresh.forEach((line, at) => (lines[added[at]!.index] = line));

    const itemsTotalPaise = lines.reduce((sum, line) => sum + line.quantity * line.pricePaise, 0);
    // The minimum of the store's own rule where it has one (ADR 0081), else the business's.
    const { minimumOrderPaise } = deliveryTermsFor(
      await repo.findStoreDeliveryRule(tx, order.businessId, order.storeId),
      await repo.findOrderSettings(tx, order.businessId),
      itemsTotalPaise,
      null,
    );
    if (itemsTotalPaise < minimumOrderPaise) {
      const message = orderEditMessages.belowMinimum(formatRupees(minimumOrderPaise));
      throw invalid({ items: message }, message);
    }
    const terms = await offerTerms(tx, order, itemsTotalPaise);
    const priced = priceWithCharges(
      lines.map(({ field: _field, ...line }) => line),
      order.charges,
      terms,
    );
    // The discount by the offer's terms; no offer when it no longer applies.
    const discountPaise = terms ? discountFor(terms, priced.itemsTotalPaise, order.charges) : 0;

    // Each counted variant's units move by the line's change: taken for more, given back for less.
    const units = new Map<string, StockLine>();
    const move = (
      variantId: string | undefined,
      quantity: number,
      stepGrams: number | null | undefined,
      field: string,
    ) => {
      if (!variantId || quantity === 0) return;
      const key = variantId.toLowerCase();
      const before = units.get(key);
      units.set(key, {
        variantId: key,
        quantity: (before?.quantity ?? 0) + quantity * (stepGrams ?? 1),
        field: before?.field ?? field,
        stepGrams: stepGrams ?? null,
      });
    };
    for (const line of order.items) move(line.variantId, -line.itemQuantity, line.stepGrams, 'items');
    for (const line of lines) move(line.variantId, line.quantity, line.stepGrams, line.field);
    await moveStock(
      tx,
      { ...business, storeId: order.storeId },
      [...units.values()]
        .filter((line) => line.quantity !== 0)
        .sort((a, b) => a.variantId.localeCompare(b.variantId)),
    );

    const billAmountPaise = priced.itemsTotalPaise - discountPaise + priced.chargesTotalPaise;
    // A paid order's bill never grows past what was received, the difference uncollected; but one paid
    // online may: its customer pays what it adds at the gateway, from the order's page (ADR 0074).
    const received = order.paidAt ? (order.paidPaise ?? order.billAmountPaise) : null;
    if (received !== null && billAmountPaise > received && order.paymentMode !== 'ONLINE') {
      const message = orderEditMessages.paidMore(formatRupees(received));
      throw invalid({ items: message }, message);
    }
    const bill = {
      items: priced.items,
      itemsTotalPaise: priced.itemsTotalPaise,
      discountPaise,
      offer: terms ? { coupon: terms.code, discountPaise } : null,
      billAmountPaise,
    };
    const due = paymentDuePaise({ ...order, paid: received !== null, billAmountPaise });
    const note = describeItemsEdit(order, bill);
    // Written only at the version read: else nothing of this stands, the stock moved included.
    return writeOrderItems(
      tx,
      auth,
      order,
      bill,
      due > 0 ? `${note}; ${orderEditMessages.dueOnline(formatRupees(due))}` : note,
    );
  });
}
