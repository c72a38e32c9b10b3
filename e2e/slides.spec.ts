import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makePng } from '../apps/server/src/storage/image-fixtures.ts';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });
const path = (page: Page) => new URL(page.url()).pathname;

describe('slides', () => {
  it('the owner adds a slide with an image, edits it, deletes it and brings it back with Undo', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');
    const title = `Mango week ${randomUUID().slice(0, 6)}`;

    // Without an image the spec's dialog asks for one.
    await page.goto('/slides');
    await page.getByRole('link', { name: 'Add slide' }).first().click();
    await page.waitForURL('**/slides/add');
    await titleField(page).fill(title);
    await page.getByRole('combobox', { name: 'Position' }).click();
    await page.getByRole('option', { name: '7', exact: true }).click();
    await page.getByRole('button', { name: 'Add slide' }).click();
    const missing = page.getByRole('dialog', { name: 'Slide Image' });
    await missing.getByText('Please select slide image').waitFor();
    await missing.getByRole('button', { name: 'OK' }).click();
    expect(path(page)).toBe('/slides/add');

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'mango.png', mimeType: 'image/png', buffer: makePng(32, 16) });
    await page.getByText('mango.png', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Add slide' }).click();
    await page.waitForURL((url) => url.pathname === '/slides');
    await page.getByText('Slide added').waitFor();

    // In the list with its position and picture, which the server serves.
    await page.getByLabel('Search slide').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('img', { name: title }).waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('7');
    const slide = (await (await page.request.get(`/api/slides?q=${encodeURIComponent(title)}`)).json())
      .items[0];
    expect(slide).toMatchObject({ title, position: 7 });
    expect((await page.request.get(slide.imageUrl)).status()).toBe(200);

    // Edit: the saved image counts, so only the title changes.
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL('**/edit');
    await expect.poll(() => titleField(page).inputValue()).toBe(title);
    await titleField(page).fill(`${title} sale`);
    await page.getByRole('button', { name: 'Save slide' }).click();
    await page.waitForURL((url) => url.pathname === '/slides');
    await page.getByLabel('Search slide').fill(`${title} sale`);
    await page.getByRole('img', { name: `${title} sale` }).waitFor();

    // Delete with the spec's confirmation, then Undo.
    await page.getByRole('button', { name: `Delete ${title} sale` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete slide “${title} sale”?` });
    await dialog.getByText('Are you sure? You want to delete this slide').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`No slides match “${title} sale”`).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(`${title} sale restored`).waitFor();
    await page.getByRole('img', { name: `${title} sale` }).waitFor();
    await context.close();
  });

  it('an admin asking for the slides screen is sent to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.admin);
    await page.waitForURL('**/dashboard');
    await page.goto('/slides');
    await page.waitForURL('**/dashboard');
    expect(path(page)).toBe('/dashboard');
    await context.close();
  });
});
