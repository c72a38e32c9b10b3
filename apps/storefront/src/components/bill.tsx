import type { StorefrontQuote } from '@storedesk/shared/storefront/schemas';
import { BillLines } from '@storedesk/web/bill';

/** The bill as the server priced it: items, the offer, charges, and what is to pay. */
export function Bill({ bill, title = 'Bill' }: { bill: StorefrontQuote; title?: string }) {
  return (
    <section className="panel" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <BillLines
        items={bill.items}
        itemsTotalPaise={bill.itemsTotalPaise}
        discount={
          bill.offer
            ? { label: `Offer ${bill.offer.coupon}`, paise: bill.discountPaise, className: 'saving' }
            : null
        }
        charges={bill.charges}
        total={{ label: 'To pay', paise: bill.billAmountPaise }}
      />
    </section>
  );
}
