/** Calls of the cluster suites to the instances' API, each bounded by a time limit. */

export type Answer = { status: number; body: Record<string, unknown>; retryAfter: string | null };

/** One JSON call; a body that is not JSON (a proxy's own page) is kept as `{ text }`. */
export async function call(
  baseUrl: string,
  method: string,
  url: string,
  body?: unknown,
  headers = {},
): Promise<Answer> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text: text.slice(0, 200) };
  }
  return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
}

/** An open store's item in stock, and an address by the store: what the suites' orders name. */
export type DemoMenu = {
  storeId: string;
  itemId: string;
  /** One of the item's variants the store does not count, so the suites' orders never run out. */
  variantId: string;
  deliveryAddress: { label: string; text: string; lat: number; lng: number };
};

/**
 * What the demo business's own system orders with (ADR 0056): its storefront key and a secret key
 * its owner makes, as headers; and an open store with an item in stock, as its owner reads them.
 */
export async function demoMenu(baseUrl: string, owner: Record<string, string>) {
  const storefrontKey = (await call(baseUrl, 'GET', '/api/settings/business', undefined, owner)).body
    .storefrontKey as string;
  const made = await call(baseUrl, 'POST', '/api/settings/api-keys', { name: 'Cluster suite' }, owner);
  if (made.status !== 201) throw new Error(`making a secret API key answered ${made.status}`);
  const orderHeaders = {
    'x-storefront-key': storefrontKey,
    authorization: `Bearer ${made.body.secret as string}`,
  };
  const stores = (await call(baseUrl, 'GET', '/api/stores?pageSize=25', undefined, owner)).body
    .items as Array<{ id: string; status: number; latitude: number; longitude: number }>;
  const store = stores.find((candidate) => candidate.status === 1)!;
  const items = (await call(baseUrl, 'GET', `/api/stores/${store.id}/items?pageSize=25`, undefined, owner))
    .body.items as Array<{
    id: string;
    inStock: boolean;
    variants: Array<{ id: string; stock: number | null; stepGrams: number | null }>;
  }>;
  const item = items.find(
    (candidate) =>
      candidate.inStock &&
      candidate.variants.some((variant) => variant.stock === null && variant.stepGrams === null),
  )!;
  const menu: DemoMenu = {
    storeId: store.id,
    itemId: item.id,
    variantId: item.variants.find((variant) => variant.stock === null && variant.stepGrams === null)!.id,
    deliveryAddress: { label: 'Home', text: '1, Cluster Road', lat: store.latitude, lng: store.longitude },
  };
  return { orderHeaders, menu };
}

/** An order of one of the menu's item for `customer`, as the business's own system sends it. */
export function orderOf(menu: DemoMenu, customer: { name: string; phone: string }) {
  return {
    customer,
    storeId: menu.storeId,
    items: [{ itemId: menu.itemId, variantId: menu.variantId, quantity: 1 }],
    deliveryAddress: menu.deliveryAddress,
    paymentMode: 'COD',
  };
}
