import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { vi } from 'vitest';
import { inLanguage } from './in-language.ts';

/** The business the order page's and the cart's tests shop at: cash on delivery, no helpline, in Kolkata. */
export const shopBusiness = {
  id: 'b1',
  name: 'Fresh',
  description: '',
  logoUrl: null,
  theme: {},
  live: true,
  timeZone: 'Asia/Kolkata',
  paymentModes: [{ type: 'COD', title: 'Cash on delivery', upiName: null, upiId: null }],
  helplines: [],
  orderSettings: { deliveryChargePaise: 0, minimumOrderPaise: 0 },
  referral: null,
};

/**
 * The order page of the signed-in customer's order `orderId`, imported afresh and shown in the
 * app's language layer, once it has loaded (its heading `heading`).
 */
export async function showOrderPage(orderId = 'o1', heading = 'Order #421', business: object = shopBusiness) {
  vi.resetModules();
  const { default: OrderPage } = await import('../pages/order.tsx');
  const { session } = await import('../lib/state.ts');
  const { BusinessContext } = await import('../business.ts');
  session.set({ token: 't1', customer: { id: 'c1', name: 'Asha', phone: '9800000001' } } as never);
  render(
    await inLanguage(
      createElement(
        BusinessContext.Provider,
        { value: business as never },
        createElement(OrderPage, { orderId }),
      ),
    ),
  );
  await screen.findByRole('heading', { name: heading });
}
