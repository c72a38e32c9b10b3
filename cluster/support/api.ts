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

/** The demo business's storefront key, and an open store with an item in stock, as its owner reads them. */
export async function demoMenu(baseUrl: string, owner: Record<string, string>) {
  const storefrontKey = (await call(baseUrl, 'GET', '/api/settings/business', undefined, owner)).body
    .storefrontKey as string;
  const stores = (await call(baseUrl, 'GET', '/api/stores?pageSize=25', undefined, owner)).body
    .items as Array<{
    id: string;
    status: number;
  }>;
  const storeId = stores.find((store) => store.status === 1)!.id;
  const items = (await call(baseUrl, 'GET', `/api/stores/${storeId}/items?pageSize=25`, undefined, owner))
    .body.items as Array<{ id: string; inStock: boolean }>;
  return { storefrontKey, menu: { storeId, itemId: items.find((item) => item.inStock)!.id } };
}
