/**
 * Takes the README's screenshots (docs/screenshots) the way a person sees the
 * console: starts the server on a fresh demo database, as `npm start` does,
 * adds what a screenshot wants (something in the trash), and
 * photographs each screen signed in as the demo owner; then the customer app on a phone, as a
 * customer near a demo store goes from its home to a placed order.
 *
 *   npm run screenshots              # every screen
 *   npm run screenshots -- zones     # only the named ones
 *   npm run screenshots -- shop      # only the customer app's
 *   npm run screenshots -- deliver   # only the delivery app's
 *   npm run screenshots -- languages # Hindi and Kannada (they need Debian's fonts-noto-core)
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.ts';
import { customerPhone, newPhone, signInWithCode } from './support/customer.ts';
import { languagePhone } from './support/languages.ts';
import { startServer } from './support/server.ts';
import { startPaymentsGateway } from '../apps/server/test/payments-gateway.ts';

const outDir = path.resolve(import.meta.dirname, '../docs/screenshots');
const owner = { email: 'owner@example.com', password: 'owner-demo-1' };

type Shot = {
  name: string;
  url: string | ((page: Page) => Promise<string>);
  heading: string;
  /** Also taken 375 px wide, as phone-<name>.png. */
  phone?: boolean;
  /** What the person does on the screen before it is taken. */
  prepare?: (page: Page) => Promise<void>;
  /** The whole page, not only the window's height. */
  fullPage?: boolean;
};

async function firstHref(page: Page, url: string, name: RegExp): Promise<string> {
  await page.goto(url);
  return (await page.getByRole('link', { name }).first().getAttribute('href'))!;
}

/** Waits until the open dialog has faded in, so the picture is not of its transition. */
async function dialogShown(page: Page) {
  await page.waitForFunction(() => {
    const container = document.querySelector('.MuiDialog-container');
    return container !== null && getComputedStyle(container).opacity === '1';
  });
}

/** The page of the newest order the orders API lists with `query`. */
async function orderWith(page: Page, query: string): Promise<string> {
  await page.goto('/orders');
  const id = await page.evaluate(async (q) => {
    const { items } = (await (await fetch(`/api/orders?${q}&pageSize=5`)).json()) as {
      items: { id: string }[];
    };
    return items[0]!.id;
  }, query);
  return `/orders/${id}`;
}

/** The demo store the catalogue's screenshots show. */
const koramangala = (page: Page) => firstHref(page, '/stores', /^Fresh Mart Koramangala$/);

/** A spreadsheet to preview: four good rows and one whose category is misspelt. */
const importSample = [
  'sku,name,category,variant,price,mrp,stock,gst,hsn,veg',
  'MOONG-500,Moong Dal,Staples,500 g,75,80,30,5,0713,yes',
  'MOONG-1000,Moong Dal,Staples,1 kg,140,150,12,5,0713,yes',
  'POHA-500,Thick Poha,Staples,500 g,48,52,,5,1904,yes',
  'CHIPS-52,Salted Chips,Snaks & Beverages,52 g,20,20,,18,2005,yes',
  'GHEE-500,Cow Ghee,Dairy & Eggs,500 ml,345,380,8,12,0405,yes',
].join('\n');

/**
 * Orders booked for delivery slots, for the board by slot (B19): the two Mumbai stores take
 * bookings in hourly slots, and the demo business's own system books three orders into the first
 * slot they offer, two into the next and one two hours on (as a till or a phone desk would, with a
 * secret key); one of the first is confirmed and one picked up. Then the stores' cut-off is set so
 * that the first slot's preparation has begun and the next one's has not. Done once; answers the
 * board's day (YYYY-MM-DD on the business's clock). Last of the console's screens, so the others
 * show the demo as it was seeded.
 */
