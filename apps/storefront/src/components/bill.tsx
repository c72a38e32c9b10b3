import { formatRupees } from '@storedesk/shared/money';
import type { StorefrontQuote } from '@storedesk/shared/storefront/schemas';

/** The bill as the server priced it: items, the offer, charges, and what is to pay. */
export function Bill({ bill, title = 'Bill' }: { bill: StorefrontQuote; title?: string }) {
  return (
    <section className="panel" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <dl className="bill">
        {bill.items.map((line) => (
          <div key={line.itemId}>
            <dt>
              {line.itemName} × {line.itemQuantity}
            </dt>
            <dd>{formatRupees(line.itemPricePaise * line.itemQuantity)}</dd>
          </div>
        ))}
        <div className="subtotal">
          <dt>Items</dt>
          <dd>{formatRupees(bill.itemsTotalPaise)}</dd>
        </div>
        {bill.offer ? (
          <div className="saving">
            <dt>Offer {bill.offer.coupon}</dt>
            <dd>−{formatRupees(bill.discountPaise)}</dd>
          </div>
        ) : null}
        {bill.charges.map((charge) => (
          <div key={charge.chargeLabel}>
            <dt>{charge.chargeLabel}</dt>
            <dd>{formatRupees(charge.chargeAmountPaise)}</dd>
          </div>
        ))}
        <div className="total">
          <dt>To pay</dt>
          <dd>{formatRupees(bill.billAmountPaise)}</dd>
        </div>
      </dl>
    </section>
  );
}
