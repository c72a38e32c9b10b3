import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

type Listed<T> = { items: T[] };
type Customer = { name: string; phone: string };

/**
 * An open store of the caller's with items in stock (other specs add stores of their own), and up
 * to two of those items, dearest first (five of the dearest clear the demo's ₹99.00 minimum order).
 */
export async function openStoreWithStock(page: Page) {
  const stores = (await (await page.request.get('/api/stores?pageSize=25')).json()) as Listed<{
    id: string;
    name: string;
    status: number;
  }>;
  for (const store of stores.items.filter((s) => s.status === 1)) {
    const items = (await (
      await page.request.get(`/api/stores/${store.id}/items?pageSize=25`)
    ).json()) as Listed<{
      id: string;
      inStock: boolean;
      pricePaise: number;
    }>;
    const stocked = items.items
      .filter((item) => item.inStock)
      .sort((x, y) => y.pricePaise - x.pricePaise)
      .slice(0, 2);
    if (stocked.length > 0) return { store, stocked };
  }
  throw new Error('no open store with stock');
}

/** Sends an order to the customer-app API with the demo's storefront key, as the customer app would. */
export async function sendStorefrontOrder(order: {
  customer: Customer;
  storeId: string;
  items: { itemId: string; quantity: number }[];
  couponCode?: string;
}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${inject('baseUrl')}/api/storefront/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-storefront-key': inject('storefrontKey') },
    body: JSON.stringify(order),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Places an order of three of each stocked item at an open store, and expects it taken (201). */
export async function placeOrder(
  page: Page,
  customer: Customer = { name: 'Esha Live', phone: '9811122233' },
) {
  const { store, stocked } = await openStoreWithStock(page);
  const { status, body } = await sendStorefrontOrder({
    customer,
    storeId: store.id,
    items: stocked.map((item) => ({ itemId: item.id, quantity: 3 })),
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return { ...(body as { id: string; number: number }), storeName: store.name };
}
