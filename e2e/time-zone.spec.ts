import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { businessDay, formatDay } from '@storedesk/shared/dates';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { demo, launchBrowser, signInThroughForm } from './support/browser.ts';
import { placeOrder } from './support/orders.ts';

/*
 * D19, as the tester found it: from a browser in UTC, order #421 placed at 01:36
 * IST on 23/11 showed as 22/11 in the orders table, while the date filter, the
 * CSV and the dashboard counted it on 23/11. Here an order is placed at 01:36 in
 * Kolkata on a day D (the evening before in UTC and in Los Angeles), and every
 * screen of a browser in UTC and one in Los Angeles puts it on D; then the
 * business moves to UTC and every screen moves it to the day before.
 */

let browser: Browser;
let db: pg.Client;
const opened: BrowserContext[] = [];
/** The owner's page that changes the zone, and puts it back at the end. */
let owner: Page | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: runningEmbeddedPostgresUrl(inject('dataDir'))! });
  await db.connect();
});
afterAll(async () => {
  // The other specs run against the demo business in its own zone.
  if (owner) await setZone(owner, 'Asia/Kolkata').catch(() => undefined);
  for (const context of opened) await context.close();
  await browser?.close();
  await db?.end();
});

/** The owner signed in from a browser whose time zone is `timezoneId`. */
async function ownerIn(timezoneId: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    timezoneId,
    viewport: { width: 1366, height: 860 },
  });
  opened.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
  return page;
}

type Settings = { timeZone: string; version: number };

/** Settings > About's time zone, saved as the console saves it (which counts the dashboard's days again). */
async function setZone(page: Page, timeZone: string) {
  const current = (await (await page.request.get('/api/settings/business')).json()) as Settings;
  if (current.timeZone === timeZone) return;
  const res = await page.request.patch('/api/settings/business', {
    data: { version: current.version, timeZone },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as Settings).timeZone).toBe(timeZone);
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

type Listed<T> = { items: T[] };

/**
 * An order at an open store with stock, through the customer-app API as the business's own system
 * places one (ADR 0056): counted in its day's total, and nobody's first order.
 */
async function placeKeyedOrder(page: Page): Promise<{ id: string; number: number; zoneId: string }> {
  const phone = `97${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const { id, number } = await placeOrder(page, { name: 'Zara Zone', phone });
  const { rows } = await db.query<{ zone_id: string }>('SELECT zone_id FROM orders WHERE id = $1', [id]);
  return { id, number, zoneId: rows[0]!.zone_id };
}

/**
 * Moves a just-placed order (counted today) to `placedAt`, with its count: the
 * counters are the business's days in Asia/Kolkata, as the order writes keep them.
 */
async function movePlacedAt(order: { id: string; zoneId: string }, placedAt: string) {
  await db.query('BEGIN');
  try {
    const { rows } = await db.query<{ business_id: string; was: string; now: string }>(
      `UPDATE orders o SET placed_at = $2
       FROM orders old WHERE old.id = o.id AND o.id = $1
       RETURNING o.business_id, (old.placed_at AT TIME ZONE 'Asia/Kolkata')::date::text AS was,
                 ($2::timestamptz AT TIME ZONE 'Asia/Kolkata')::date::text AS now`,
      [order.id, placedAt],
    );
    const { business_id: businessId, was, now } = rows[0]!;
    await db.query(
      `UPDATE daily_stats SET total = total - 1
       WHERE business_id = $1 AND zone_id = $2 AND day = $3`,
      [businessId, order.zoneId, was],
    );
    await db.query(
      `INSERT INTO daily_stats (business_id, zone_id, day, total) VALUES ($1, $2, $3, 1)
       ON CONFLICT (business_id, zone_id, day) DO UPDATE SET total = daily_stats.total + 1`,
      [businessId, order.zoneId, now],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

type DashboardDays = { ordersOverview: Array<{ day: string; total: number }> };

/** Each day's total orders on the dashboard's chart, as its table reads, by DD/MM. */
async function chartTotals(page: Page): Promise<Map<string, number>> {
  await page.goto('/dashboard');
  const table = page.getByRole('table', { name: 'Orders Overview, last 7 days' });
  await table.getByRole('row').nth(7).waitFor({ state: 'attached' });
  const totals = new Map<string, number>();
  for (const row of await table.getByRole('row').all()) {
    const header = await row.getByRole('rowheader').count();
    if (header === 0) continue;
    const day = (await row.getByRole('rowheader').textContent())!.trim();
    const cells = await row.getByRole('cell').allTextContents();
    totals.set(day, Number(cells.at(-1)!.replace(/\D/g, '')));
  }
  return totals;
}

/** The business's orders of each day of `timeZone`, counted from the orders themselves, by DD/MM. */
async function ordersByDay(timeZone: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ day: string; n: number }>(
    `SELECT to_char(placed_at AT TIME ZONE $1, 'DD/MM') AS day, count(*)::int AS n FROM orders
     WHERE business_id = (SELECT id FROM businesses WHERE name = 'Demo Fresh Mart')
       AND placed_at > now() - interval '10 days'
     GROUP BY 1`,
    [timeZone],
  );
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** Every day of the dashboard's chart counts the orders placed on that day of `timeZone`. */
async function expectChartByDaysOf(page: Page, timeZone: string) {
  const chart = await chartTotals(page);
  const counted = await ordersByDay(timeZone);
  expect(chart.size).toBe(7);
  for (const [day, total] of chart) expect(total, `${day} in ${timeZone}`).toBe(counted.get(day) ?? 0);
}

/** The days the server's dashboard counts for the owner now, by YYYY-MM-DD. */
async function serverTotals(page: Page): Promise<Map<string, number>> {
  const dashboard = (await (await page.request.get('/api/dashboard')).json()) as DashboardDays;
  return new Map(dashboard.ordersOverview.map((d) => [d.day, d.total]));
}

/** The order's row in the orders table, found by its number; answers the row's text. */
async function orderRow(page: Page, number: number, query = '') {
  await page.goto(`/orders?q=${number}${query}`);
  const table = page.getByRole('table', { name: 'Orders' });
  await table.waitFor();
  return rowOf(page, number);
}

function rowOf(page: Page, number: number) {
  return page
    .getByRole('table', { name: 'Orders' })
    .getByRole('row')
    .filter({ hasText: new RegExp(`#${number}(?!\\d)`) });
}

/** The date filter, From and To, as a person fills it in; then whether the order is listed. */
async function filterByDay(page: Page, number: number, day: string): Promise<boolean> {
  await page.goto(`/orders?q=${number}`);
  await page.getByRole('table', { name: 'Orders' }).waitFor();
  const filtered = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return (
      url.pathname === '/api/orders' &&
      url.searchParams.get('from') === day &&
      url.searchParams.get('to') === day
    );
  });
  const param = (name: string) => new URL(page.url()).searchParams.get(name);
  const to = page.getByRole('textbox', { name: 'To', exact: true });
  // Typed as the console shows dates, DD/MM/YYYY.
  const typed = formatDay(day);
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(typed);
  await expect.poll(() => param('from')).toBe(day);
  await to.fill(typed);
  await expect.poll(() => param('to')).toBe(day);
  expect(param('from')).toBe(day);
  const listed = ((await (await filtered).json()) as Listed<{ number: number }>).items.some(
    (item) => item.number === number,
  );
  // The table shows what the server answered.
  const row = rowOf(page, number);
  await expect.poll(() => row.count()).toBe(listed ? 1 : 0);
  return listed;
}

