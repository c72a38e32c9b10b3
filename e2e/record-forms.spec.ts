import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, launchBrowser, newPage, signInThroughForm } from './support/browser.ts';

/*
 * D9: two people editing one record never silently undo each other. B starts
 * editing, A saves a new phone, B saves: B is refused, told what changed and
 * shown A's record, and the server keeps A's phone.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function signedIn(account: { email: string; password: string }) {
  const opened = await newPage(browser);
  await signInThroughForm(opened.page, account);
  await opened.page.waitForURL('**/dashboard');
  return opened;
}

describe('record forms save with the version their edits started from (D9)', () => {
  it("the store form refuses B's save after A's, shows A's phone, and the server keeps it", async () => {
    const a = await signedIn(demo.admin);
    const b = await signedIn(demo.owner);
    const name = `Two Hands Store ${randomUUID().slice(0, 6)}`;
    const created = await a.page.request.post('/api/stores', {
      data: {
        name,
        featured: 5,
        location: 'BTM Layout, Bengaluru',
        description: 'Groceries',
        phone: '+91-9800001111',
        openTime: '08:00',
        closeTime: '22:00',
        latitude: 12.9166,
        longitude: 77.6101,
      },
    });
    expect(created.status()).toBe(201);
    const store = await created.json();
    const editUrl = `/stores/${store.id}/edit`;

    await a.page.goto(editUrl);
    await b.page.goto(editUrl);
    await expect.poll(() => field(a.page, 'Name').inputValue()).toBe(name);
    await expect.poll(() => field(b.page, 'Name').inputValue()).toBe(name);

    // B starts editing and does not save yet.
    await field(b.page, 'Description').fill('Groceries and fresh bread');

    // A changes the phone and saves.
    await field(a.page, 'Phone').fill('+91-9800002222');
    await a.page.getByRole('button', { name: 'Save store' }).click();
    await a.page.waitForURL((url) => url.pathname === '/stores');

    // B saves: refused, told what changed, and shown A's store.
    await b.page.getByRole('button', { name: 'Save store' }).click();
    const alert = b.page.getByRole('alert').filter({ hasText: 'Someone else saved this store' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Someone else saved this store while you were editing: Phone changed. The form now shows their version; make your changes again.',
    );
    await expect.poll(() => field(b.page, 'Phone').inputValue()).toBe('+91-9800002222');
    expect(await field(b.page, 'Description').inputValue()).toBe('Groceries');
    expect(b.page.url()).toContain(editUrl);

    const saved = await (await a.page.request.get(`/api/stores/${store.id}`)).json();
    expect(saved).toMatchObject({
      phone: '+91-9800002222',
      description: 'Groceries',
      version: store.version + 1,
    });

    // Made again on A's version, B's change is saved alongside A's.
    await field(b.page, 'Description').fill('Groceries and fresh bread');
    await b.page.getByRole('button', { name: 'Save store' }).click();
    await b.page.waitForURL((url) => url.pathname === '/stores');
    const both = await (await a.page.request.get(`/api/stores/${store.id}`)).json();
    expect(both).toMatchObject({ phone: '+91-9800002222', description: 'Groceries and fresh bread' });

    expect((await a.page.request.delete(`/api/stores/${store.id}?version=${both.version}`)).status()).toBe(
      204,
    );
    await a.context.close();
    await b.context.close();
  });

  it("the admin form refuses B's save after A's, shows A's phone, and the server keeps it", async () => {
    const a = await signedIn(demo.owner);
    const b = await signedIn(demo.owner);
    const zones = await (await a.page.request.get('/api/zones?q=Bengaluru')).json();
    const email = `two.hands.${randomUUID().slice(0, 8)}@example.com`;
    const created = await a.page.request.post('/api/admins', {
      data: {
        name: 'Tara Two Hands',
        email,
        phone: '+91-9800003333',
        password: 'tara-secret-1',
        zoneId: zones.items[0].id,
      },
    });
    expect(created.status()).toBe(201);
    const admin = await created.json();
    const editUrl = `/admins/${admin.id}/edit`;

    await a.page.goto(editUrl);
    await b.page.goto(editUrl);
    await expect.poll(() => field(a.page, 'Email').inputValue()).toBe(email);
    await expect.poll(() => field(b.page, 'Email').inputValue()).toBe(email);

    await field(b.page, 'Name').fill('Tara Iyer');

    await field(a.page, 'Phone').fill('+91-9800004444');
    await a.page.getByRole('button', { name: 'Save Admin' }).click();
    await a.page.waitForURL((url) => url.pathname === '/admins');

    await b.page.getByRole('button', { name: 'Save Admin' }).click();
    const alert = b.page.getByRole('alert').filter({ hasText: 'Someone else saved this admin' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Someone else saved this admin while you were editing: Phone changed. The form now shows their version; make your changes again.',
    );
    await expect.poll(() => field(b.page, 'Phone').inputValue()).toBe('+91-9800004444');
    expect(await field(b.page, 'Name').inputValue()).toBe('Tara Two Hands');

    const saved = await (await a.page.request.get(`/api/admins/${admin.id}`)).json();
    expect(saved).toMatchObject({
      name: 'Tara Two Hands',
      phone: '+91-9800004444',
      version: admin.version + 1,
    });

    expect((await a.page.request.delete(`/api/admins/${admin.id}?version=${saved.version}`)).status()).toBe(
      204,
    );
    await a.context.close();
    await b.context.close();
  });
});
