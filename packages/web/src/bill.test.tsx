import fs from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { BillLines } from './bill.tsx';
import { TextsContext } from './texts.ts';

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

  describe('a delivery charge with the store’s rule', () => {
    const charges = [
      { chargeLabel: 'Delivery charges', chargeAmountPaise: 4_000, rule: '2–5 km' },
      { chargeLabel: 'Packing', chargeAmountPaise: 500 },
    ];
    const bill = (wrap: (node: ReactNode) => ReactNode = (node) => node) =>
      render(
        wrap(
          <BillLines
            items={[{ itemId: 'milk', itemName: 'Milk', itemQuantity: 1, itemPricePaise: 6_850 }]}
            itemsTotalPaise={6_850}
            discount={null}
            charges={charges}
            total={{ label: 'Total', paise: 11_350 }}
          />,
        ),
      );

    it('names the rule beside the charge', () => {
      expect(terms(bill().container).slice(2, 4)).toEqual([
        ['Delivery charges (2–5 km)', '₹40.00'],
        ['Packing', '₹5.00'],
      ]);
    });

    it('says the charge and its rule in the language shown; a charge of the business’s own words stays as it is', () => {
      const file = path.resolve(import.meta.dirname, '../../../apps/storefront/src/i18n/hi.json');
      const hi = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const intl = createIntl({ locale: 'hi-IN', messages: hi });
      const texts = {
        text: (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values),
        error: (error: Error) => error.message,
      };
      const { container } = bill((node) => <TextsContext value={texts}>{node}</TextsContext>);
      expect(terms(container).slice(1, 4)).toEqual([
        ['सामान', '₹68.50'],
        ['डिलीवरी शुल्क (2–5 कि.मी.)', '₹40.00'],
        ['Packing', '₹5.00'],
      ]);
    });
  });
});
