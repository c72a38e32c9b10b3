import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatDate } from '@storedesk/shared/dates';
import { executiveFeePaise } from '@storedesk/shared/delivery/earnings-rules';
import { formatRupees, rupeesDecimal } from '@storedesk/shared/money';
import { distanceKm } from '@storedesk/shared/storefront/serviceability';
import { seriousFindings, untilStill } from './support/axe.ts';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { customerPhone, customerWithOrder, demoStoreAndItem, nearKoramangala } from './support/customer.ts';
import { withDatabase } from './support/database.ts';

/*
 * Executives' earnings (B18, ADR 0073), the loop on phones: the owner sets the fee a delivery pays
 * its executive; an executive of their own (so every figure is this spec's) delivers two orders
 * paid in cash at the door; one customer tips ₹20 online from the delivered order's page, and the
 * executive records the other's ₹30 in cash on their Earnings screen; the owner pays them out in
 * Dispatch › Payouts, which nets the cash they hold; their Earnings then owe nothing either way.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** What this spec's business pays an executive: ₹30 a delivery and ₹6 a km (the demo's is ₹25 and ₹5). */
const fee = { perDeliveryPaise: 3000, perKmPaise: 600 };

/** A description list's terms and what each says (the Earnings screen's figures, a delivery's bill). */
function described(where: Locator): Promise<Record<string, string>> {
  return where.evaluate((root) =>
    Object.fromEntries(
      Array.from(root.querySelectorAll('dt')).map((term) => [
        term.textContent!.trim(),
        term.nextElementSibling?.textContent?.trim() ?? '',
      ]),
    ),
  );
}

/** A table row's cells as they read, its header cell first. */
const cells = (row: Locator) => row.locator('th, td').allTextContents();

/** The page scrolls no wider than the window. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function put(page: Page, url: string, data: object) {
  const res = await page.request.put(url, { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sets the order settings' executive fee on the version read; answers what it was. */
async function setExecutiveFee(page: Page, to: { perDeliveryPaise: number; perKmPaise: number }) {
  const current = (await (await page.request.get('/api/settings/order')).json()) as Record<
    string,
    unknown
  > & {
    executiveFeePaise: number;
    executiveFeePerKmPaise: number;
  };
  const { updatedAt: _updatedAt, ...values } = current;
  await put(page, '/api/settings/order', {
    ...values,
    executiveFeePaise: to.perDeliveryPaise,
    executiveFeePerKmPaise: to.perKmPaise,
  });
  return { perDeliveryPaise: current.executiveFeePaise, perKmPaise: current.executiveFeePerKmPaise };
}

