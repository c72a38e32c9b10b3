import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';
import { placeOrder } from './support/orders.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signedInOwner(width: number) {
  const { context, page } = await newPage(browser, { width });
  await signInThroughForm(page, demo.owner);
  await page.waitForURL('**/dashboard');
  return { context, page };
}

/** Whether the element's text fits its box (a cut text scrolls wider than it shows). */
function textFits(locator: Locator) {
  return locator.evaluate((element) => element.scrollWidth <= element.clientWidth);
}

type Box = { left: number; right: number; top: number; bottom: number };

/** The box of the element's text itself (every line of it), not of the element around it. */
function textBox(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { left, right, top, bottom } = range.getBoundingClientRect();
    return { left, right, top, bottom };
  });
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return { left: found.x, right: found.x + found.width, top: found.y, bottom: found.y + found.height };
}

/** The element's box once it has stopped moving (e.g. after a slide-in): its animations are done and two frames apart it is where it was. */
async function settledBox(locator: Locator): Promise<Box> {
  await expect
    .poll(() =>
      locator.evaluate(async (element) => {
        await Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished));
        const before = element.getBoundingClientRect();
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const after = element.getBoundingClientRect();
        return before.top === after.top && before.left === after.left;
      }),
    )
    .toBe(true);
  return box(locator);
}

function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The paging text's room to the right edge of the card it is in. */
async function pagingTextRoom(page: Page) {
  const text = page.locator('.MuiTablePagination-displayedRows');
  await expect.poll(() => text.textContent()).toMatch(/of \d+/);
  const card = page.locator('.MuiPaper-root', { has: text }).last();
  return (await box(card)).right - (await textBox(text)).right;
}

describe('faults found by review', () => {
  it('the owner’s top bar shows the product name whole on a 375 px phone', async () => {
    const { context, page } = await signedInOwner(375);
    const name = page.getByRole('banner').getByText('Storedesk', { exact: true });
    await name.waitFor();
    // The zone switcher is built right after the first screen: measure once it is there.
    await page.getByRole('banner').getByRole('combobox').waitFor();
    expect(await textFits(name)).toBe(true);
    await context.close();
  });

  it('the paging text keeps 8 px from the card’s edge on the owner’s lists, at 375 and 1280 px', async () => {
    for (const width of [375, 1280]) {
      const { context, page } = await signedInOwner(width);
      for (const list of ['/admins', '/zones', '/slides', '/coupons', '/push-notifications']) {
        await page.goto(list);
        expect({ width, list, room: (await pagingTextRoom(page)) >= 8 }).toEqual({
          width,
          list,
          room: true,
        });
      }
      await context.close();
    }
  });

  it('the sign-up steps’ labels keep 8 px apart on phones, so that no two read as one phrase', async () => {
    for (const width of [320, 375, 414]) {
      const { context, page } = await newPage(browser, { width });
      await page.goto('/onboarding');
      const labels = page.locator('.MuiStepLabel-label');
      await labels.nth(3).waitFor();
      const boxes = await Promise.all([0, 1, 2, 3].map((index) => textBox(labels.nth(index))));
      for (let index = 1; index < boxes.length; index++) {
        const gap = Math.round(boxes[index]!.left - boxes[index - 1]!.right);
        expect({ width, between: index, apart: gap >= 8 }).toEqual({ width, between: index, apart: true });
      }
      await context.close();
    }
  });

  it('the new-order alert leaves the Orders title in sight at 1280 px', async () => {
    const { context, page } = await signedInOwner(1280);
    await page.goto('/orders');
    const title = page.getByRole('heading', { level: 1, name: 'Orders' });
    await title.waitFor();
    await placeOrder(page, { name: 'Nia Review', phone: '9811122299' });
    const alert = page.getByRole('alert').filter({ hasText: 'New order' });
    await alert.waitFor();
    expect(overlap(await settledBox(alert), await box(title))).toBe(false);
    await alert.getByRole('button', { name: 'Acknowledge' }).click();
    await context.close();
  });
});
