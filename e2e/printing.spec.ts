/**
 * Printing (B15): the kitchen ticket and the bill open from the order without the console's
 * chrome, print as PDF on an 80 mm roll or A4 with the right text (read back from the PDF), the
 * bill becomes a GST tax invoice once the business has a GSTIN, and confirming an order prints
 * its kitchen ticket when Order Settings say so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { formatRupees } from '@storedesk/shared/money';
import { seriousFindings } from './support/axe.ts';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { openStoreWithStock, sendStorefrontOrder } from './support/orders.ts';

const GSTIN = '27AAPFU0939F1ZV';
const MM = 72 / 25.4;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  // Headless Chromium has no print dialog: count the calls instead, in every page and frame.
  await context.addInitScript(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
});

afterAll(async () => {
  await setBusiness({ gstin: '' });
  await setOrderSettings({ printKitchenOnConfirm: false });
  await browser?.close();
});

async function setBusiness(changes: Record<string, unknown>) {
  const current = (await (await page.request.get('/api/settings/business')).json()) as { version: number };
  const res = await page.request.patch('/api/settings/business', {
    data: { ...changes, version: current.version },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function setOrderSettings(changes: Record<string, unknown>) {
  const current = (await (await page.request.get('/api/settings/order')).json()) as Record<string, unknown>;
  const { updatedAt: _updatedAt, ...values } = current;
  const res = await page.request.put('/api/settings/order', { data: { ...values, ...changes } });
  expect(res.status(), await res.text()).toBe(200);
}

/** An order of two of the first stocked item (taxed at 5%, HSN 0406) and one of the second, by API. */
async function orderWithGst(customer: { name: string; phone: string }) {
  const { store, stocked, deliveryAddress } = await openStoreWithStock(page);
  const first = stocked[0]!;
  const item = (await (await page.request.get(`/api/stores/${store.id}/items/${first.id}`)).json()) as {
    name: string;
    version: number;
  };
  const edited = await page.request.patch(`/api/stores/${store.id}/items/${first.id}`, {
    data: { gstRate: 5, hsn: '0406', version: item.version },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  const { status, body } = await sendStorefrontOrder({
    customer,
    storeId: store.id,
    items: stocked.map((line, index) => ({ itemId: line.id, quantity: index === 0 ? 2 : 1 })),
    deliveryAddress,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return { ...(body as { id: string; number: number }), storeName: store.name, itemName: item.name };
}

/** A text without its white space, to find in a PDF's. */
const squash = (text: string) => text.replace(/\s+/g, '');

/** The text of a PDF, page by page, and each page's size in millimetres. */
async function readPdf(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true }).promise;
  const pages: { text: string; widthMm: number; heightMm: number }[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const sheet = await document.getPage(number);
    const content = await sheet.getTextContent();
    const [x0, y0, x1, y1] = sheet.view as [number, number, number, number];
    pages.push({
      // Without white space: how a PDF spaces its runs is the renderer's, not the document's.
      text: content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join('')
        .replace(/\s+/g, ''),
      widthMm: Math.round((x1 - x0) / MM),
      heightMm: Math.round((y1 - y0) / MM),
    });
  }
  await document.destroy();
  return pages;
}

/** Opens a print link of the order page in its new tab, as a click does. */
async function openPrint(orderPage: Page, name: string): Promise<Page> {
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    orderPage.getByRole('link', { name }).click(),
  ]);
  await opened.waitForLoadState();
  return opened;
}