/** The executive's status change through the delivery app's API; answers the order's new version. */
async function changeStatus(
  token: string,
  order: { id: string; version: number },
  change: { status: 2 } | { status: -2; code: string; cashCollected: true },
): Promise<number> {
  const res = await fetch(`${inject('baseUrl')}/api/delivery/orders/${order.id}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...change, version: order.version }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { version: number }).version;
}

describe('executives’ earnings', () => {
  it('a delivery’s fee and tips reach the executive’s Earnings, and a payout nets the cash they hold', async () => {
    const owner = await newPage(browser);
    await signInThroughForm(owner.page, demo.owner);
    await owner.page.waitForURL('**/dashboard');
    const before = await setExecutiveFee(owner.page, fee);
    try {
      const { storeId } = await demoStoreAndItem();
      const store = (await (await owner.page.request.get(`/api/stores/${storeId}`)).json()) as {
        latitude: number;
        longitude: number;
        zoneId: string;
      };
      const { timeZone } = (await (await owner.page.request.get('/api/settings/business')).json()) as {
        timeZone: string;
      };
      // Fixed when the order is placed: the fee, and the km from the store to the customer's door.
      const feePaise = executiveFeePaise(
        fee,
        distanceKm(
          { lat: store.latitude, lng: store.longitude },
          { lat: nearKoramangala.latitude, lng: nearKoramangala.longitude },
        ),
      );

      // An executive of the store's zone, whose earnings are only this spec's.
      const stamp = Date.now();
      const executive = {
        name: `Esha Earner ${stamp}`,
        email: `esha.earner.${stamp}@example.com`,
        password: 'esha-earns-1',
      };
      const added = await owner.page.request.post('/api/delivery-executives', {
        data: { ...executive, phone: '+91-9800012345', zoneId: store.zoneId },
      });
      expect(added.status(), await added.text()).toBe(201);
      const executiveId = ((await added.json()) as { id: string }).id;

      // Two customers' orders, cash on delivery, confirmed with the executive.
      const base = inject('baseUrl');
      const tipped = await customerWithOrder(base, inject('dataDir'));
      const cashTipped = await customerWithOrder(base, inject('dataDir'));
      for (const { order } of [tipped, cashTipped]) {
        const { version } = (await (await owner.page.request.get(`/api/orders/${order.id}`)).json()) as {
          version: number;
        };
        const res = await owner.page.request.post(`/api/orders/${order.id}/status`, {
          data: { status: 1, dexId: executiveId, version },
        });
        expect(res.status(), await res.text()).toBe(200);
      }

      // The executive picks them up and delivers them with each customer's code, collecting the cash.
      const signedIn = await fetch(`${base}/api/delivery/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: executive.email, password: executive.password }),
      });
      expect(signedIn.status).toBe(200);
      const { token } = (await signedIn.json()) as { token: string };
      const { items: assigned } = (await (
        await fetch(`${base}/api/delivery/orders`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { items: Array<{ id: string; version: number }> };
      for (const { session, order } of [tipped, cashTipped]) {
        const { deliveryCode } = (await (
          await fetch(`${base}/api/storefront/orders/${order.id}`, {
            headers: {
              'x-storefront-key': inject('storefrontKey'),
              authorization: `Bearer ${session.token}`,
            },
          })
        ).json()) as { deliveryCode: string };
        const { version } = assigned.find((item) => item.id === order.id)!;
        const pickedUp = await changeStatus(token, { id: order.id, version }, { status: 2 });
        await changeStatus(
          token,
          { id: order.id, version: pickedUp },
          { status: -2, code: deliveryCode, cashCollected: true },
        );
      }

      // The first customer, on their phone, tips ₹20 through the gateway's checkout.
      const customer = await customerPhone(browser, inject('shopUrl'));
      await customer.context.addInitScript(
        (value) => localStorage.setItem('storedesk:demo-fresh-mart:session', value),
        JSON.stringify(tipped.session),
      );
      await customer.page.goto(`/orders/${tipped.order.id}`);
      await expect.poll(() => customer.page.getByTestId('order-status').textContent()).toBe('Delivered');
      const tipPanel = customer.page.getByRole('region', { name: 'Tip your delivery executive' });
      await tipPanel
        .getByRole('group', { name: 'Tip amount' })
        .getByRole('button', { name: '₹20', exact: true })
        .click();
      await tipPanel.getByRole('button', { name: 'Pay ₹20 tip' }).click();
      const sheet = customer.page.getByRole('dialog', { name: 'Stand-in gateway checkout' });
      await sheet.getByRole('button', { name: 'Pay ₹20.00' }).click();
      await customer.page.getByText('You tipped ₹20. Thank you!').waitFor();
      await tipPanel.waitFor({ state: 'detached' });
      await customer.context.close();

      // The executive, on their phone, opens Earnings: today's two deliveries, each with its fee.
      const rider = await customerPhone(browser, base);
      await rider.page.goto('/deliver');
      await rider.page.getByLabel('Email').fill(executive.email);
      await rider.page.getByLabel('Password', { exact: true }).fill(executive.password);
      await rider.page.getByRole('button', { name: 'Sign in' }).click();
      await rider.page.getByRole('heading', { name: 'My orders' }).waitFor();
      await rider.page.getByRole('link', { name: 'Earnings' }).click();
      await rider.page.getByRole('heading', { name: 'Earnings', level: 1 }).waitFor();
      expect(await rider.page.getByRole('tab', { name: 'Today' }).getAttribute('aria-selected')).toBe('true');
      const summary = rider.page.getByRole('region', { name: 'Summary' });
      const deliveries = rider.page.getByRole('list', { name: 'Deliveries' });
      const delivery = (number: number) =>
        deliveries
          .getByRole('listitem')
          .filter({ has: rider.page.getByRole('heading', { name: `Order #${number}`, exact: true }) });
      const fees = 2 * feePaise;
      const cash = tipped.order.billAmountPaise + cashTipped.order.billAmountPaise;
      expect(await described(summary)).toEqual({
        Deliveries: '2',
        Earnings: formatRupees(fees + 2000),
        'Of which tips': '₹20.00',
        'Cash in hand': formatRupees(cash),
        'To be paid out': formatRupees(fees + 2000),
      });
      expect(await described(delivery(tipped.order.number))).toEqual({
        Fee: formatRupees(feePaise),
        'Tip (online)': '₹20.00',
        'Cash collected': formatRupees(tipped.order.billAmountPaise),
      });
      // Tipped already: no cash tip to record.
      expect(
        await delivery(tipped.order.number).getByRole('button', { name: 'Record cash tip' }).count(),
      ).toBe(0);
      expect(await seriousFindings(rider.page)).toEqual([]);

      // The other customer gave ₹30 in cash at the door: the executive records it.
      const other = delivery(cashTipped.order.number);
      await other.getByRole('button', { name: 'Record cash tip' }).click();
      const tipForm = other.getByRole('form', { name: `Cash tip for order #${cashTipped.order.number}` });
      await tipForm.getByLabel('Cash tip in ₹').fill('30');
      expect(await seriousFindings(rider.page)).toEqual([]);
      await tipForm.getByRole('button', { name: 'Save tip' }).click();
      await other.getByText('Cash tip recorded.').waitFor();
      expect(await described(other)).toEqual({
        Fee: formatRupees(feePaise),
        'Tip (cash)': '₹30.00',
        'Cash collected': formatRupees(cashTipped.order.billAmountPaise),
      });
      // The totals follow; a cash tip is the executive's already, so nothing more is owed to them.
      await expect
        .poll(() => described(summary))
        .toEqual({
          Deliveries: '2',
          Earnings: formatRupees(fees + 5000),
          'Of which tips': '₹50.00',
          'Cash in hand': formatRupees(cash),
          'To be paid out': formatRupees(fees + 2000),
        });

      // The owner, in Dispatch › Payouts: the week so far, the executive's row.
      await owner.page.goto('/dispatch');
      await owner.page.getByRole('link', { name: 'Payouts', exact: true }).click();
      await owner.page.waitForURL('**/dispatch/payouts');
      await owner.page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
      const row = owner.page
        .getByRole('table', { name: 'Payouts' })
        .getByRole('row')
        .filter({ hasText: executive.name });
      await row.waitFor();
      // The cash they hold is more than they earned: they hand the difference over.
      const net = fees + 2000 - cash;
      expect(net).toBeLessThan(0);
      expect(await cells(row)).toEqual([
        executive.name,
        '2',
        formatRupees(fees),
        '₹20.00',
        '₹30.00',
        formatRupees(fees + 2000),
        formatRupees(cash),
        formatRupees(net),
        'None',
        'Mark paid',
      ]);
      // The same figures in the CSV download, in rupees, with no payout yet.
      const csvHref = await owner.page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
      const csv = await (await owner.page.request.get(csvHref!)).text();
      expect(csv.split('\r\n')).toContain(
        [
          executive.name,
          '2',
          rupeesDecimal(fees),
          '20.00',
          '30.00',
          rupeesDecimal(fees + 2000),
          rupeesDecimal(cash),
          rupeesDecimal(net),
          '',
        ].join(','),
      );
      await untilStill(owner.page);
      expect(await seriousFindings(owner.page)).toEqual([]);

      await row.getByRole('button', { name: `Mark paid: ${executive.name}` }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Mark paid' });
      await dialog
        .getByText(
          `${executive.name} hands over ${formatRupees(-net)}: cash to settle ${formatRupees(cash)} less fees and ` +
            `online tips ${formatRupees(fees + 2000)}. ${executive.name}’s cash of these days counts as handed over.`,
          { exact: true },
        )
        .waitFor();
      await untilStill(owner.page);
      expect(await seriousFindings(owner.page)).toEqual([]);
      await dialog.getByRole('button', { name: `Receive ${formatRupees(-net)}` }).click();
      await owner.page.getByText(`${executive.name} handed over ${formatRupees(-net)}`).waitFor();
      await dialog.waitFor({ state: 'detached' });

      const paidAt = await withDatabase(async (client) => {
        const { rows } = await client.query<{ paid_at: Date }>(
          `SELECT paid_at FROM payouts WHERE executive_id = $1`,
          [executiveId],
        );
        expect(rows).toHaveLength(1);
        return rows[0]!.paid_at;
      });
      const paid = [
        executive.name,
        '2',
        formatRupees(fees),
        '₹20.00',
        '₹30.00',
        '₹0.00',
        '₹0.00',
        '₹0.00',
        // The cash collected is more than the fees and the tip: the executive handed the rest over.
        `Handed over ${formatRupees(-net)} on ${formatDate(paidAt, timeZone)} (recorded by ${demo.owner.name})`,
        'Mark paid',
      ];
      await expect.poll(() => cells(row)).toEqual(paid);
      expect(await row.getByRole('button', { name: `Mark paid: ${executive.name}` }).isDisabled()).toBe(true);

      // On a phone the table scrolls inside its frame: nothing is wider than the screen.
      await owner.page.setViewportSize({ width: 375, height: 812 });
      await owner.page.reload();
      await row.waitFor();
      expect(await cells(row)).toEqual(paid);
      expect(await fitsWidth(owner.page)).toBe(true);
      await untilStill(owner.page);
      expect(await seriousFindings(owner.page)).toEqual([]);
      // And in dark, as the console's mode switch keeps it.
      await owner.page.evaluate(() => localStorage.setItem('mui-mode', 'dark'));
      await owner.page.reload();
      await row.waitFor();
      expect(await cells(row)).toEqual(paid);
      await untilStill(owner.page);
      expect(await seriousFindings(owner.page)).toEqual([]);

      // The executive's Earnings, read again: they hold no cash and are owed nothing.
      await rider.page.reload();
      await rider.page.getByRole('heading', { name: 'Earnings', level: 1 }).waitFor();
      await deliveries.waitFor();
      expect(await described(summary)).toEqual({
        Deliveries: '2',
        Earnings: formatRupees(fees + 5000),
        'Of which tips': '₹50.00',
        'Cash in hand': '₹0.00',
        'To be paid out': '₹0.00',
      });
      for (const number of [tipped.order.number, cashTipped.order.number])
        expect(await delivery(number).getByText('Paid out', { exact: true }).count()).toBe(1);
      expect(await fitsWidth(rider.page)).toBe(true);
      await rider.context.close();
    } finally {
      await setExecutiveFee(owner.page, before);
      await owner.context.close();
    }
  });
});