/** The CSV the Export CSV link downloads for the list as filtered; answers the order's line. */
async function csvLine(page: Page, number: number): Promise<string | undefined> {
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  return (await res.text()).split('\r\n').find((line) => line.startsWith(`#${number},`));
}

describe("dates in the business's time zone, whatever the browser's (D19)", () => {
  // Some thirty pages in two browsers, one after another: half a minute on a quiet machine, so
  // twice the suite's minute while the server tests share the machine.
  it(
    'an order at 01:36 IST is on its Kolkata day everywhere, and moves with the business to UTC',
    { timeout: 120_000 },
    async () => {
      const utc = await ownerIn('UTC');
      owner = utc;
      const losAngeles = await ownerIn('America/Los_Angeles');
      await setZone(utc, 'Asia/Kolkata');

      // D: two days before today in Kolkata, inside the dashboard's 7 days. 01:36 IST on D is 20:06 UTC the day before.
      const day = shift(businessDay(Date.now(), 'Asia/Kolkata'), -2);
      const dayBefore = shift(day, -1);
      const placedAt = `${dayBefore}T20:06:00Z`;

      const order = await placeKeyedOrder(utc);
      const before = await serverTotals(utc);
      await movePlacedAt(order, placedAt);

      for (const page of [utc, losAngeles]) {
        // The orders table: the business's day, though the browser is on the day before.
        expect(await page.evaluate((at) => new Date(at).getDate(), placedAt)).toBe(
          Number(dayBefore.slice(8)),
        );
        const row = await orderRow(page, order.number);
        await expect.poll(() => row.textContent()).toContain(ddmmyyyy(day));
        expect(await row.textContent()).not.toContain(ddmmyyyy(dayBefore));

        // The order's page: its date and time.
        await page.goto(`/orders/${order.id}`);
        await expect
          .poll(() => page.getByText(`${ddmmyyyy(day)} 01:36 AM`, { exact: true }).count())
          .toBeGreaterThan(0);

        // The date filter finds it on D and not on the day before; the CSV of D has it, at 01:36.
        expect(await filterByDay(page, order.number, dayBefore)).toBe(false);
        expect(await filterByDay(page, order.number, day)).toBe(true);
        expect(await csvLine(page, order.number)).toMatch(
          new RegExp(`^#${order.number},${ddmmyyyy(day)} 01:36,`),
        );

        // The dashboard counts it on D, and counts every day's orders by the days of Kolkata.
        const totals = await chartTotals(page);
        expect(totals.get(ddmm(day))).toBe((before.get(day) ?? 0) + 1);
        expect(totals.get(ddmm(dayBefore))).toBe(before.get(dayBefore) ?? 0);
        await expectChartByDaysOf(page, 'Asia/Kolkata');
      }

      // The business moves to UTC: the order is now on the day before, everywhere.
      const inKolkata = await serverTotals(utc);
      await setZone(utc, 'UTC');

      for (const page of [utc, losAngeles]) {
        const row = await orderRow(page, order.number);
        await expect.poll(() => row.textContent()).toContain(ddmmyyyy(dayBefore));
        expect(await filterByDay(page, order.number, day)).toBe(false);
        expect(await filterByDay(page, order.number, dayBefore)).toBe(true);
        expect(await csvLine(page, order.number)).toMatch(
          new RegExp(`^#${order.number},${ddmmyyyy(dayBefore)} 20:06,`),
        );
        await expectChartByDaysOf(page, 'UTC');
      }

      // And back: the Kolkata days again, as the order writes had counted them.
      await setZone(utc, 'Asia/Kolkata');
      expect(await serverTotals(utc)).toEqual(inKolkata);
    },
  );
});
