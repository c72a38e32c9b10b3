/**
 * The soak's mixed load, paced: each kind of request is sent at a fixed rate
 * (open loop: a slow answer does not slow the next send), so that over ten
 * minutes the figures speak of the server, not of how hard the bench pushed.
 *
 * No write races another: an order is moved by one step at a time (the next
 * step is queued only when the last has answered), and each item toggle and
 * store edit carries the version its own last answer gave, the next one of the
 * same record sent only after that answer. So any 409 is a defect, counted as
 * an error like every other unexpected answer.
 */
import http from 'node:http';
import { createApiKey, keyedOrderHeaders } from './orders.ts';
import { percentile, round1 } from './stats.ts';

/** Requests per second of each kind. Status changes are offered a little more than orders need. */
export const soakRates = {
  orderList: 5,
  orderPage: 1,
  stores: 2,
  items: 2,
  dashboard: 1,
  storefrontOrder: 2,
  /** Steps of an order's life (Placed → Confirmed → Picked Up → Delivered, 1 in 20 cancelled), each an order page read then the change. */
  orderStep: 7,
  itemToggle: 1,
  storeEdit: 0.5,
} as const;
type Paced = keyof typeof soakRates;

/** What the figures are kept by: the order step is two requests, an order page and a status change. */
export const requestKinds = [
  'orderList',
  'orderPage',
  'stores',
  'items',
  'dashboard',
  'storefrontOrder',
  'orderStatus',
  'itemToggle',
  'storeEdit',
] as const;
export type RequestKind = (typeof requestKinds)[number];

type KindTally = {
  requests: number;
  ok: number;
  /** Answers other than the expected 2xx, by status. */
  byStatus: Record<string, number>;
  /** Requests that got no answer (connection failed, timed out). */
  failed: number;
  latencies: number[];
  /** The first few unexpected answers, for the report. */
  samples: string[];
};

const SAMPLES = 5;
const TIMEOUT_MS = 30_000;

export class LoadTally {
  readonly kinds = Object.fromEntries(
    requestKinds.map((kind) => [
      kind,
      { requests: 0, ok: 0, byStatus: {}, failed: 0, latencies: [], samples: [] } as KindTally,
    ]),
  ) as Record<RequestKind, KindTally>;
  /** Sends a pace skipped because that kind already had too many waiting for an answer. */
  readonly skipped: Record<string, number> = {};
  /** Order steps that found no order waiting to move on. */
  idleOrderSteps = 0;
  /** Writes answered as done: each published one live event (or more) of the business. */
  writes = 0;

  /** Failed requests and unexpected answers of every kind. */
  get errors(): number {
    return Object.values(this.kinds).reduce(
      (sum, kind) => sum + kind.failed + Object.values(kind.byStatus).reduce((a, b) => a + b, 0),
      0,
    );
  }

  get requests(): number {
    return Object.values(this.kinds).reduce((sum, kind) => sum + kind.requests, 0);
  }

  summary(seconds: number) {
    return Object.fromEntries(
      requestKinds.map((name) => {
        const kind = this.kinds[name];
        return [
          name,
          {
            requests: kind.requests,
            perSecond: round1(kind.requests / seconds),
            ok: kind.ok,
            non2xxOrUnexpected: kind.byStatus,
            failed: kind.failed,
            p50Ms: round1(percentile(kind.latencies, 50)),
            p95Ms: round1(percentile(kind.latencies, 95)),
            p99Ms: round1(percentile(kind.latencies, 99)),
            samples: kind.samples,
          },
        ];
      }),
    );
  }
}

/** One request on a kept-alive connection; answers the parsed body when the status is the expected one, else null (tallied). */
function request<T>(
  tally: LoadTally,
  agent: http.Agent,
  kind: RequestKind,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
  expected = 200,
): Promise<T | null> {
  const counts = tally.kinds[kind];
  counts.requests++;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const sent = performance.now();
  const note = (text: string) => {
    if (counts.samples.length < SAMPLES) counts.samples.push(`${method} ${new URL(url).pathname}: ${text}`);
  };
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          counts.latencies.push(performance.now() - sent);
          const status = res.statusCode ?? 0;
          if (status !== expected) {
            counts.byStatus[status] = (counts.byStatus[status] ?? 0) + 1;
            note(`${status} ${text.slice(0, 200)}`);
            return resolve(null);
          }
          counts.ok++;
          resolve(JSON.parse(text) as T);
        });
        res.on('error', (error) => {
          counts.failed++;
          note(error.message);
          resolve(null);
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => {
      counts.failed++;
      note(error.message);
      resolve(null);
    });
    req.end(payload);
  });
}

