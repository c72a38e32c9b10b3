/**
 * A push notification from the console to a customer's browser, through a
 * stand-in push service on 127.0.0.1 that checks the VAPID signature and
 * decrypts the push. The server is one of this spec's own, started with the
 * stand-in's origin in PUSH_ENDPOINT_ALLOWLIST.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { startPushService, type PushServiceStandIn } from '../apps/server/test/push-service.ts';
import { demo, launchBrowser, signInThroughForm } from './support/browser.ts';
import { seriousFindings } from './support/axe.ts';
import { startServer, type RunningServer } from './support/server.ts';

let browser: Browser;
let standIn: PushServiceStandIn;
let server: RunningServer;
let storefrontKey: string;

beforeAll(async () => {
  standIn = await startPushService();
  server = await startServer({ PUSH_ENDPOINT_ALLOWLIST: standIn.origin });
  const client = new pg.Client({ connectionString: runningEmbeddedPostgresUrl(server.dataDir)! });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string }>(
      `SELECT storefront_key AS key FROM businesses WHERE name = 'Demo Fresh Mart'`,
    );
    storefrontKey = rows[0]!.key;
  } finally {
    await client.end();
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standIn?.close();
});

/** A call of the customer app, with the business's storefront key. */
async function customerApp(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { 'x-storefront-key': storefrontKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signInAsOwner(width = 1366) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
  await page.goto('/push-notifications');
  return { context, page };
}

const historyRow = (page: Page, title: string) =>
  page.getByRole('table', { name: 'Sent notifications' }).getByRole('row').filter({ hasText: title });

describe('push notifications', () => {
  it('a customer app subscribes, the owner sends, the push arrives decrypted and the history shows it delivered', async () => {
    // Before anyone subscribed, the screen says so.
    const before = await signInAsOwner();
    await before.page.getByText('No customer has allowed notifications yet').waitFor();
    await before.context.close();

    // The customer app: the VAPID key to subscribe with, then the browser's PushSubscription.
    const key = await customerApp('GET', '/storefront/push/public-key');
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.publicKey as string, 'base64url')).toHaveLength(65);
    const subscription = standIn.subscribe();
    expect((await customerApp('POST', '/storefront/push-subscriptions', subscription)).status).toBe(201);
    // A private address outside the allow-list is refused on the field.
    const refused = await customerApp('POST', '/storefront/push-subscriptions', {
      ...subscription,
      endpoint: 'https://192.168.1.10/push/1',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { fields: { endpoint: expect.stringMatching(/public host/) } },
    });

    const { context, page } = await signInAsOwner();
    await page.getByText('It goes to the 1 customer device that allowed notifications.').waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill('Fresh mangoes');
    await page.getByRole('textbox', { name: 'Message' }).fill('Alphonso mangoes are in.\nOrder before noon!');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Push notifications sent').waitFor();

    // The push service took it, signed with the server's key, and it decrypts to the title and message.
    await standIn.waitFor(1);
    expect(standIn.refused).toEqual([]);
    expect(standIn.received).toHaveLength(1);
    expect(standIn.received[0]).toMatchObject({
      id: standIn.idOf(subscription.endpoint),
      publicKey: key.body.publicKey,
      urgency: 'normal',
    });
    expect(JSON.parse(standIn.received[0]!.payload)).toEqual({
      title: 'Fresh mangoes',
      body: 'Alphonso mangoes are in.\nOrder before noon!',
    });

    // The history follows it live, without a reload, to delivered 1 of 1.
    const row = historyRow(page, 'Fresh mangoes');
    await row.getByText('1 of 1 delivered').waitFor();
    await row.getByText('Sent', { exact: true }).waitFor();
    await row.getByText(demo.owner.name).waitFor();
    await context.close();
  });

  it('on a phone the form and the history fit 375 px, with no serious accessibility findings', async () => {
    const { context, page } = await signInAsOwner(375);
    await historyRow(page, 'Fresh mangoes').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });
});
