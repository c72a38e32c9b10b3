import { formatRupees, rupeesDecimal } from '@storedesk/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousFindings, untilStill } from './support/axe.ts';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { withDatabase } from './support/database.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const count = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

type Sums = {
  from: string;
  to: string;
  orders: number;
  items: number;
  gross: number;
  discount: number;
  charges: number;
  net: number;
  cancelled: number;
};

/**
 * The demo business's last 30 days (in its time zone) and the sums of the orders
 * placed in them, read straight from `orders`: what the report must say.
 */
function ordersOfLast30Days(): Promise<Sums> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<Sums>(
      `WITH b AS (SELECT b.id, b.time_zone, (now() AT TIME ZONE b.time_zone)::date AS today
                  FROM businesses b JOIN users u ON u.business_id = b.id WHERE u.email = $1 AND u.level = 1),
            o AS (SELECT o.* FROM orders o, b WHERE o.business_id = b.id
                    AND (o.placed_at AT TIME ZONE b.time_zone)::date BETWEEN b.today - 29 AND b.today)
       SELECT (SELECT (today - 29)::text FROM b) AS "from", (SELECT today::text FROM b) AS "to",
              count(*) FILTER (WHERE status = -2)::int AS orders,
              coalesce(sum((SELECT sum((e ->> 'itemQuantity')::int) FROM jsonb_array_elements(items) e)) FILTER (WHERE status = -2), 0)::int AS items,
              coalesce(sum(items_total_paise) FILTER (WHERE status = -2), 0)::bigint::int AS gross,
              coalesce(sum(discount_paise) FILTER (WHERE status = -2), 0)::int AS discount,
              coalesce(sum(charges_total_paise) FILTER (WHERE status = -2), 0)::int AS charges,
              coalesce(sum(bill_amount_paise) FILTER (WHERE status = -2), 0)::bigint::int AS net,
              count(*) FILTER (WHERE status = -1)::int AS cancelled
       FROM o`,
      [demo.owner.email],
    );
    return rows[0]!;
  });
}

describe('sales reports', () => {
  it('a period’s report, on screen and in its CSV, equals the orders placed in it', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');

    // From the sidebar; then the last 30 days by day, as the address can name them.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/reports');
    const want = await ordersOfLast30Days();
    expect(want.orders).toBeGreaterThan(0);
    await page.goto(`/reports?from=${want.from}&to=${want.to}&groupBy=day`);

    const table = page.getByRole('table', { name: /^Sales by day/ });
    const totals = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
    await totals.waitFor();
    expect(await totals.getByRole('cell').allTextContents()).toEqual([
      count.format(want.orders),
      count.format(want.items),
      formatRupees(want.gross),
      formatRupees(want.discount),
      formatRupees(want.charges),
      formatRupees(want.net),
      count.format(want.cancelled),
    ]);
    // Every day of the period has its row.
    expect(await table.getByRole('rowheader').count()).toBe(30 + 1);

    // Grouped by store, the same totals.
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Store', exact: true }).click();
    await page.getByRole('table', { name: /^Sales by store/ }).waitFor();
    const storeTotals = page
      .getByRole('table', { name: /^Sales by store/ })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
    await storeTotals.waitFor();
    expect(await storeTotals.getByRole('cell').nth(5).textContent()).toBe(formatRupees(want.net));

    // The CSV is the table: its last line is the same totals, in rupees.
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toBe(`/api/reports/sales.csv?from=${want.from}&to=${want.to}&groupBy=store`);
    const csv = await (await page.request.get(href!)).text();
    expect(csv.trimEnd().split('\r\n').at(-1)).toBe(
      [
        'Total',
        want.orders,
        want.items,
        rupeesDecimal(want.gross),
        rupeesDecimal(want.discount),
        rupeesDecimal(want.charges),
        rupeesDecimal(want.net),
        want.cancelled,
      ].join(','),
    );
    await context.close();
  });

  it('shows the GST and online payments tabs whole at 1280 px in light and at 375 px in dark, with nothing serious for axe', async () => {
    for (const [width, mode] of [
      [1280, 'light'],
      [375, 'dark'],
    ] as const) {
      const { context, page } = await newPage(browser, { width, mode });
      await signInThroughForm(page, demo.owner);
      await page.waitForURL('**/dashboard');
      for (const [tab, table] of [
        ['gst', /^GST by rate, /],
        ['payments', /^Online payments by day, /],
      ] as const) {
        await page.goto(`/reports?report=${tab}`);
        await page.getByRole('table', { name: table }).waitFor();
        // The report's figures are in: its grey rows are gone, and Export CSV, disabled until the
        // report asked for has come, is enabled.
        await page.locator('.MuiSkeleton-root').first().waitFor({ state: 'detached' });
        await page.getByRole('link', { name: 'Export CSV', disabled: false }).waitFor();
        // And its colour has stopped moving. Enabled, the button eases from the disabled grey to its
        // own colour in 250 ms, the moment the figures come; axe reaching it within them, now and
        // then, read the colour on its way, about 2:1 (color-contrast on the Export CSV link, in
        // every scan with the page's transitions slowed down). That grey is no state anyone is
        // left with: what stays is what is checked.
        await untilStill(page);
        expect(await seriousFindings(page), `${tab} at ${width} px, ${mode}`).toEqual([]);
        // Nothing wider than the screen: a phone scrolls down, never sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
      }
      await context.close();
    }
  });
});
