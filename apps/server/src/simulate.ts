/**
 * Brings a demo to life: places orders through the customer-app API of a
 * running server at a steady rate, and moves some of the open ones along
 * (confirmed with a delivery executive, picked up, delivered, now and then
 * cancelled) as staff would.
 *
 *   npm run simulate -- [--url http://localhost:3000] [--per-minute 6] [--minutes 10] [--orders 100]
 *                       [--email owner@example.com] [--password owner-demo-1] [--key <storefront key>]
 *                       [--api-key <secret API key>]
 *
 * Staff calls are made as the owner. Without --key (or STOREFRONT_KEY) the
 * business's storefront key is read through the API, as the owner sees it in
 * Settings › Others, so any server can be driven from anywhere. Stops after
 * --minutes, after --orders tries (placed or refused) when given, or on Ctrl-C.
 *
 * Its orders come from the business's own system (ADR 0056): they carry a
 * secret API key, which it makes as the owner when it starts (Settings › Others
 * lists it as Simulator) and revokes when it stops, on Ctrl-C too; or the one
 * given with --api-key (or STOREDESK_API_KEY), which it leaves as it was.
 *
 * Its orders are ones the server takes: each reaches the business's minimum
 * order value and goes to an address within its store's delivery radius. What
 * the server still refuses (a store that closed, an item gone, more orders a
 * minute than it takes from one place) is part of a live demo: it is counted
 * and told in the summary line at the end, not printed as a failure.
 */
import { parseArgs } from 'node:util';
import { OrderStatus } from '@storedesk/shared/orders';
import { storefrontLimits } from '@storedesk/shared/storefront/schemas';
import { openAt } from '@storedesk/shared/storefront/serviceability';
import { maxQuantityOf, stepPaise, unitsLeft, variantInStock } from '@storedesk/shared/catalogue/variants';
import { demoLandmarks, demoNotes, demoStreets } from './seed/demo-words.ts';
import { canTakeOrders } from '@storedesk/shared/delivery/dispatch';
import type { executiveChoiceListSchema } from '@storedesk/shared/delivery/schemas';
import type { z } from 'zod';

const firstNames = ['Aarav', 'Diya', 'Kabir', 'Meera', 'Rohan', 'Isha', 'Vikram', 'Ananya', 'Arjun', 'Nisha'];
const lastNames = ['Sharma', 'Iyer', 'Reddy', 'Khan', 'Nair', 'Gupta', 'Menon', 'Das', 'Patel', 'Rao'];

type Page<T> = { items: T[]; total: number };
type StoreRow = {
  id: string;
  name: string;
  status: number;
  openTime: string;
  closeTime: string;
  zoneId: string;
  location: string;
  latitude: number;
  longitude: number;
  deliveryRadiusKm: number;
};
type ItemRow = {
  id: string;
  inStock: boolean;
  variants: Array<{
    id: string;
    pricePaise: number;
    stock: number | null;
    lowStockAt: number | null;
    stepGrams?: number | null;
    maxGrams?: number | null;
  }>;
};
/**
 * One pack size (or step of a loose item) a customer can add: what one costs, what is left of it
 * when the store counts it, and the most one line may ask for (B17).
 */
type MenuEntry = { itemId: string; variantId: string; pricePaise: number; left: number | null; max: number };
type OrderRow = { id: string; status: number; storeId: string; dexId: string | null; version: number };

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** A call the server refused, with its status and the reason it gave. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/** The message of the server's error envelope, else the start of what it answered. */
function reasonOf(text: string): string {
  try {
    const { error } = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof error?.message === 'string') return error.message;
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return text.slice(0, 100);
}

