import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryOrder } from '@storedesk/shared/delivery/schemas';
import { OrderStatus } from '@storedesk/shared/orders';

/** The executive's open orders, as the server answers GET /orders. */
const server = vi.hoisted(() => ({ orders: [] as unknown[] }));
vi.mock('../lib/api.ts', () => ({
  api: async (method: string, path: string) =>
    method === 'GET' && path === '/orders' ? { items: server.orders } : {},
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const order: DeliveryOrder = {
  id: 'o1',
  number: 421,
  status: OrderStatus.Confirmed,
  version: 3,
  placedAt: '2026-11-29T06:00:00.000Z',
  store: { id: 's1', name: 'Near Mart', address: 'Koramangala', phone: '9800000000', lat: 12.93, lng: 77.62 },
  customerName: 'Asha',
  customerPhone: '9800000001',
  deliveryAddress: null,
  items: [
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
      itemQuantity: 2,
      itemPricePaise: 52_000,
    },
    // An item's only variant has no label; an order placed before variants names none.
    {
      itemId: 'salt',
      variantId: 's1',
      variantLabel: '',
      itemName: 'Salt',
      itemQuantity: 1,
      itemPricePaise: 2_800,
    },
    { itemId: 'milk', itemName: 'Milk', itemQuantity: 2, itemPricePaise: 3_000 },
  ],
  itemsTotalPaise: 139_800,
  discountPaise: 0,
  charges: [],
  chargesTotalPaise: 0,
  billAmountPaise: 139_800,
  paymentMode: 'COD',
  paid: false,
  cashToCollectPaise: 139_800,
  note: null,
};

/** The order's page, afresh, signed in, in the language the phone shows (English unless one is kept). */
async function openOrder() {
  server.orders = [order];
  localStorage.setItem(
    'storedesk:deliver:session',
    JSON.stringify({
      token: 't1',
      user: { id: 'dex-1' },
      business: { timeZone: 'Asia/Kolkata' },
      onDuty: true,
    }),
  );
  vi.resetModules();
  const { refreshOrders } = await import('../lib/orders.ts');
  const { default: OrderPage } = await import('./order.tsx');
  const { LanguageProvider } = await import('@storedesk/web/i18n');
  const { i18n } = await import('../i18n/index.ts');
  await i18n.start();
  await act(() => refreshOrders());
  render(createElement(LanguageProvider, { i18n, children: createElement(OrderPage, { orderId: 'o1' }) }));
}

describe('an order’s page in the delivery app', () => {
  it('names each line with its variant, an item of one variant and an older order’s line by the item alone', async () => {
    await openOrder();
    await screen.findByRole('heading', { name: 'Order #421' });
    const lines = [...document.querySelectorAll('.bill > div')].map((line) => [
      line.querySelector('dt')?.textContent,
      line.querySelector('dd')?.textContent,
    ]);
    expect(lines.slice(0, 4)).toEqual([
      ['Atta · 5 kg × 1', '₹270.00'],
      ['Atta · 10 kg × 2', '₹1,040.00'],
      ['Salt × 1', '₹28.00'],
      ['Milk × 2', '₹60.00'],
    ]);
  });

  it('speaks the language the rider chose: the status by its code, the next move, the bill’s words, the payment', async () => {
    localStorage.setItem('storedesk:deliver:language', '"kn"');
    await openOrder();
    await screen.findByRole('heading', { name: 'ಆರ್ಡರ್ #421' });
    expect(document.documentElement.lang).toBe('kn');
    expect(document.querySelector('.pill')?.textContent).toBe('ಕನ್ಫರ್ಮ್ ಆಗಿದೆ');
    expect(screen.getByRole('button', { name: 'ಪಿಕಪ್ ಆಯಿತು' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'ಸಾಮಾನು ಮತ್ತು ಬಿಲ್' })).toBeDefined();
    expect(document.querySelector('.bill .subtotal dt')?.textContent).toBe('ಸಾಮಾನು');
    expect(screen.getByText('ಪೇಮೆಂಟ್: ಕ್ಯಾಶ್ ಆನ್ ಡೆಲಿವರಿ')).toBeDefined();
    // Money as the bill shows it, in every language; the customer's and the store's words as they are.
    expect(screen.getAllByText('₹1,398.00 ಕ್ಯಾಶ್ ಪಡೆಯಿರಿ')).toHaveLength(1);
    expect(screen.getByText('Near Mart')).toBeDefined();
  });
});