type Page<T> = { items: T[]; total: number };
type StoreRow = {
  id: string;
  name: string;
  status: number;
  zoneId: string;
  description: string;
  latitude: number;
  longitude: number;
  version: number;
};
type ItemRow = {
  id: string;
  inStock: boolean;
  pricePaise: number;
  version: number;
  variants: Array<{ stock: number | null }>;
};
type OrderDetail = {
  id: string;
  status: number;
  state: number;
  zoneId: string;
  dexId: string | null;
  version: number;
};

/** What the load works on, read through the API as the owner before it starts. */
export type LoadSetup = {
  baseUrl: string;
  ownerToken: string;
  adminToken: string;
  /** What an order of the business's own system carries: its storefront key and a secret key (ADR 0056). */
  orderHeaders: Record<string, string>;
  stores: StoreRow[];
  /** An Open store, the lines of its basket and an address by it: what is ordered. */
  baskets: Array<{
    storeId: string;
    items: Array<{ itemId: string; quantity: number }>;
    deliveryAddress: { label: string; text: string; lat: number; lng: number };
  }>;
  /** Items in no basket, toggled between available and not. */
  toggled: Array<{ storeId: string; itemId: string; inStock: boolean; version: number }>;
  dexesOfZone: Map<string, string[]>;
  /** Orders of the demo data, for order pages besides those the load places. */
  knownOrderIds: string[];
};

async function get<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Reads the stores, baskets, items to toggle, delivery executives and some orders of the demo
 * business, and makes a secret key as its owner for the orders.
 */