class Client {
  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...this.headers,
        ...extra,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) {
      throw new Refused(
        res.status,
        `${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`,
        reasonOf(text),
      );
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/** A secret API key made as the owner makes one in Settings › Others: its id, to revoke it, and the key. */
async function makeApiKey(staff: Client): Promise<{ id: string; secret: string }> {
  try {
    return await staff.call<{ id: string; secret: string }>('POST', '/api/settings/api-keys', {
      name: 'Simulator',
    });
  } catch (error) {
    if (error instanceof Refused && error.status === 403) {
      throw new Error(
        'Only the owner can make a secret API key: sign in as the owner (--email, --password), ' +
          'or give a key with --api-key or STOREDESK_API_KEY (Settings › Others makes one).',
      );
    }
    throw error;
  }
}

/** The business's storefront key, as Settings › Others shows it to the owner. */
async function storefrontKeyOf(staff: Client): Promise<string> {
  try {
    return (await staff.call<{ storefrontKey: string }>('GET', '/api/settings/business')).storefrontKey;
  } catch (error) {
    if (error instanceof Refused && error.status === 403) {
      throw new Error(
        'Only the owner can read the storefront key: sign in as the owner (--email, --password), ' +
          'or give the key with --key or STOREFRONT_KEY (Settings › Others shows it).',
      );
    }
    throw error;
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.SIMULATE_URL ?? 'http://localhost:3000' },
      'per-minute': { type: 'string', default: '6' },
      minutes: { type: 'string', default: '60' },
      orders: { type: 'string' },
      email: { type: 'string', default: 'owner@example.com' },
      password: { type: 'string', default: 'owner-demo-1' },
      key: { type: 'string', default: process.env.STOREFRONT_KEY },
      'api-key': { type: 'string', default: process.env.STOREDESK_API_KEY },
    },
  });
  const perMinute = Number(values['per-minute']);
  const minutes = Number(values.minutes);
  const orders = values.orders === undefined ? Number.POSITIVE_INFINITY : Number(values.orders);
  if (
    !(perMinute > 0 && perMinute <= 600) ||
    !(minutes > 0 && minutes <= 24 * 60) ||
    !(orders === Number.POSITIVE_INFINITY || (Number.isInteger(orders) && orders > 0))
  ) {
    console.error(
      '--per-minute must be more than 0 and at most 600, --minutes more than 0 and at most 1440, and --orders a whole number more than 0',
    );
    process.exit(2);
  }
  const url = values.url.replace(/\/$/, '');
  const signIn = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: values.email, password: values.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in as ${values.email} answered ${signIn.status}`);
  const { token } = (await signIn.json()) as { token: string };
  const staff = new Client(url, { authorization: `Bearer ${token}` });
  // An empty --key or STOREFRONT_KEY is no key; likewise --api-key and STOREDESK_API_KEY.
  const key = values.key || (await storefrontKeyOf(staff));
  const stop = stopOnSignal();
  const made = values['api-key'] ? null : await makeApiKey(staff);
  try {
    await simulate(url, staff, key, values['api-key'] || made!.secret, { perMinute, minutes, orders, stop });
  } finally {
    if (made) await revokeApiKey(staff, made.id);
  }
}

type Stop = { requested: boolean; wake: () => void };

/** Ctrl-C (or a TERM) ends the run at once, between two orders, so the key it made is revoked. */
function stopOnSignal(): Stop {
  const stop: Stop = { requested: false, wake: () => undefined };
  const request = () => {
    stop.requested = true;
    stop.wake();
  };
  process.once('SIGINT', request);
  process.once('SIGTERM', request);
  return stop;
}

/** Revokes the key the run made; one it could not is told, to revoke by hand. */
async function revokeApiKey(staff: Client, id: string) {
  try {
    await staff.call('DELETE', `/api/settings/api-keys/${id}`);
  } catch (error) {
    console.warn(
      `The secret API key Simulator could not be revoked (${(error as Error).message}): revoke it in Settings › Others.`,
    );
  }
}

/** Places orders and moves them along until `minutes` are over, `orders` have been tried, or it is stopped. */
async function simulate(
  url: string,
  staff: Client,
  storefrontKey: string,
  apiKey: string,
  { perMinute, minutes, orders, stop }: { perMinute: number; minutes: number; orders: number; stop: Stop },
) {
  const storefront = new Client(url, {
    'x-storefront-key': storefrontKey,
    authorization: `Bearer ${apiKey}`,
  });

  const stores = (await staff.call<Page<StoreRow>>('GET', '/api/stores?pageSize=25')).items.filter(
    (store) => store.status === 1,
  );
  if (stores.length === 0) throw new Error('No open store to order from: open one in the console first');
  const menus = new Map<string, MenuEntry[]>();
  for (const store of stores) {
    const items = await staff.call<Page<ItemRow>>('GET', `/api/stores/${store.id}/items?pageSize=25`);
    menus.set(
      store.id,
      items.items
        .filter((item) => item.inStock)
        .flatMap((item) =>
          item.variants.filter(variantInStock).map((variant) => ({
            itemId: item.id,
            variantId: variant.id,
            // A loose item's price is per kilogram; a line buys steps of it.
            pricePaise:
              variant.stepGrams == null
                ? variant.pricePaise
                : stepPaise(variant.pricePaise, variant.stepGrams),
            left: unitsLeft(variant),
            max: maxQuantityOf(variant, storefrontLimits.maxQuantity),
          })),
        ),
    );
  }
  // The customer app's own figure: an order's items must come to at least this much; and the
  // business's clock, by which a store's hours are read.
  const business = await storefront.call<{ timeZone: string; orderSettings: { minimumOrderPaise: number } }>(
    'GET',
    '/api/storefront/business',
  );
  const { minimumOrderPaise } = business.orderSettings;
  /** An executive of the order's zone who can take one more order (B14's limit), as the console's picker offers them; none when all are full. */
  const dexFor = async (order: OrderRow) => {
    const choices = await staff.call<z.infer<typeof executiveChoiceListSchema>>(
      'GET',
      `/api/dispatch/executives?storeId=${order.storeId}`,
    );
    const free = choices.items.filter((dex) =>
      canTakeOrders(dex.openOrders, choices.maxOpenOrdersPerExecutive),
    );
    return free.length > 0 ? pick(free).id : undefined;
  };

  /** A made-up address within 2 km of the store, and well inside its delivery radius. */
  const addressNear = (store: StoreRow) => {
    const km = Math.random() * Math.min(2, store.deliveryRadiusKm * 0.9);
    const bearing = Math.random() * 2 * Math.PI;
    return {
      label: pick(['Home', 'Work', 'Home', 'Parents']),
      text: `${1 + Math.floor(Math.random() * 200)}, ${pick(demoStreets)}, ${store.location}`,
      landmark: Math.random() < 0.5 ? pick(demoLandmarks) : '',
      lat: store.latitude + (km / 111.2) * Math.cos(bearing),
      lng: store.longitude + (km / (111.2 * Math.cos((store.latitude * Math.PI) / 180))) * Math.sin(bearing),
    };
  };

  let placed = 0;
  let moved = 0;
  /** What the server refused, by status and reason, with how often. */
  const refused = new Map<string, number>();

  const placeOrder = async () => {
    // As a customer would: a store open now, by its hours on the business's clock, with something to sell.
    const now = new Date();
    const open = stores.filter(
      (s) => (menus.get(s.id)?.length ?? 0) > 0 && openAt(s, now, business.timeZone),
    );
    if (open.length === 0) {
      const key = 'no store is open now (by its hours)';
      refused.set(key, (refused.get(key) ?? 0) + 1);
      return;
    }
    const store = pick(open);
    const menu = menus.get(store.id)!;
    const lines = new Map<MenuEntry, number>();
    let totalPaise = 0;
    // Never more of a counted pack than is left, as the customer app's "only N left" allows.
    const add = (item: MenuEntry, quantity: number) => {
      const now = lines.get(item) ?? 0;
      const next = Math.min(item.max, now + quantity, item.left ?? Number.POSITIVE_INFINITY);
      lines.set(item, next);
      totalPaise += (next - now) * item.pricePaise;
    };
    for (let n = 1 + Math.floor(Math.random() * 4); n > 0; n--)
      add(pick(menu), 1 + Math.floor(Math.random() * 2));
    // Then more of what the basket holds until it reaches the minimum order value, as a customer would.
    const dearest = [...menu].sort((a, b) => b.pricePaise - a.pricePaise);
    for (const item of dearest) {
      if (totalPaise >= minimumOrderPaise || item.pricePaise <= 0) break;
      add(item, Math.ceil((minimumOrderPaise - totalPaise) / item.pricePaise));
    }
    const name = `${pick(firstNames)} ${pick(lastNames)}`;
    const order = await storefront.call<{ number: number; billAmountPaise: number }>(
      'POST',
      '/api/storefront/orders',
      {
        customer: { name, phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` },
        storeId: store.id,
        items: [...lines]
          .filter(([, quantity]) => quantity > 0)
          .map(([item, quantity]) => ({ itemId: item.itemId, variantId: item.variantId, quantity })),
        deliveryAddress: addressNear(store),
        paymentMode: Math.random() < 0.7 ? 'COD' : 'UPI',
        ...(Math.random() < 0.3 ? { note: pick(demoNotes) } : {}),
      },
    );
    placed += 1;
    // What the order took is no longer on the shelf.
    for (const [item, quantity] of lines) {
      if (item.left !== null) item.left -= quantity;
    }
    menus.set(
      store.id,
      menu.filter((item) => item.left === null || item.left > 0),
    );
    console.log(`placed #${order.number} at ${store.name} for ${name}`);
  };

  const moveOne = async () => {
    const open = await staff.call<Page<OrderRow>>('GET', '/api/orders?view=active&sort=oldest&pageSize=25');
    if (open.items.length === 0) return;
    const order = pick(open.items);
    const next =
      Math.random() < 0.06
        ? OrderStatus.Cancelled
        : (
            { 0: OrderStatus.Confirmed, 1: OrderStatus.PickedUp, 2: OrderStatus.Delivered } as Record<
              number,
              number
            >
          )[order.status]!;
    const needsDex = next === OrderStatus.Confirmed || (next === OrderStatus.PickedUp && !order.dexId);
    const dexId = needsDex ? await dexFor(order) : undefined;
    if (needsDex && !dexId) return;
    await staff.call('POST', `/api/orders/${order.id}/status`, {
      status: next,
      dexId,
      version: order.version,
    });
    moved += 1;
  };

  const deadline = Date.now() + minutes * 60_000;
  const everyMs = 60_000 / perMinute;
  console.log(`placing ${perMinute} orders a minute at ${url} for ${minutes} min (Ctrl-C stops)`);
  for (let tried = 0; !stop.requested && Date.now() < deadline && tried < orders; tried++) {
    const started = Date.now();
    try {
      await placeOrder();
      if (Math.random() < 0.9) await moveOne();
    } catch (error) {
      // A wrong key, an ended session or service will not mend itself: stop.
      if (error instanceof Refused && [401, 402, 403].includes(error.status)) throw error;
      // A refused order (a store closed meanwhile, an item gone) or a lost race is part of a live demo.
      if (error instanceof Refused) {
        const key = `${error.status} ${error.reason}`;
        refused.set(key, (refused.get(key) ?? 0) + 1);
      } else {
        console.warn((error as Error).message);
      }
    }
    if (stop.requested || tried + 1 >= orders) break;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, everyMs - (Date.now() - started)));
      stop.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  console.log(summaryOf(placed, moved, refused));
}

/** The run in one line: orders placed and moved along, and what the server refused, as a live demo has. */
function summaryOf(placed: number, moved: number, refused: Map<string, number>): string {
  const done = `placed ${placed} orders, moved ${moved} along`;
  if (refused.size === 0) return `${done}; the server refused none`;
  const count = [...refused.values()].reduce((sum, n) => sum + n, 0);
  const reasons = [...refused].map(([reason, n]) => `${n} × ${reason}`).join('; ');
  return `${done}; the server refused ${count} (expected in a live demo): ${reasons}`;
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
