/**
 * What a customer order costs (SPEC §3): its lines at the catalogue's prices, the delivery
 * charge of the order settings, and a coupon's (or the referral programme's) discount. Pure:
 * the server loads what this needs and stores what it answers.
 */
import { discountFor, type CouponTerms } from '../coupons/rules.ts';
import { deliveryTermsFor } from '../stores/delivery-rule.ts';
import { type OrderChargeSnapshot, type OrderItemSnapshot, type OrderOfferSnapshot } from './snapshots.ts';

/** One line of the basket with its price as the catalogue has it now. */
export type CatalogueLine = {
  itemId: string;
  itemName: string;
  pricePaise: number;
  quantity: number;
  /** The variant the line is of, its label and MRP (B17). */
  variantId?: string;
  variantLabel?: string;
  mrpPaise?: number | null;
  /** Sold loose: the grams one unit of the line weighs (`pricePaise` is then the step's price). */
  stepGrams?: number | null;
  /** The item's GST rate and HSN code, copied into the order for its tax invoice (B15). */
  gstRate?: number;
  hsn?: string | null;
};

export type DeliverySettings = { deliveryChargesEnabled: boolean; standardDeliveryChargesPaise: number };

export type PricedOrder = {
  items: OrderItemSnapshot[];
  itemsTotalPaise: number;
  charges: OrderChargeSnapshot[];
  chargesTotalPaise: number;
  discountPaise: number;
  offer: OrderOfferSnapshot | null;
  billAmountPaise: number;
};

/** The delivery charge line of order settings, when there is one to charge. */
export function chargesFor(settings: DeliverySettings): OrderChargeSnapshot[] {
  return deliveryTermsFor(null, { ...settings, minimumOrderPaise: 0 }, 0, null).charges;
}

/** The whole bill: itemsTotal − discount + charges, in integer paise. */
export function priceOrder(
  lines: CatalogueLine[],
  settings: DeliverySettings,
  coupon: CouponTerms | null = null,
): PricedOrder {
  return priceWithCharges(lines, chargesFor(settings), coupon);
}

/**
 * The bill of lines under charges already decided: an order's own when staff change its items
 * (B18), which keep the delivery charge it was placed with.
 */
export function priceWithCharges(
  lines: CatalogueLine[],
  charges: OrderChargeSnapshot[],
  coupon: CouponTerms | null = null,
): PricedOrder {
  const items = lines.map((line) => ({
    itemId: line.itemId,
    itemName: line.itemName,
    itemQuantity: line.quantity,
    itemPricePaise: line.pricePaise,
    ...(line.variantId === undefined
      ? {}
      : {
          variantId: line.variantId,
          variantLabel: line.variantLabel ?? '',
          mrpPaise: line.mrpPaise ?? null,
          ...(line.stepGrams == null ? {} : { stepGrams: line.stepGrams }),
        }),
    ...(line.gstRate === undefined ? {} : { gstRate: line.gstRate, hsn: line.hsn ?? null }),
  }));
  const itemsTotalPaise = items.reduce((sum, line) => sum + line.itemQuantity * line.itemPricePaise, 0);
  const chargesTotalPaise = charges.reduce((sum, charge) => sum + charge.chargeAmountPaise, 0);
  const discountPaise = coupon ? discountFor(coupon, itemsTotalPaise, charges) : 0;
  return {
    items,
    itemsTotalPaise,
    charges,
    chargesTotalPaise,
    discountPaise,
    offer: coupon ? { coupon: coupon.code, discountPaise } : null,
    billAmountPaise: itemsTotalPaise - discountPaise + chargesTotalPaise,
  };
}