export async function prepareLoad(
  baseUrl: string,
  owner: { token: string },
  admin: { token: string },
): Promise<LoadSetup> {
  const token = owner.token;
  const { storefrontKey } = await get<{ storefrontKey: string }>(baseUrl, token, '/api/settings/business');
  const orderHeaders = keyedOrderHeaders(storefrontKey, await createApiKey(baseUrl, token));
  const stores = (await get<Page<StoreRow>>(baseUrl, token, '/api/stores?pageSize=25')).items;
  const baskets: LoadSetup['baskets'] = [];
  const toggled: LoadSetup['toggled'] = [];
  for (const store of stores) {
    const items = (await get<Page<ItemRow>>(baseUrl, token, `/api/stores/${store.id}/items?pageSize=25`))
      .items;
    // Items of one variant whose stock is not counted (B17): a line needs no variant, and the
    // soak's orders never sell them out.
    const inStock = items.filter(
      (item) => item.inStock && item.variants.length === 1 && item.variants[0]!.stock === null,
    );
    let rest = items;
    if (store.status === 1 && inStock.length >= 3 && baskets.length < 4) {
      const lines = inStock.slice(0, 2);
      // Well above the demo's minimum order of ₹99.
      const quantity = Math.min(
        99,
        Math.ceil(20_000 / lines.reduce((sum, item) => sum + Math.max(1, item.pricePaise), 0)),
      );
      baskets.push({
        storeId: store.id,
        items: lines.map((item) => ({ itemId: item.id, quantity })),
        deliveryAddress: { label: 'Home', text: '1, Soak Road', lat: store.latitude, lng: store.longitude },
      });
      rest = items.filter((item) => !lines.includes(item));
    }
    for (const item of rest.slice(0, 2)) {
      if (toggled.length < 12) {
        toggled.push({ storeId: store.id, itemId: item.id, inStock: item.inStock, version: item.version });
      }
    }
  }
  if (baskets.length === 0) throw new Error('the demo business has no Open store with three items in stock');
  const dexesOfZone = new Map<string, string[]>();
  for (const zoneId of new Set(stores.map((store) => store.zoneId))) {
    const dexes = await get<Page<{ id: string }>>(
      baseUrl,
      token,
      `/api/delivery-executives?zoneId=${zoneId}&pageSize=25`,
    );
    dexesOfZone.set(
      zoneId,
      dexes.items.map((dex) => dex.id),
    );
  }
  const knownOrderIds = (
    await get<Page<{ id: string }>>(baseUrl, token, '/api/orders?view=completed&pageSize=25')
  ).items.map((order) => order.id);
  return {
    baseUrl,
    ownerToken: token,
    adminToken: admin.token,
    orderHeaders,
    stores,
    baskets,
    toggled,
    dexesOfZone,
    knownOrderIds,
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * Sends `tick` `perSecond` times a second until `stopAt`, on a fixed schedule;
 * a send is skipped (and counted) while `cap` of that kind still wait for an
 * answer, so a stalled server shows as skipped sends rather than as a pile of
 * requests. Resolves when the last answer is in.
 */
async function pace(
  name: Paced,
  perSecond: number,
  stopAt: number,
  cap: number,
  tally: LoadTally,
  tick: () => Promise<void>,
) {
  const period = 1000 / perSecond;
  // Kinds start spread over their first period, not all on one instant.
  const start = performance.now() + Math.random() * period;
  const waiting = new Set<Promise<void>>();
  for (let n = 0; ; n++) {
    const at = start + n * period;
    if (at >= stopAt) break;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (waiting.size >= cap) {
      tally.skipped[name] = (tally.skipped[name] ?? 0) + 1;
      continue;
    }
    const sent = tick().finally(() => waiting.delete(sent));
    waiting.add(sent);
  }
  await Promise.all(waiting);
}

/** Runs the mixed load until `stopAt` (a performance.now() time); resolves once every answer is in. */
export async function runLoad(setup: LoadSetup, stopAt: number, tally: LoadTally): Promise<void> {
  const { baseUrl } = setup;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const owner = { authorization: `Bearer ${setup.ownerToken}` };
  const admin = { authorization: `Bearer ${setup.adminToken}` };
  const call = <T>(
    kind: RequestKind,
    method: string,
    path: string,
    as: Record<string, string> = owner,
    body?: unknown,
    expected = 200,
  ) => request<T>(tally, agent, kind, method, `${baseUrl}${path}`, as, body, expected);

  // Staff reads: the lists and filters the console asks for, as the owner (all zones or one) and as a zone's admin.
  const someStore = () => pick(setup.stores);
  const orderLists: Array<() => [string, typeof owner]> = [
    () => ['/api/orders?view=active', owner],
    () => ['/api/orders?view=active&status=0&sort=oldest', owner],
    () => ['/api/orders?view=active&status=1&pageSize=25', owner],
    () => [`/api/orders?view=active&zoneId=${someStore().zoneId}`, owner],
    () => [`/api/orders?view=active&storeId=${someStore().id}&sort=status`, owner],
    () => ['/api/orders?view=completed&pageSize=25', owner],
    () => [`/api/orders?view=completed&from=${day(30)}&to=${day(0)}&page=1`, owner],
    () => [`/api/orders?view=completed&q=${pick(['Sharma', 'Iyer', 'Soak', '12'])}`, owner],
    () => ['/api/orders?view=active', admin],
    () => [`/api/orders?view=completed&from=${day(7)}&to=${day(0)}`, admin],
  ];
  const storeLists: Array<() => [string, typeof owner]> = [
    () => ['/api/stores', owner],
    () => ['/api/stores?pageSize=25', owner],
    () => [`/api/stores?q=${pick(['fresh', 'mart', 'a'])}&pageSize=5`, owner],
    () => [`/api/stores?zoneId=${someStore().zoneId}`, owner],
    () => ['/api/stores', admin],
  ];
  const placed: string[] = [];
  let orderCount = 0;
  /** Placed orders waiting for their next step, oldest first; an order is in here at most once. */
  const moving: string[] = [];
  let toggleTurn = 0;
  let editTurn = 0;
  const busy = new Set<string>();
  const editable = setup.stores.slice(0, 6).map((store) => ({ ...store, base: store.description }));

  const kinds: Record<Paced, () => Promise<void>> = {
    orderList: async () => {
      const [path, as] = pick(orderLists)();
      await call('orderList', 'GET', path, as);
    },
    orderPage: async () => {
      const ids = placed.length > 0 && Math.random() < 0.7 ? placed : setup.knownOrderIds;
      if (ids.length > 0) await call('orderPage', 'GET', `/api/orders/${pick(ids)}`);
    },
    stores: async () => {
      const [path, as] = pick(storeLists)();
      await call('stores', 'GET', path, as);
    },
    items: async () => {
      const query = pick(['pageSize=10', 'q=rice', 'q=a&pageSize=25', 'page=1&pageSize=5', 'pageSize=25']);
      await call('items', 'GET', `/api/stores/${someStore().id}/items?${query}`);
    },
    dashboard: async () => {
      const as = pick([owner, owner, admin]);
      const zone = as === owner && Math.random() < 0.5 ? `?zoneId=${someStore().zoneId}` : '';
      await call('dashboard', 'GET', `/api/dashboard${zone}`, as);
    },
    storefrontOrder: async () => {
      const basket = pick(setup.baskets);
      const n = orderCount++;
      const order = await call<{ id: string }>(
        'storefrontOrder',
        'POST',
        '/api/storefront/orders',
        setup.orderHeaders,
        {
          customer: { name: `Soak Customer ${n}`, phone: `6${String(n).padStart(9, '0')}` },
          storeId: basket.storeId,
          items: basket.items,
          deliveryAddress: basket.deliveryAddress,
          paymentMode: 'COD',
        },
        201,
      );
      if (!order) return;
      tally.writes++;
      placed.push(order.id);
      moving.push(order.id);
    },
    orderStep: async () => {
      const id = moving.shift();
      if (id === undefined) {
        tally.idleOrderSteps++;
        return;
      }
      const order = await call<OrderDetail>('orderPage', 'GET', `/api/orders/${id}`);
      if (!order) return;
      // About one in 20 (by its id) is cancelled while Placed; the rest go Confirmed (with an executive
      // of its zone), Picked Up, Delivered.
      const cancelled = Number.parseInt(id.slice(-2), 16) % 20 === 0;
      const next = order.status === 0 ? (cancelled ? -1 : 1) : order.status === 1 ? 2 : -2;
      const dexId = next === 1 ? pick(setup.dexesOfZone.get(order.zoneId) ?? []) : undefined;
      const after = await call<OrderDetail>('orderStatus', 'POST', `/api/orders/${id}/status`, owner, {
        status: next,
        ...(dexId ? { dexId } : {}),
        version: order.version,
      });
      if (!after) return;
      tally.writes++;
      if (after.state === 1) moving.push(id);
    },
    itemToggle: async () => {
      const item = setup.toggled[toggleTurn++ % setup.toggled.length]!;
      if (busy.has(item.itemId)) return;
      busy.add(item.itemId);
      try {
        const after = await call<ItemRow>(
          'itemToggle',
          'PATCH',
          `/api/stores/${item.storeId}/items/${item.itemId}`,
          owner,
          { inStock: !item.inStock, version: item.version },
        );
        if (!after) return;
        tally.writes++;
        item.inStock = after.inStock;
        item.version = after.version;
      } finally {
        busy.delete(item.itemId);
      }
    },
    storeEdit: async () => {
      const store = editable[editTurn++ % editable.length]!;
      if (busy.has(store.id)) return;
      busy.add(store.id);
      try {
        const description =
          store.description === store.base ? `${store.base} Open late on weekends.` : store.base;
        const after = await call<StoreRow>('storeEdit', 'PATCH', `/api/stores/${store.id}`, owner, {
          description,
          version: store.version,
        });
        if (!after) return;
        tally.writes++;
        store.description = after.description;
        store.version = after.version;
      } finally {
        busy.delete(store.id);
      }
    },
  };

  await Promise.all(
    (Object.keys(soakRates) as Paced[]).map((name) =>
      pace(name, soakRates[name], stopAt, Math.max(4, Math.ceil(soakRates[name] * 5)), tally, kinds[name]),
    ),
  );
  agent.destroy();
}
