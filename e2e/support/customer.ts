import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { withDatabase } from './database.ts';

/*
 * A customer of the demo business on a phone: the customer app's own sign-in, with the code read
 * from the outbox the server writes texts to without an SMS provider.
 */

/** A street away from Fresh Mart Koramangala, of the demo. */
export const nearKoramangala = { latitude: 12.9361, longitude: 77.6259 };

/** A phone: 375 px, touch, the browser's location near the store, in light or dark. */
export async function customerPhone(
  browser: Browser,
  baseURL: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    geolocation: nearKoramangala,
    permissions: ['geolocation'],
    colorScheme,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The newest sign-in code texted to the phone (one outbox file per text), waiting up to 10 s for it. */
export async function codeTextedTo(dataDir: string, phoneNumber: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let waited = 0; waited < 10_000; waited += 100) {
    const texts = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((name) => name.endsWith(`-${phoneNumber}.sms`))
          .sort()
      : [];
    const latest = texts.at(-1);
    const code = latest
      ? /\b(\d{6})\b/.exec(fs.readFileSync(path.join(outbox, latest), 'utf8'))?.[1]
      : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was texted to ${phoneNumber} within 10 s`);
}

/** Signs in on the app's sign-in page, as a customer reading their SMS would. */
export async function signInWithCode(page: Page, dataDir: string, phoneNumber: string, name: string) {
  await page.getByLabel('Phone number').fill(phoneNumber);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await codeTextedTo(dataDir, phoneNumber));
  await page.getByLabel('Your name (if you are new here)').fill(name);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A phone number no other run used: ten digits starting with 9. */
export const newPhone = () => `9${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-9)}`;

/**
 * The demo's Koramangala store and its dearest item in stock of one uncounted variant (so an order
 * names it without a variant, and no other test's order sells it out), with the business's key.
 */
export async function demoStoreAndItem() {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{
      key: string;
      store_id: string;
      store_name: string;
      item_id: string;
      item_name: string;
      price_paise: string;
    }>(
      `SELECT b.storefront_key AS key, s.id AS store_id, s.name AS store_name, i.id AS item_id,
              i.name AS item_name, max(v.price_paise) AS price_paise
       FROM businesses b JOIN stores s ON s.business_id = b.id JOIN items i ON i.store_id = s.id
         JOIN item_variants v ON v.item_id = i.id
       WHERE b.slug = 'demo-fresh-mart' AND s.name = 'Fresh Mart Koramangala' AND s.deleted_at IS NULL
         AND i.deleted_at IS NULL AND i.in_stock
       GROUP BY b.storefront_key, s.id, s.name, i.id, i.name
       HAVING count(*) = 1 AND bool_and(v.stock IS NULL)
       ORDER BY max(v.price_paise) DESC LIMIT 1`,
    );
    const row = rows[0]!;
    return {
      key: row.key,
      storeId: row.store_id,
      storeName: row.store_name,
      itemId: row.item_id,
      itemName: row.item_name,
      pricePaise: Number(row.price_paise),
    };
  });
}

/** A new customer of the demo, signed in through the API by the code texted to them. */
export async function signedInCustomer(base: string, dataDir: string, name = 'Kiran Rao') {
  const { key } = await demoStoreAndItem();
  const headers = { 'content-type': 'application/json', 'x-storefront-key': key };
  const phone = newPhone();
  const asked = await fetch(`${base}/api/storefront/auth/code`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone }),
  });
  expect(asked.status).toBe(202);
  const verified = await fetch(`${base}/api/storefront/auth/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone, code: await codeTextedTo(dataDir, phone), name }),
  });
  expect(verified.status).toBe(200);
  return (await verified.json()) as { token: string; customer: { id: string; name: string } };
}

/** A customer of the demo signed in by the code texted to them, with an order placed to an address near the store. */
export async function customerWithOrder(
  base: string,
  dataDir: string,
  paymentMode: 'COD' | 'UPI' | 'ONLINE' = 'COD',
) {
  const { key, storeId, itemId } = await demoStoreAndItem();
  const headers = { 'content-type': 'application/json', 'x-storefront-key': key };
  const session = await signedInCustomer(base, dataDir);
  const asCustomer = { ...headers, authorization: `Bearer ${session.token}` };
  const saved = await fetch(`${base}/api/storefront/addresses`, {
    method: 'POST',
    headers: asCustomer,
    body: JSON.stringify({
      label: 'Home',
      text: '7, 6th Main, Koramangala 4th Block',
      landmark: '',
      lat: nearKoramangala.latitude,
      lng: nearKoramangala.longitude,
    }),
  });
  expect(saved.status).toBe(201);
  const address = (await saved.json()) as { id: string };
  const placed = await fetch(`${base}/api/storefront/orders`, {
    method: 'POST',
    headers: asCustomer,
    body: JSON.stringify({
      storeId,
      items: [{ itemId, quantity: 1 }],
      paymentMode,
      addressId: address.id,
    }),
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const order = (await placed.json()) as { id: string; number: number; billAmountPaise: number };
  return { session, order };
}
