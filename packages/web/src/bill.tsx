import { lineQuantityText } from '@storedesk/shared/catalogue/variants';
import { formatRupees } from '@storedesk/shared/money';
import { deliveryChargeLabel } from '@storedesk/shared/orders/snapshots';
import { ruleParts, type RuleParts } from '@storedesk/shared/stores/delivery-rule';
import { useTexts, type Texts } from './texts.ts';

/**
 * A line of a bill: an item (and its variant, on orders placed since there were variants), its
 * price and how many; sold loose, how many steps of `stepGrams`.
 */
type BillItem = {
  itemId: string;
  variantId?: string | undefined;
  variantLabel?: string | undefined;
  itemName: string;
  itemQuantity: number;
  itemPricePaise: number;
  stepGrams?: number | undefined;
};
/** A charge added to the items (delivery, packing…), with the store's rule it followed. */
type BillCharge = { chargeLabel: string; chargeAmountPaise: number; rule?: string | undefined };

/** A store's rule as a bill names it ("2–5 km", "free from ₹499.00"), in the language shown. */
export function ruleText(parts: RuleParts, text: Texts['text']): string {
  switch (parts.kind) {
    case 'any':
      return text('web.ruleAny');
    case 'band':
      return text('web.ruleBand', { fromKm: parts.fromKm, toKm: parts.toKm });
    case 'over':
      return text('web.ruleOver', { fromKm: parts.fromKm });
    case 'freeFrom':
      return text('web.ruleFreeFrom', { amount: parts.amount });
  }
}

/**
 * A charge line in the language shown: "Delivery charges (2–5 km)", as `chargeLineLabel` says it in
 * English; a label or rule this code did not write (a business's own charge) shows as it is.
 */
export function chargeText(charge: BillCharge, text: Texts['text']): string {
  const label = charge.chargeLabel === deliveryChargeLabel ? text('web.billDelivery') : charge.chargeLabel;
  if (!charge.rule) return label;
  const parts = ruleParts(charge.rule);
  return `${label} (${parts ? ruleText(parts, text) : charge.rule})`;
}

/**
 * A bill as the server priced it, as a list of terms: each item by its name and variant with how
 * many ("Atta · 5 kg × 3", or the weight of a loose one, "Onions · 750 g"), the items' total, the
 * discount (if any), the charges and what is to pay. The app names the discount and the total, and
 * puts the list in its own section.
 */
export function BillLines({
  items,
  itemsTotalPaise,
  discount,
  charges,
  total,
}: {
  items: readonly BillItem[];
  itemsTotalPaise: number;
  discount: { label: string; paise: number; className?: string } | null;
  charges: readonly BillCharge[];
  total: { label: string; paise: number };
}) {
  const { text } = useTexts();
  return (
    <dl className="bill">
      {items.map((line) => (
        // One item may be on several lines, one for each of its variants.
        <div key={`${line.itemId}/${line.variantId ?? ''}`}>
          <dt>{lineQuantityText(line)}</dt>
          <dd>{formatRupees(line.itemPricePaise * line.itemQuantity)}</dd>
        </div>
      ))}
      <div className="subtotal">
        <dt>{text('web.billItems')}</dt>
        <dd>{formatRupees(itemsTotalPaise)}</dd>
      </div>
      {discount ? (
        <div className={discount.className}>
          <dt>{discount.label}</dt>
          <dd>−{formatRupees(discount.paise)}</dd>
        </div>
      ) : null}
      {charges.map((charge) => (
        <div key={charge.chargeLabel}>
          <dt>{chargeText(charge, text)}</dt>
          <dd>{formatRupees(charge.chargeAmountPaise)}</dd>
        </div>
      ))}
      <div className="total">
        <dt>{total.label}</dt>
        <dd>{formatRupees(total.paise)}</dd>
      </div>
    </dl>
  );
}
