import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BillLines } from './bill.tsx';

afterEach(cleanup);

/** Each term of the bill as read: what, and how much. */
const terms = (container: HTMLElement) =>
  [...container.querySelectorAll('dl > div')].map((term) => [
    term.querySelector('dt')!.textContent,
    term.querySelector('dd')!.textContent,
  ]);

describe('a bill', () => {
  it('lists each item at its price times its quantity, the items, the discount, the charges and the total', () => {
    const { container } = render(
      <BillLines
        items={[
          { itemId: 'milk', itemName: 'Milk', itemQuantity: 3, itemPricePaise: 6_850 },
          { itemId: 'rice', itemName: 'Rice', itemQuantity: 1, itemPricePaise: 64_950 },
        ]}
        itemsTotalPaise={85_500}
        discount={{ label: 'Coupon FRESH15', paise: 12_825 }}
        charges={[{ chargeLabel: 'Delivery', chargeAmountPaise: 3_000 }]}
        total={{ label: 'To pay', paise: 75_675 }}
      />,
    );
    expect(terms(container)).toEqual([
      ['Milk × 3', '₹205.50'],
      ['Rice × 1', '₹649.50'],
      ['Items', '₹855.00'],
      ['Coupon FRESH15', '−₹128.25'],
      ['Delivery', '₹30.00'],
      ['To pay', '₹756.75'],
    ]);
  });

  it('has no discount line without a discount', () => {
    const { container } = render(
      <BillLines
        items={[{ itemId: 'milk', itemName: 'Milk', itemQuantity: 1, itemPricePaise: 6_850 }]}
        itemsTotalPaise={6_850}
        discount={null}
        charges={[]}
        total={{ label: 'Total', paise: 6_850 }}
      />,
    );
    expect(terms(container).map(([what]) => what)).toEqual(['Milk × 1', 'Items', 'Total']);
  });

  it('names a line with its variant, each variant of an item on a line of its own', () => {
    const { container } = render(
      <BillLines
        items={[
          {
            itemId: 'atta',
            variantId: 'a5',
            variantLabel: '5 kg',
            itemName: 'Atta',
            itemQuantity: 1,
            itemPricePaise: 27_000,
          },
          {
            itemId: 'atta',
            variantId: 'a10',
            variantLabel: '10 kg',
            itemName: 'Atta',
            itemQuantity: 1,
            itemPricePaise: 52_000,
          },
          {
            itemId: 'salt',
            variantId: 's1',
            variantLabel: '',
            itemName: 'Salt',
            itemQuantity: 2,
            itemPricePaise: 2_800,
          },
        ]}
        itemsTotalPaise={84_600}
        discount={null}
        charges={[]}
        total={{ label: 'Total', paise: 84_600 }}
      />,
    );
    expect(terms(container).slice(0, 3)).toEqual([
      ['Atta · 5 kg × 1', '₹270.00'],
      ['Atta · 10 kg × 1', '₹520.00'],
      ['Salt × 2', '₹56.00'],
    ]);
  });
});