let slotBoardDay: Promise<string> | undefined;
function bookSlotOrders(page: Page): Promise<string> {
  slotBoardDay ??= page.evaluate(async () => {
    const call = async <T>(url: string, init: RequestInit & { json?: object } = {}): Promise<T> => {
      const { json, ...rest } = init;
      const res = await fetch(url, {
        ...rest,
        ...(json ? { body: JSON.stringify(json) } : {}),
        headers: { 'content-type': 'application/json', ...(rest.headers as Record<string, string>) },
      });
      if (!res.ok)
        throw new Error(`${rest.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    };
    type Store = { id: string; name: string; version: number; latitude: number; longitude: number };
    const { storefrontKey, timeZone } = await call<{ storefrontKey: string; timeZone: string }>(
      '/api/settings/business',
    );
    const { secret } = await call<{ secret: string }>('/api/settings/api-keys', {
      method: 'POST',
      json: { name: 'Screenshots' },
    });
    const asTill = { 'x-storefront-key': storefrontKey, authorization: `Bearer ${secret}` };
    const stores = await Promise.all(
      ['Fresh Mart Bandra', 'Fresh Mart Andheri'].map(async (name) => {
        const { items } = await call<{ items: Store[] }>(`/api/stores?q=${encodeURIComponent(name)}`);
        return items.find((store) => store.name === name)!;
      }),
    );
    const setRule = (store: Store, capacity: number, cutoffMinutes: number) =>
      call<Store>(`/api/stores/${store.id}`, {
        method: 'PATCH',
        json: {
          deliverySlots: { lengthMinutes: 60, capacity, daysAhead: 2, cutoffMinutes },
          version: store.version,
        },
      });
    const [bandra, andheri] = [await setRule(stores[0]!, 5, 60), await setRule(stores[1]!, 3, 60)];
    const names = [
      'Asha Rao',
      'Bharat Shah',
      'Chitra Iyer',
      'Dev Menon',
      'Esha Nair',
      'Farah Khan',
      'Gita Pillai',
    ];
    const book = async (store: Store, slotId: string, at: number) => {
      const { items } = await call<{
        items: { id: string; inStock: boolean; pricePaise: number; variants: { stock: number | null }[] }[];
      }>(`/api/stores/${store.id}/items?pageSize=25`);
      const item = items
        .filter((each) => each.inStock && each.variants.length === 1 && each.variants[0]!.stock === null)
        .sort((x, y) => y.pricePaise - x.pricePaise)[at % 3]!;
      return call<{ id: string }>('/api/storefront/orders', {
        method: 'POST',
        headers: asTill,
        json: {
          customer: { name: names[at]!, phone: `98111${String(22200 + at)}` },
          storeId: store.id,
          items: [{ itemId: item.id, quantity: 3 }],
          deliveryAddress: {
            label: 'Home',
            text: `${at + 2}, Hill Road`,
            lat: store.latitude,
            lng: store.longitude,
          },
          paymentMode: 'COD',
          slotId,
        },
      });
    };
    const { items: slots } = await call<{ items: { id: string; startsAt: string }[] }>(
      `/api/storefront/stores/${bandra.id}/slots`,
      { headers: asTill },
    );
    const [first, second, , fourth] = slots;
    const booked = [
      await book(bandra, first!.id, 0),
      await book(bandra, first!.id, 1),
      await book(bandra, first!.id, 2),
      await book(andheri, first!.id, 3),
      await book(bandra, second!.id, 4),
      await book(andheri, second!.id, 5),
      await book(bandra, fourth!.id, 6),
    ];
    const { items: executives } = await call<{ items: { id: string; zoneId: string }[] }>(
      '/api/delivery-executives',
    );
    const { zoneId } = await call<{ zoneId: string }>(`/api/stores/${bandra.id}`);
    const dex = executives.find((each) => each.zoneId === zoneId)!;
    const confirm = async ({ id }: { id: string }) => {
      const { version } = await call<{ version: number }>(`/api/orders/${id}`);
      return call<{ id: string; version: number }>(`/api/orders/${id}/status`, {
        method: 'POST',
        json: { status: 1, dexId: dex.id, version },
      });
    };
    await confirm(booked[1]!);
    const onItsWay = await confirm(booked[2]!);
    await call(`/api/orders/${onItsWay.id}/status`, {
      method: 'POST',
      json: { status: 2, version: onItsWay.version },
    });
    // A cut-off of whole half hours that puts the first slot's preparation just past.
    const minutesAway = (new Date(first!.startsAt).getTime() - Date.now()) / 60_000;
    const cutoff = Math.min(1440, Math.ceil((minutesAway + 1) / 30) * 30);
    for (const [store, capacity] of [
      [bandra, 5],
      [andheri, 3],
    ] as const) {
      const { version } = await call<Store>(`/api/stores/${store.id}`);
      await setRule({ ...store, version }, capacity, cutoff);
    }
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(first!.startsAt));
  });
  return slotBoardDay;
}

const shots: Shot[] = [
  { name: 'shell', url: '/account', heading: 'Account' },
  { name: 'dashboard', url: '/dashboard', heading: 'Dashboard', phone: true },
  { name: 'stores', url: '/stores', heading: 'Stores', phone: true },
  {
    name: 'catalogue',
    url: async (page) => `${await firstHref(page, '/stores', /^Fresh Mart Koramangala$/)}?tab=items`,
    heading: 'Fresh Mart Koramangala: catalogue',
    phone: true,
  },
  {
    name: 'item-variants',
    url: async (page) => {
      await page.goto(`${await koramangala(page)}?tab=items&q=Atta`);
      return (await page
        .getByRole('link', { name: 'Edit Aashirvaad Whole Wheat Atta' })
        .first()
        .getAttribute('href'))!;
    },
    heading: 'Edit item',
    fullPage: true,
  },
  {
    name: 'catalogue-import',
    url: async (page) => `${await koramangala(page)}/import`,
    heading: 'Import items',
    prepare: async (page) => {
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(importSample) });
      await page.getByRole('table', { name: 'Rows that need attention' }).waitFor();
      // The preview takes the focus; the picture shows the page from its top, without the focus ring.
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
    },
    fullPage: true,
  },
  { name: 'orders', url: '/orders', heading: 'Orders', phone: true },
  {
    name: 'order',
    url: async (page) => firstHref(page, '/orders', /^#\d+$/),
    heading: 'Order',
    phone: true,
  },
  {
    name: 'order-change-items',
    url: async (page) => orderWith(page, 'view=active&status=0'),
    heading: 'Order',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Change items' }).click();
      await page.getByRole('dialog', { name: /^Change items of order/ }).waitFor();
      await dialogShown(page);
    },
  },
  {
    name: 'order-refund',
    url: async (page) => orderWith(page, 'view=completed&status=-2'),
    heading: 'Order',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Refund' }).click();
      await page.getByRole('dialog', { name: /^Refund order/ }).waitFor();
      await dialogShown(page);
    },
  },
  { name: 'dispatch', url: '/dispatch', heading: 'Dispatch', phone: true },
  { name: 'dispatch-cash', url: '/dispatch/cash', heading: 'Cash to settle' },
  { name: 'dispatch-payouts', url: '/dispatch/payouts', heading: 'Payouts' },
  { name: 'zones', url: '/zones', heading: 'Zones' },
  { name: 'admins', url: '/admins', heading: 'Admins' },
  { name: 'dexs', url: '/dexs', heading: 'Delivery Executives' },
  { name: 'slides', url: '/slides', heading: 'Slides' },
  { name: 'trash', url: '/trash', heading: 'Trash' },
  { name: 'settings', url: '/settings?tab=about', heading: 'Settings' },
  { name: 'settings-payment-modes', url: '/settings?tab=payment-modes', heading: 'Settings' },
  { name: 'settings-others', url: '/settings?tab=others', heading: 'Settings' },
  { name: 'settings-notifications', url: '/settings?tab=notifications', heading: 'Settings' },
  { name: 'coupons', url: '/coupons', heading: 'Coupons' },
  { name: 'push-notifications', url: '/push-notifications', heading: 'Push Notifications' },
  { name: 'reports', url: '/reports?groupBy=store', heading: 'Reports', phone: true },
  { name: 'customers', url: '/customers', heading: 'Customers', phone: true },
  { name: 'audit-log', url: '/audit-log', heading: 'Audit log' },
  {
    name: 'bill',
    url: async (page) => `${await firstHref(page, '/orders/completed', /^#\d+$/)}/print/bill`,
    heading: 'Demo Fresh Mart',
  },
  {
    name: 'kitchen-ticket',
    url: async (page) => `${await firstHref(page, '/orders', /^#\d+$/)}/print/kitchen`,
    heading: 'Kitchen ticket',
  },
  {
    name: 'slots',
    url: async (page) => `/orders/slots?day=${await bookSlotOrders(page)}`,
    heading: 'Orders by slot',
    phone: true,
    // The board as it stands, without the alerts over it: the bookings' and their preparation's.
    prepare: async (page) => {
      for (const name of ['Dismiss', 'Acknowledge']) {
        const button = page.getByRole('alert').getByRole('button', { name });
        if (await button.isVisible()) await button.click();
      }
      await page.getByRole('alert').first().waitFor({ state: 'detached' });
    },
  },
];

/** The demo business registered for GST, so its bills print as tax invoices. */
async function registerForGst(page: Page) {
  await page.evaluate(async () => {
    const current = (await (await fetch('/api/settings/business')).json()) as { version: number };
    const res = await fetch('/api/settings/business', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ gstin: '27AAPFU0939F1ZV', version: current.version }),
    });
    if (!res.ok) throw new Error(`${res.status} ${res.url}`);
  });
}

/**
 * A tax invoice and a credit note for the GST report: the oldest order on its way is delivered (its
 * invoice), its payment received, and ₹20 of it refunded (a credit note), as staff would.
 */
async function invoiceAndCreditNote(page: Page) {
  await page.evaluate(async () => {
    const post = async (url: string, body: object) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { version: number; order?: { version: number } };
    };
    const { items } = (await (await fetch('/api/orders?status=2&sort=oldest')).json()) as {
      items: { id: string; version: number }[];
    };
    const order = items[0]!;
    const delivered = await post(`/api/orders/${order.id}/status`, { status: -2, version: order.version });
    const paid = await post(`/api/orders/${order.id}/payment`, { version: delivered.version });
    await post(`/api/orders/${order.id}/refunds`, {
      amountPaise: 2_000,
      version: paid.version,
      note: 'A dented tin',
    });
  });
}

/** Deletes a record through the API, as its Delete button does. */
async function deleteFirst(page: Page, list: string, itemPath: (id: string) => string) {
  await page.evaluate(
    async ({ list, base }) => {
      const { items } = (await (await fetch(list)).json()) as { items: { id: string; version: number }[] };
      const record = items[0]!;
      const res = await fetch(`${base.replace('{id}', record.id)}?version=${record.version}`, {
        method: 'DELETE',
      });
      if (!res.ok) throw new Error(`${res.status} ${res.url}`);
    },
    { list, base: itemPath('{id}') },
  );
}

/**
 * Takes an order to its door as staff do in the console (the owner's `page`): confirmed with the
 * demo's Dev Executive, picked up, delivered.
 */
async function deliverByDev(page: Page, orderId: string) {
  await page.evaluate(async (id) => {
    const executives = (await (await fetch('/api/delivery-executives')).json()) as {
      items: { id: string; name: string }[];
    };
    const dev = executives.items.find((e) => e.name === 'Dev Executive')!;
    let { version } = (await (await fetch(`/api/orders/${id}`)).json()) as { version: number };
    for (const change of [{ status: 1, dexId: dev.id }, { status: 2 }, { status: -2 }]) {
      const res = await fetch(`/api/orders/${id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...change, version }),
      });
      if (!res.ok) throw new Error(`status ${change.status} answered ${res.status}: ${await res.text()}`);
      ({ version } = (await res.json()) as { version: number });
    }
  }, orderId);
}

/** Adds one more of the order's first line as staff do with Change items (the owner's `page`). */
async function oneMoreOfFirstLine(page: Page, orderId: string) {
  await page.evaluate(async (id) => {
    const order = (await (await fetch(`/api/orders/${id}`)).json()) as {
      version: number;
      items: { itemId: string; variantId?: string; itemQuantity: number }[];
    };
    const res = await fetch(`/api/orders/${id}/items`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        version: order.version,
        items: order.items.map((line, at) => ({
          itemId: line.itemId,
          ...(line.variantId ? { variantId: line.variantId } : {}),
          quantity: line.itemQuantity + (at === 0 ? 1 : 0),
        })),
      }),
    });
    if (!res.ok) throw new Error(`changing the items answered ${res.status}: ${await res.text()}`);
  }, orderId);
}

/**
 * The customer app at 375 px: home, a store, the cart's bill, the placed order, paying online (and
 * for a change the store made), and
 * the tip and rating panels of the first order once delivered (shop-*.png); the owner's `ownerPage`
 * delivers it.
 */
async function shopShots(
  browser: Browser,
  baseUrl: string,
  dataDir: string,
  ownerPage: Page,
): Promise<string> {
  // The demo business's customer app, on its own origin (ADR 0055).
  const { context, page } = await customerPhone(
    browser,
    `http://demo-fresh-mart.localhost:${new URL(baseUrl).port}`,
  );
  const shoot = async (name: string, settle: 'idle' | 'drawn' = 'idle') => {
    // An order page waiting for its payment, or delivered, keeps its live stream busy: its content
    // is in once drawn.
    if (settle === 'idle') await page.waitForLoadState('networkidle');
    else await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(outDir, `shop-${name}.png`) });
    console.log(`wrote docs/screenshots/shop-${name}.png`);
  };
  await page.goto('/');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await page.getByRole('list', { name: 'Stores that deliver here' }).waitFor();
  await shoot('home');
  await page.getByRole('link', { name: /Fresh Mart Koramangala/ }).click();
  const items = page.getByRole('list', { name: 'Items' });
  await items.waitFor();
  await items.getByRole('button', { name: /^Add / }).first().click();
  await items.getByRole('button', { name: /^Add / }).first().click();
  await shoot('store');
  // The pack sizes of milk, one of them chosen.
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('button', { name: 'Dairy & Eggs' })
    .click();
  const milk = page.getByRole('radiogroup', { name: 'Pack size of Full Cream Milk' });
  // The chip over the radio is what a finger touches.
  await milk.locator('label').filter({ hasText: /^1 L/ }).click();
  if (!(await milk.getByRole('radio', { name: /^1 L/ }).isChecked()))
    throw new Error('1 L milk was not chosen');
  // Milk in the middle of the screen, clear of the cart's bar.
  await milk.evaluate((group) => group.closest('li')?.scrollIntoView({ block: 'center' }));
  await shoot('store-variants');
  await page.getByRole('link', { name: /^View cart/ }).click();
  await page.getByText('To pay').waitFor();
  await shoot('cart');
  await page.getByRole('link', { name: 'Sign in to place your order' }).click();
  await signInWithCode(page, dataDir, newPhone(), 'Meera Nair');
  await page.getByLabel('House, street and area').fill('14, 5th Cross, Koramangala 4th Block');
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.getByRole('radio', { name: /14, 5th Cross/ }).waitFor();
  await page.getByRole('button', { name: /^Place order/ }).click();
  await page.getByTestId('order-status').waitFor();
  await shoot('order');
  const firstOrder = page.url();
  // Paid online (ADR 0072): the order waits for its payment, then the gateway's checkout (the stand-in's).
  await page.goto('/');
  await page.getByRole('link', { name: /Fresh Mart Koramangala/ }).click();
  await page.getByRole('list', { name: 'Items' }).getByRole('button', { name: /^Add / }).first().click();
  await page.getByRole('link', { name: /^View cart/ }).click();
  await page.getByRole('radio', { name: 'Pay online' }).check();
  await page.getByRole('button', { name: /^Place order/ }).click();
  const pay = page.getByRole('region', { name: 'Pay online' });
  await pay.waitFor();
  await shoot('pay-online', 'drawn');
  await pay.getByRole('button', { name: /^Pay / }).click();
  const sheet = page.getByRole('dialog', { name: 'Stand-in gateway checkout' });
  await sheet.waitFor();
  await shoot('checkout', 'drawn');
  await sheet.getByRole('button', { name: /^Pay / }).click();
  await page.getByText('Payment: Pay online · Paid').waitFor();
  // The store adds one more (ADR 0074): the customer's page asks for the difference, live.
  await oneMoreOfFirstLine(ownerPage, page.url().split('/').at(-1)!);
  const change = page.getByRole('region', { name: 'Pay for the change' });
  await change.waitFor();
  await change.evaluate((panel) => panel.scrollIntoView({ block: 'center' }));
  await shoot('pay-change', 'drawn');
  await change.getByRole('button', { name: /^Pay / }).click();
  await page
    .getByRole('dialog', { name: 'Stand-in gateway checkout' })
    .getByRole('button', { name: /^Pay / })
    .click();
  await page.getByText('Payment: Pay online · Paid').waitFor();
  // The first order delivered: the customer tips its executive (B18), ₹20 chosen.
  await deliverByDev(ownerPage, firstOrder.split('/').at(-1)!);
  await page.goto(firstOrder);
  const tip = page.getByRole('region', { name: 'Tip your delivery executive' });
  await tip.getByRole('button', { name: '₹20', exact: true }).click();
  await tip.getByRole('button', { name: 'Pay ₹20 tip' }).waitFor();
  await tip.evaluate((panel) => panel.scrollIntoView({ block: 'center' }));
  await shoot('tip', 'drawn');
  // Paid, so the executive's earnings show a tip paid online.
  await tip.getByRole('button', { name: 'Pay ₹20 tip' }).click();
  await page
    .getByRole('dialog', { name: 'Stand-in gateway checkout' })
    .getByRole('button', { name: /^Pay / })
    .click();
  await page.getByText('You tipped ₹20. Thank you!').waitFor();
  // And rates the order (B19): four stars and a comment, before sending.
  const rating = page.getByRole('form', { name: 'Rate your order' });
  await rating.getByRole('group', { name: 'How many stars?' }).locator('label.star').nth(3).click();
  await rating.getByRole('group', { name: 'Rate Dev' }).locator('label.star').nth(4).click();
  await rating.getByLabel('Comment (optional)').fill('Fresh vegetables, and on time');
  await rating.evaluate((form) => form.scrollIntoView({ block: 'center' }));
  await shoot('rating', 'drawn');
  // Sent: the owner's console shows it on the order and in the ratings report.
  await rating.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('region', { name: 'Your rating' }).waitFor();
  await context.close();
  return firstOrder.split('/').at(-1)!;
}

/**
 * The phone apps in Hindi and Kannada (ADR 0076, 0085), at 375 px: the customer app on a phone set
 * to Hindi (home with its stores, then a store's items by their Hindi names where the business
 * gave them), the delivery app on a phone set to Kannada (sign-in, then My orders), and the
 * console's dashboard in a browser set to Hindi.
 */
async function languageShots(browser: Browser, baseUrl: string) {
  const shopUrl = `http://demo-fresh-mart.localhost:${new URL(baseUrl).port}`;
  const shop = await languagePhone(browser, shopUrl, 'shop', 'hi-IN');
  const shoot = async (page: Page, file: string) => {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(outDir, file) });
    console.log(`wrote docs/screenshots/${file}`);
  };
  await shop.page.goto('/');
  await shop.page.getByRole('button', { name: 'मेरी लोकेशन लें' }).click();
  await shop.page.getByRole('list', { name: 'यहाँ डिलीवरी करने वाले स्टोर' }).waitFor();
  await shoot(shop.page, 'shop-home-hi.png');
  await shop.page.getByRole('link', { name: /Fresh Mart Koramangala/ }).click();
  await shop.page.getByRole('list', { name: 'सामान' }).waitFor();
  await shoot(shop.page, 'shop-store-hi.png');
  await shop.context.close();

  const deliver = await languagePhone(browser, baseUrl, 'deliver', 'kn-IN');
  const page = deliver.page;
  await page.goto('/deliver');
  await page.getByRole('heading', { name: 'ಸೈನ್ ಇನ್' }).waitFor();
  await page.getByLabel('ಇಮೇಲ್').fill('dex@example.com');
  await page.getByLabel('ಪಾಸ್‌ವರ್ಡ್', { exact: true }).fill('dex-demo-1');
  await page.getByRole('button', { name: 'ಸೈನ್ ಇನ್ ಮಾಡಿ' }).click();
  await page.getByRole('heading', { name: 'ನನ್ನ ಆರ್ಡರ್‌ಗಳು' }).waitFor();
  // The app's live stream never goes idle: the list is in once its first order is.
  await page.getByRole('link').filter({ hasText: '#' }).first().waitFor();
  await page.screenshot({ path: path.join(outDir, 'deliver-home-kn.png') });
  console.log('wrote docs/screenshots/deliver-home-kn.png');
  await deliver.context.close();

  // The console's dashboard in a browser set to Hindi (ADR 0089).
  const consoleContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1366, height: 860 },
    locale: 'hi-IN',
    reducedMotion: 'reduce',
  });
  const staff = await consoleContext.newPage();
  staff.setDefaultTimeout(20_000);
  await staff.goto('/sign-in');
  await staff.getByLabel('Email').fill(owner.email);
  await staff.getByLabel('Password', { exact: true }).fill(owner.password);
  await staff.getByRole('button', { name: 'Sign in now' }).click();
  await staff.getByRole('heading', { level: 1, name: 'डैशबोर्ड' }).waitFor();
  await staff.locator('.MuiSkeleton-root, [aria-busy="true"]').first().waitFor({ state: 'detached' });
  const ringing = staff.getByRole('alert', { name: /new order/i });
  if (await ringing.isVisible()) await ringing.getByRole('button', { name: 'Acknowledge' }).click();
  await staff.screenshot({ path: path.join(outDir, 'console-dashboard-hi.png') });
  console.log('wrote docs/screenshots/console-dashboard-hi.png');
  await staff.goto('/orders');
  await staff.getByRole('table', { name: 'ऑर्डर' }).getByRole('row').nth(1).waitFor();
  await staff.screenshot({ path: path.join(outDir, 'console-orders-hi.png') });
  console.log('wrote docs/screenshots/console-orders-hi.png');
  // The same browser switched to Kannada in the menu, as a person would.
  await staff.getByRole('combobox', { name: /^भाषा/ }).selectOption({ label: 'ಕನ್ನಡ' });
  await staff.getByRole('combobox', { name: /^ಭಾಷೆ/ }).waitFor();
  await staff.goto('/stores');
  await staff.getByRole('heading', { level: 1, name: /^ಅಂಗಡಿಗಳು/ }).waitFor();
  await staff.locator('.MuiSkeleton-root, [role="progressbar"]').first().waitFor({ state: 'detached' });
  await staff.screenshot({ path: path.join(outDir, 'console-stores-kn.png') });
  console.log('wrote docs/screenshots/console-stores-kn.png');
  await consoleContext.close();
}

