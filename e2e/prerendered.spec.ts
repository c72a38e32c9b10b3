import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousFindings } from './support/axe.ts';
import { demo, inBothModes, launchBrowser, newPage } from './support/browser.ts';

/*
 * ADR 0031: the sign-in page arrives with its form and its styles in it, so a phone on a slow
 * network shows it before the code; the code then hydrates it, taking over what was typed.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Holds back every script file of the console until `release` is called: the page as it is before its code. */
async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Error and warning messages in the browser's console (React reports a markup it could not hydrate there). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('the sign-in page before its code arrives', () => {
  it.each([375, 1280])(
    'shows the form laid out and styled, in the mode this browser chose, and axe finds nothing serious (%i px)',
    async (width) => {
      const seen = await inBothModes(async (mode) => {
        const { context, page } = await newPage(browser, { width, mode });
        const { release } = await holdScripts(page);
        // Not 'domcontentloaded': that waits for the module scripts, which are held back.
        await page.goto('/sign-in', { waitUntil: 'commit' });
        const heading = page.getByRole('heading', { level: 1, name: 'Storedesk' });
        await heading.waitFor();
        const email = page.getByLabel('Email');
        const state = {
          htmlClass: await page.evaluate(() => document.documentElement.className),
          title: await page.title(),
          // MUI's outlined field is 56 px high; an unstyled input is about 20.
          emailHeight: Math.round((await email.boundingBox())!.height),
          focused: await page.evaluate(() => document.activeElement?.getAttribute('name')),
          button: await page.getByRole('button', { name: 'Sign in now' }).isDisabled(),
          background: await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
          noHorizontalScroll: await page.evaluate(
            () => document.documentElement.scrollWidth <= window.innerWidth,
          ),
          axe: await seriousFindings(page),
        };
        release();
        await context.close();
        return state;
      });
      const expected = (htmlClass: string, background: string) => ({
        htmlClass,
        title: 'Sign in · Storedesk',
        emailHeight: 56,
        focused: 'email',
        button: true,
        background,
        noHorizontalScroll: true,
        axe: [],
      });
      expect(seen).toEqual({
        light: expected('light', 'rgb(255, 255, 255)'),
        dark: expected('dark', 'rgb(18, 18, 18)'),
      });
    },
  );

  it.each([375, 1366])(
    'keeps what was typed and where the focus was when the code arrives, then signs in (%i px)',
    async (width) => {
      const { context, page } = await newPage(browser, { width });
      const problems = consoleProblems(page);
      const { release } = await holdScripts(page);
      // Not 'domcontentloaded': that waits for the module scripts, which are held back.
      await page.goto('/sign-in', { waitUntil: 'commit' });
      await page.getByLabel('Email').waitFor();
      await page.keyboard.type(demo.owner.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(demo.owner.password.slice(0, -1));

      release();
      // Hydrated: React has taken over the button it found in the page.
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: 'Sign in now' })
            .evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactProps'))),
        )
        .toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
      await page.keyboard.type(demo.owner.password.slice(-1));
      expect(await page.getByLabel('Email').inputValue()).toBe(demo.owner.email);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(demo.owner.password);
      await expect.poll(() => page.getByRole('button', { name: 'Sign in now' }).isEnabled()).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
