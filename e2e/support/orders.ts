import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { codeTextedTo } from './customer.ts';

type Listed<T> = { items: T[] };
type Customer = { name: string; phone: string };
type Line = { itemId: string; quantity: number };
export type DeliveryAddress = { label: string; text: string; lat: number; lng: number };

/**
 * An open store of the caller's with items in stock (other specs add stores of their own), up to
 * two of those items, dearest first (five of the dearest clear the demo's ₹99.00 minimum order),
 * and an address by the store that it delivers to.
 */
export async function openStoreWithStock(page: Page) {
  const stores = (await (await page.request.get('/api/stores?pageSize=25')).json()) as Listed<{
    id: string;
    name: string;
    status: number;
    latitude: number;
    longitude: number;
  }>;
  for (const store of stores.items.filter((s) => s.status === 1)) {
    const items = (await (
      await page.request.get(`/api/stores/${store.id}/items?pageSize=25`)
    ).json()) as Listed<{
      id: string;
      inStock: boolean;
      pricePaise: number;
      variants: Array<{ stock: number | null }>;
    }>;
    // Items of one uncounted variant: an order names them without a variant and never sells them out.
    const stocked = items.items
      .filter((item) => item.inStock && item.variants.length === 1 && item.variants[0]!.stock === null)
      .sort((x, y) => y.pricePaise - x.pricePaise)
      .slice(0, 2);
    const deliveryAddress: DeliveryAddress = {
      label: 'Home',
      text: '2, Shop Street',
      lat: store.latitude,
      lng: store.longitude,
    };
    if (stocked.length > 0) return { store, stocked, deliveryAddress };
  }
  throw new Error('no open store with stock');
}

/** The headers of an order of the demo business's own system: its storefront key and its secret key. */
export function keyedOrderHeaders(): Record<string, string> {
  return { 'x-storefront-key': inject('storefrontKey'), authorization: `Bearer ${inject('apiKey')}` };
}

async function postOrder(headers: Record<string, string>, order: object) {
  const res = await fetch(`${inject('baseUrl')}/api/storefront/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(order),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Sends an order to the customer-app API as the demo business's own system does (a till, a phone
 * desk): with a secret API key, naming the customer and the address, cash on delivery. It joins no
 * customer's account.
 */
export async function sendStorefrontOrder(order: {
  customer: Customer;
  storeId: string;
  items: Line[];
  deliveryAddress: DeliveryAddress;
  couponCode?: string;
}): Promise<{ status: number; body: Record<string, unknown> }> {
  return postOrder(keyedOrderHeaders(), { ...order, paymentMode: 'COD' });
}

/**
 * A customer of the demo signed in through the customer-app API by the code texted to them, as the
 * app signs them in, with an address saved: their orders are theirs (their account, their list).
 */
export async function signInCustomer(customer: Customer, address: DeliveryAddress) {
  const base = inject('baseUrl');
  const headers = { 'content-type': 'application/json', 'x-storefront-key': inject('storefrontKey') };
  const asked = await fetch(`${base}/api/storefront/auth/code`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone: customer.phone }),
  });
  expect(asked.status).toBe(202);
  const verified = await fetch(`${base}/api/storefront/auth/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      phone: customer.phone,
      code: await codeTextedTo(inject('dataDir'), customer.phone),
      name: customer.name,
    }),
  });
  expect(verified.status).toBe(200);
  const { token } = (await verified.json()) as { token: string };
  const asCustomer = { ...headers, authorization: `Bearer ${token}` };
  const saved = await fetch(`${base}/api/storefront/addresses`, {
    method: 'POST',
    headers: asCustomer,
    body: JSON.stringify(address),
  });
  expect(saved.status).toBe(201);
  const { id: addressId } = (await saved.json()) as { id: string };
  return { headers: asCustomer, addressId };
}

/** A signed-in customer's order to their saved address, cash on delivery. */
export function sendCustomerOrder(
  customer: { headers: Record<string, string>; addressId: string },
  order: { storeId: string; items: Line[] },
) {
  return postOrder(customer.headers, { ...order, addressId: customer.addressId, paymentMode: 'COD' });
}

/** Places an order of three of each stocked item at an open store, and expects it taken (201). */
export async function placeOrder(
  page: Page,
  customer: Customer = { name: 'Esha Live', phone: '9811122233' },
) {
  const { store, stocked, deliveryAddress } = await openStoreWithStock(page);
  const { status, body } = await sendStorefrontOrder({
    customer,
    storeId: store.id,
    items: stocked.map((item) => ({ itemId: item.id, quantity: 3 })),
    deliveryAddress,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return { ...(body as { id: string; number: number }), storeName: store.name };
}