/**
 * The delivery app at 375 px (deliver-*.png): the demo executive on duty with an order the owner
 * gave them (the owner's `page` confirms the oldest Placed order of their zone with them), then
 * that order's page, then their earnings (this week's when they have delivered nothing today).
 */
async function deliverShots(browser: Browser, baseUrl: string, ownerPage: Page) {
  await ownerPage.evaluate(async () => {
    const { items } = (await (await fetch('/api/orders?status=0&sort=oldest')).json()) as {
      items: { id: string; version: number; zoneId: string }[];
    };
    const executives = (await (await fetch('/api/delivery-executives')).json()) as {
      items: { id: string; name: string; zoneId: string }[];
    };
    const dev = executives.items.find((e) => e.name === 'Dev Executive')!;
    const order = items.find((o) => o.zoneId === dev.zoneId)!;
    const res = await fetch(`/api/orders/${order.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 1, dexId: dev.id, version: order.version }),
    });
    if (!res.ok) throw new Error(`assigning answered ${res.status}: ${await res.text()}`);
  });
  const { context, page } = await customerPhone(browser, baseUrl);
  const shoot = async (name: string) => {
    // The app's live stream never goes idle: the screen is taken once its content is in and settled.
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(outDir, `deliver-${name}.png`) });
    console.log(`wrote docs/screenshots/deliver-${name}.png`);
  };
  await page.goto('/deliver');
  await page.getByLabel('Email').fill('dex@example.com');
  await page.getByLabel('Password', { exact: true }).fill('dex-demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'My orders' }).waitFor();
  const duty = page.getByRole('switch');
  if ((await duty.getAttribute('aria-checked')) !== 'true') await duty.click();
  await page
    .getByRole('link', { name: /^Order #\d+/ })
    .first()
    .waitFor();
  await shoot('home');
  // The order just given to them: the newest of the list (oldest first).
  await page
    .getByRole('link', { name: /^Order #\d+/ })
    .last()
    .click();
  await page.getByRole('button', { name: 'Picked up' }).waitFor();
  await shoot('order');
  // Earnings opens from the list's title.
  await page.goBack();
  await page.getByRole('link', { name: 'Earnings' }).click();
  await page.getByRole('region', { name: 'Summary' }).waitFor();
  if (await page.getByRole('heading', { name: 'No deliveries today' }).isVisible()) {
    await page.getByRole('tab', { name: 'This week' }).click();
    await page.getByRole('tab', { name: 'This week', selected: true }).waitFor();
    await page.getByRole('region', { name: 'Summary' }).waitFor();
  }
  await page.getByRole('list', { name: 'Deliveries' }).waitFor();
  await shoot('earnings');
  await context.close();
}

async function main() {
  const wanted = new Set(process.argv.slice(2));
  // Payment online through the stand-in gateway, whose webhooks come back to this server (ADR 0072).
  const gateway = await startPaymentsGateway();
  const server = await startServer({ LOG_LEVEL: 'error', PAYMENTS_URL: gateway.paymentsUrl });
  gateway.webhookUrl = `${server.baseUrl}/api/payments/razorpay/webhook`;
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1366, height: 860 },
      reducedMotion: 'reduce',
    });
    // tsx compiles this file keeping function names (`__name(…)`); functions sent to the page need that helper there.
    await context.addInitScript('globalThis.__name = (fn) => fn');
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in now' }).click();
    await page.waitForURL('**/dashboard');

    await registerForGst(page);
    await page.evaluate(async () => {
      const res = await fetch('/api/settings/payment-modes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Pay online', type: 'ONLINE' }),
      });
      if (!res.ok) throw new Error(`adding Pay online answered ${res.status}`);
    });
    await deleteFirst(page, '/api/stores?q=Jayanagar', (id) => `/api/stores/${id}`);
    const indiranagar = await page.evaluate(
      async () =>
        ((await (await fetch('/api/stores?q=Indiranagar')).json()) as { items: { id: string }[] }).items[0]!
          .id,
    );
    await deleteFirst(
      page,
      `/api/stores/${indiranagar}/items`,
      (id) => `/api/stores/${indiranagar}/items/${id}`,
    );

    const take = async (shot: Shot, file: string) => {
      const url = typeof shot.url === 'string' ? shot.url : await shot.url(page);
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${shot.heading}`) }).waitFor();
      await page.waitForLoadState('networkidle');
      // Skeletons and progress bars gone: the screen as it settles.
      await page.locator('.MuiSkeleton-root, [role="progressbar"]').first().waitFor({ state: 'detached' });
      // The customer app's orders ring the new-order alert: seen, so it covers nothing.
      const ringing = page.getByRole('alert', { name: /new order/i });
      if (await ringing.isVisible()) await ringing.getByRole('button', { name: 'Acknowledge' }).click();
      if (shot.prepare) await shot.prepare(page);
      await page.screenshot({ path: path.join(outDir, file), fullPage: shot.fullPage ?? false });
      console.log(`wrote docs/screenshots/${file}`);
    };
    const chosen = shots.filter((shot) => wanted.size === 0 || wanted.has(shot.name));
    for (const shot of chosen) await take(shot, `${shot.name}.png`);
    await page.setViewportSize({ width: 375, height: 812 });
    for (const shot of chosen.filter((s) => s.phone)) await take(shot, `phone-${shot.name}.png`);
    if (wanted.size === 0 || wanted.has('shop')) {
      const rated = await shopShots(browser, server.baseUrl, server.dataDir, page);
      // The rating just given (B19): on its order, and in Reports › Ratings.
      await page.setViewportSize({ width: 1366, height: 860 });
      await take(
        {
          name: 'order-rating',
          url: `/orders/${rated}`,
          heading: 'Order #',
          prepare: (at) =>
            at
              .getByRole('region', { name: 'Customer’s rating' })
              .evaluate((card) => card.scrollIntoView({ block: 'center' })),
        },
        'order-rating.png',
      );
      await take(
        { name: 'reports-ratings', url: '/reports?report=ratings', heading: 'Reports' },
        'reports-ratings.png',
      );
      // The online payment just made, in the reports, as the owner sees them.
      await page.setViewportSize({ width: 1366, height: 860 });
      await take(
        { name: 'reports-payments', url: '/reports?report=payments', heading: 'Reports' },
        'reports-payments.png',
      );
      await invoiceAndCreditNote(page);
      await take({ name: 'reports-gst', url: '/reports?report=gst', heading: 'Reports' }, 'reports-gst.png');
      await page.setViewportSize({ width: 375, height: 812 });
    }
    if (wanted.size === 0 || wanted.has('deliver')) await deliverShots(browser, server.baseUrl, page);
    if (wanted.size === 0 || wanted.has('languages')) await languageShots(browser, server.baseUrl);
  } finally {
    await browser.close();
    await server.stop();
    await gateway.close();
  }
}

await main();
