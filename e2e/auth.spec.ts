import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the sign-in page as a browser loads it', () => {
  it('comes compressed, loads only its own screens, and logs no failed request or error', async () => {
    const { context, page } = await newPage(browser);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    const scripts: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      if (response.request().resourceType() === 'script') {
        scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
      }
    });
    await page.goto('/dashboard');
    await page.waitForURL('**/sign-in');
    await page.getByRole('button', { name: 'Sign in now' }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(problems).toEqual([]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) expect(script.encoding, script.url).toBe('br');
    // The signed-in console's code waits until someone signs in.
    expect(scripts.filter((s) => /\/(app-shell|dashboard-page)-/.test(s.url))).toEqual([]);
    await context.close();
  });
});

describe('signing in', () => {
  it('the owner lands on the dashboard inside the shell with every owner entry', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByText(`Hello, ${demo.owner.name}`).isVisible()).toBe(true);
    expect(await nav.getByText('Demo Fresh Mart').isVisible()).toBe(true);
    for (const entry of [
      'Dashboard',
      'Stores',
      'Orders',
      'Delivery Executives',
      'Push Notifications',
      'Account',
      'Zones',
      'Admins',
      'Coupons',
      'Slides',
      'Settings',
    ]) {
      expect(await nav.getByRole('link', { name: entry }).count(), entry).toBe(1);
    }
    expect(
      await page
        .getByRole('button', { name: 'Open App' })
        .or(page.getByRole('link', { name: 'Open App' }))
        .count(),
    ).toBe(1);
    await context.close();
  });

  it('an admin sees no owner-only entries', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.admin);
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByText(`Hello, ${demo.admin.name}`).isVisible()).toBe(true);
    for (const entry of ['Dashboard', 'Stores', 'Orders', 'Delivery Executives', 'Account']) {
      expect(await nav.getByRole('link', { name: entry }).count(), entry).toBe(1);
    }
    for (const entry of ['Zones', 'Admins', 'Coupons', 'Slides', 'Settings', 'Push Notifications']) {
      expect(await nav.getByRole('link', { name: entry }).count(), entry).toBe(0);
    }
    await context.close();
  });

  it('a wrong password shows the error banner and stays on sign-in', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, { email: demo.owner.email, password: 'not-my-password' });
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Incorrect email or password');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await context.close();
  });

  it("a delivery executive is refused with the spec's words", async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.dex);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain("You don't have proper permissions to sign in");
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await context.close();
  });

  it('signing out ends the session: protected pages send the user back to sign-in', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, demo.owner);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    await page.goto('/orders');
    await page.waitForURL('**/sign-in');
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
    await context.close();
  });
});
