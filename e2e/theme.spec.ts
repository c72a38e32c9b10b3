import AxeBuilder from '@axe-core/playwright';
import type { Theme } from '@storedesk/shared/auth/schemas';
import { themes } from '@storedesk/shared/themes';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { untilStill } from './support/axe.ts';
import {
  demo,
  expectMode,
  inBothModes,
  launchBrowser,
  newPage,
  signInThroughForm,
} from './support/browser.ts';

/*
 * B6 at WCAG AA: every palette, light and dark, on the main screens, measured
 * by axe in the browser; and a change of theme re-colours an open page.
 */

let browser: Browser;
let original: Theme;

/**
 * Sets the demo business's theme in its database and announces it as the
 * server does for a write (an events row of the `business` topic), so open
 * consoles hear of it over the live stream.
 */
async function setDemoTheme(theme: Theme): Promise<Theme> {
  const client = new pg.Client({ connectionString: runningEmbeddedPostgresUrl(inject('dataDir'))! });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string; before: Theme }>(
      `UPDATE businesses b SET theme = $1, version = b.version + 1, updated_at = now()
         FROM businesses old WHERE old.id = b.id AND b.name = 'Demo Fresh Mart'
       RETURNING b.id, old.theme AS before`,
      [
        JSON.stringify({
          primaryColor: theme.primaryColor,
          accentColor: theme.accentColor,
          textPrimary: theme.textPrimary,
        }),
      ],
    );
    const business = rows[0]!;
    await client.query(
      `INSERT INTO events (business_id, zone_id, topic, action, record_id) VALUES ($1::uuid, NULL, 'business', 'updated', $1::text)`,
      [business.id],
    );
    await client.query('COMMIT');
    return business.before;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  original = await setDemoTheme(themes[0]!);
});
afterAll(async () => {
  await browser?.close();
  if (original) await setDemoTheme(original);
});

const screens = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/orders', heading: 'Orders' },
  { path: '/stores', heading: 'Stores' },
  { path: '/settings', heading: 'Settings' },
];

/** The screen with its data shown: its heading there and no skeleton or spinner left. */
async function openScreen(page: Page, screen: (typeof screens)[number]) {
  await page.goto(screen.path);
  await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
  await expect.poll(() => page.locator('.MuiSkeleton-root, [role="progressbar"]').count()).toBe(0);
  // Colours ease in over MUI's transitions; axe reads them once they have settled.
  await untilStill(page);
}

async function contrastViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
}

describe('colour contrast of the business theme (WCAG AA)', () => {
  for (const palette of themes) {
    it(`${palette.name}: no colour-contrast finding on the main screens, light and dark`, async () => {
      await setDemoTheme(palette);
      const found = await inBothModes(async (mode) => {
        const { context, page } = await newPage(browser, { mode });
        await signInThroughForm(page, demo.owner);
        await page.waitForURL('**/dashboard');
        await expectMode(page, mode);
        const inMode: string[] = [];
        for (const screen of screens) {
          await openScreen(page, screen);
          inMode.push(...(await contrastViolations(page)).map((line) => `${screen.path} ${line}`));
        }
        await context.close();
        return inMode;
      });
      expect(found).toEqual({ light: [], dark: [] });
    });
  }
});

describe('a change of theme', () => {
  it('re-colours an open page without a reload', async () => {
    const [amber, indigo] = [
      themes.find((t) => t.name === 'Amber')!,
      themes.find((t) => t.name === 'Indigo')!,
    ];
    await setDemoTheme(indigo);
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const bar = page.getByRole('banner');
    const barColours = () =>
      bar.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, color: style.color };
      });
    await expect.poll(barColours).toEqual({ background: 'rgb(57, 73, 171)', color: 'rgb(255, 255, 255)' });
    const selected = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });
    const tintBefore = await selected.evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });

    await setDemoTheme(amber);

    // Amber as it is on the bar, with dark text, since white would not read on it.
    await expect.poll(barColours).toEqual({ background: 'rgb(255, 143, 0)', color: 'rgb(33, 33, 33)' });
    await expect
      .poll(() => selected.evaluate((element) => getComputedStyle(element).backgroundColor))
      .not.toBe(tintBefore);
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(
      true,
    );
    expect(await contrastViolations(page)).toEqual([]);
    await context.close();
  });
});