describe('printing', () => {
  it('prints the kitchen ticket and a plain bill on an 80 mm roll, without the console around them', async () => {
    await setBusiness({ gstin: '' });
    const order = await orderWithGst({ name: 'Print Ticket', phone: '9811100001' });
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();

    const ticket = await openPrint(page, 'Print kitchen ticket');
    expect(new URL(ticket.url()).pathname).toBe(`/orders/${order.id}/print/kitchen`);
    await ticket.getByRole('article', { name: 'Kitchen ticket' }).waitFor();
    // It asks the browser to print as soon as it is ready.
    await expect
      .poll(() => ticket.evaluate(() => (window as unknown as { printed: number }).printed))
      .toBe(1);
    expect(await ticket.getByRole('navigation').count()).toBe(0);
    expect(await seriousFindings(ticket)).toEqual([]);
    // The quantity and the item's name stand apart, in the header ("Qty  Item") and on each line.
    const gaps = await ticket.evaluate(() => {
      const textBox = (cell: Element) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getBoundingClientRect();
      };
      const ticketCells = (selector: string) =>
        Array.from(document.querySelectorAll(`article[aria-label="Kitchen ticket"] ${selector}`));
      return [ticketCells('thead th'), ticketCells('tbody tr:first-child td')].map(
        ([qty, item]) => textBox(item!).left - textBox(qty!).right,
      );
    });
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(8);
    await ticket.emulateMedia({ media: 'print' });
    expect(await ticket.getByRole('toolbar', { name: 'Printing' }).isVisible()).toBe(false);
    const rollPages = await readPdf(await ticket.pdf({ preferCSSPageSize: true, printBackground: true }));
    const roll = rollPages[0];
    expect(roll!.widthMm).toBe(80);
    // One page as long as the ticket, as a roll prints.
    expect(rollPages.map((sheet) => sheet.text)).toHaveLength(1);
    expect(roll!.text).toContain(squash('Kitchen ticket'));
    expect(roll!.text).toContain(squash(`#${order.number}`));
    expect(roll!.text).toContain(squash(order.storeName));
    expect(roll!.text).toContain(squash(`2 × ${order.itemName}`));
    // No prices on the kitchen's ticket, and none of the console's chrome.
    expect(roll!.text).not.toContain(squash('₹'));
    expect(roll!.text).not.toContain(squash('Dashboard'));
    await ticket.close();

    const bill = await openPrint(page, 'Print bill');
    await bill.getByRole('article', { name: 'Bill' }).waitFor();
    await bill.emulateMedia({ media: 'print' });
    const [plain] = await readPdf(await bill.pdf({ preferCSSPageSize: true }));
    expect(plain!.widthMm).toBe(80);
    expect(plain!.text).toContain(squash('BILL'));
    expect(plain!.text).not.toContain(squash('TAX INVOICE'));
    expect(plain!.text).toContain(squash('Print Ticket'));
    expect(plain!.text).toContain(squash('Bill amount'));
    await bill.close();
  });

  it('prints a GST tax invoice on A4 once an order of a business with a GSTIN is delivered, its number kept on reprint', async () => {
    await setBusiness({ gstin: GSTIN });
    const order = await orderWithGst({ name: 'Print Invoice', phone: '9811100002' });
    // Before delivery the bill is pro-forma: no invoice number is given (B18).
    const proForma = (await (await page.request.post(`/api/orders/${order.id}/bill`)).json()) as {
      invoice: null | object;
    };
    expect(proForma.invoice).toBeNull();
    const placed = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as { version: number };
    const delivered = await page.request.post(`/api/orders/${order.id}/status`, {
      data: { status: -2, version: placed.version },
    });
    expect(delivered.status(), await delivered.text()).toBe(200);
    const answer = (await (await page.request.post(`/api/orders/${order.id}/bill`)).json()) as {
      order: { billAmountPaise: number };
      invoice: { number: number; slabs: { rate: number; cgstPaise: number }[] };
    };
    const bill = await context.newPage();
    await bill.goto(`/orders/${order.id}/print/bill`);
    await bill.getByRole('article', { name: 'Tax invoice' }).waitFor();
    await bill.getByRole('button', { name: 'A4' }).click();
    expect(await seriousFindings(bill)).toEqual([]);
    await bill.emulateMedia({ media: 'print' });
    const pages = await readPdf(await bill.pdf({ preferCSSPageSize: true }));
    expect([pages[0]!.widthMm, pages[0]!.heightMm]).toEqual([210, 297]);
    const text = pages.map((sheet) => sheet.text).join(' ');
    expect(text).toContain(squash('TAX INVOICE'));
    expect(text).toContain(squash(`GSTIN ${GSTIN}`));
    // The number given at delivery is the one every print shows.
    expect(text).toContain(squash(`Invoice no. ${answer.invoice.number}`));
    expect(text).toContain(squash('HSN 0406'));
    expect(text).toContain(squash('CGST'));
    expect(answer.invoice.slabs.map((slab) => slab.rate)).toContain(5);
    expect(text).toContain(squash(formatRupees(answer.order.billAmountPaise)));
    await bill.close();
  });

  it('prints the kitchen ticket when an order is confirmed on its page, if Order Settings say so', async () => {
    await setOrderSettings({ printKitchenOnConfirm: true });
    const order = await orderWithGst({ name: 'Print Confirm', phone: '9811100003' });
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
    await page.getByRole('button', { name: 'Update Order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('list', { name: 'New status' }).getByRole('button', { name: 'Confirmed' }).click();
    await dialog.getByRole('radio', { disabled: false }).first().check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const frame = page.frameLocator('iframe[title="Kitchen ticket being printed"]');
    // The frame has no size on screen: its document is there to print, not to be seen.
    await frame.getByRole('article', { name: 'Kitchen ticket' }).waitFor({ state: 'attached' });
    const printed = page.frames().find((candidate) => candidate.url().includes('/print/kitchen'))!;
    await expect
      .poll(() => printed.evaluate(() => (window as unknown as { printed: number }).printed))
      .toBe(1);
    expect(await frame.getByText(`#${order.number}`, { exact: true }).count()).toBe(1);
  });
});
