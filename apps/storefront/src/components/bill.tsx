import type { StorefrontQuote } from '@storedesk/shared/storefront/schemas';
import { BillLines } from '@storedesk/web/bill';
import { useT } from '@storedesk/web/i18n';

/** The bill as the server priced it: items, the offer, charges, and what is to pay. */
export function Bill({ bill }: { bill: StorefrontQuote }) {
  const t = useT();
  const title = t('bill.title');
  return (
    <section className="panel" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <BillLines
        items={bill.items}
        itemsTotalPaise={bill.itemsTotalPaise}
        discount={
          bill.offer
            ? {
                label: t('bill.offer', { coupon: bill.offer.coupon }),
                paise: bill.discountPaise,
                className: 'saving',
              }
            : null
        }
        charges={bill.charges}
        total={{ label: t('bill.toPay'), paise: bill.billAmountPaise }}
      />
    </section>
  );
}
