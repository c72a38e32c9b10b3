/**
 * What an order keeps of its lines, charges and offer as they were when it was placed: the
 * order's own copy, which later edits of the catalogue, the settings or a coupon never change.
 */
export type OrderItemSnapshot = {
  itemId: string;
  itemName: string;
  itemQuantity: number;
  itemPricePaise: number;
  /** The variant sold (B17), its label ("1 kg"; empty for an item's single variant) and its MRP then; absent on older orders. */
  variantId?: string;
  variantLabel?: string;
  mrpPaise?: number | null;
  /** Sold loose (B17): the grams of one unit of the line, so 3 × 250 g is 750 g; absent for a pack. */
  stepGrams?: number;
  /** The item's GST rate and HSN code when the order was placed (absent on orders placed before B15: 0%). */
  gstRate?: number;
  hsn?: string | null;
};
export type OrderChargeSnapshot = {
  chargeLabel: string;
  chargeAmountPaise: number;
  /** The store's delivery rule the charge follows ("2–5 km", "free from ₹499.00"; B19); absent: the business's charge. */
  rule?: string;
};
export type OrderOfferSnapshot = { coupon: string; discountPaise: number };

/** The label of the delivery charge line (a free-delivery coupon waives exactly this line). */
export const deliveryChargeLabel = 'Delivery charges';
