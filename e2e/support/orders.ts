import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

type Listed<T> = { items: T[] };

/** An open store of the caller's with items in stock (other specs add stores of their own), and two of them. */
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
    }>;
    const stocked = items.items.filter((item) => item.inStock).slice(0, 2);
    if (stocked.length > 0) return { store, stocked };
  }
  throw new Error('no open store with stock');
}

/** Places an order through the customer-app API at an open store, as the customer app would. */
export async function placeOrder(page: Page) {
  const { store, stocked } = await openStoreWithStock(page);
  const res = await fetch(`${inject('baseUrl')}/api/storefront/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-storefront-key': inject('storefrontKey') },
    body: JSON.stringify({
      customer: { name: 'Esha Live', phone: '9811122233' },
      storeId: store.id,
      items: stocked.map((item) => ({ itemId: item.id, quantity: 3 })),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { ...((await res.json()) as { id: string; number: number }), storeName: store.name };
}
