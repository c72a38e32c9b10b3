import type { MeResponse } from '@storedesk/shared/auth/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ownerSession, withBusiness, zones } from '@/testing/fixtures.ts';
import { json, mockApi } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { orderFixture, ordersServer } from '@/testing/orders-test-server.ts';

/*
 * D19: the console shows, filters and exports the business's days, whatever the
 * browser's time zone. The browser here is in Los Angeles; order #421 was placed
 * at 01:36 on 23 November in Kolkata, which is still the 22nd in Los Angeles and
 * in UTC.
 */
const placedAt = '2026-11-22T20:06:00.000Z';
const browserZone = 'America/Los_Angeles';
let machineZone: string | undefined;

beforeAll(() => {
  machineZone = process.env.TZ;
  process.env.TZ = browserZone;
});
afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});
afterEach(() => {
  vi.useRealTimers();
});

/** The owner's session in a business in `timeZone`, with the zone's offset as the server sends it. */
const inZone = (timeZone: string): MeResponse => withBusiness(ownerSession, { timeZone });

const order421 = orderFixture({
  number: 421,
  customerName: 'Zara Zone',
  placedAt,
  timeline: [
    {
      id: 1,
      fromStatus: null,
      toStatus: 0,
      dexName: null,
      note: null,
      reason: null,
      kind: null,
      actorName: 'Zara Zone',
      at: placedAt,
    },
  ],
});
const delivered422 = orderFixture({ number: 422, customerName: 'Yusuf Yard', status: -2, placedAt });

function renderOrders(entry: string, session: MeResponse) {
  const server = ordersServer([order421, delivered422], session);
  const api = mockApi({
    ...server.handlers,
    'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
  });
  return { ...renderApp(entry), api };
}

beforeAll(() => loadScreensOf('/orders', '/orders/completed'), LOADING_SCREENS_MS);

function rowOf(text: string) {
  const found = screen.getByText(text).closest('tr');
  if (!found) throw new Error(`no row for ${text}`);
  return found;
}

describe("the business's time zone, whatever the browser's", () => {
  it('runs in a browser zone where the order is on another day', () => {
    // Guards the tests below: were the browser's zone used, they would show the 22nd.
    expect(new Date(placedAt).getDate()).toBe(22);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(browserZone);
  });

  it('dates the active orders by the business’s day', async () => {
    renderOrders('/orders', inZone('Asia/Kolkata'));
    await screen.findByText('#421', {});
    expect(within(rowOf('#421')).getByText('23/11/2026 01:36 AM')).toBeInTheDocument();
    expect(screen.queryByText(/22\/11\/2026/)).not.toBeInTheDocument();
  });

  it('dates the completed orders by the business’s day', async () => {
    renderOrders('/orders/completed', inZone('Asia/Kolkata'));
    await screen.findByText('#422', {});
    expect(within(rowOf('#422')).getByText('23/11/2026 01:36 AM')).toBeInTheDocument();
  });

  it('follows the business’s zone, not a fixed one: a business in UTC sees the 22nd', async () => {
    renderOrders('/orders', inZone('UTC'));
    await screen.findByText('#421', {});
    expect(within(rowOf('#421')).getByText('22/11/2026 08:06 PM')).toBeInTheDocument();
  });

  it('shows the order’s date, time and timeline in the business’s zone', async () => {
    renderOrders(`/orders/${order421.id}`, inZone('Asia/Kolkata'));
    await screen.findByRole('heading', { level: 1, name: 'Order #421' });
    expect(screen.getByText('23/11/2026 01:36 AM', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText(/Zara Zone · 23\/11\/2026 01:36 AM/)).toBeInTheDocument();
  });

  it('Today filters by the business’s today, sent as it is, and the CSV follows it', async () => {
    // 01:36 on the 23rd in Kolkata, 12:06 on the 22nd in the browser.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(placedAt));
    const { user, router, api } = renderOrders('/orders', inZone('Asia/Kolkata'));
    await screen.findByText('#421', {});

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(router.state.location.search).toBe('?from=2026-11-23&to=2026-11-23');
    await waitFor(() => expect(api.callsTo('GET /api/orders').at(-1)?.query.get('from')).toBe('2026-11-23'));
    expect(api.callsTo('GET /api/orders').at(-1)?.query.get('to')).toBe('2026-11-23');
    expect(screen.getByLabelText('From')).toHaveValue('23/11/2026');
    expect(screen.getByLabelText('To')).toHaveValue('23/11/2026');

    const link = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(link.getAttribute('href')!, 'http://console.test');
    expect(href.searchParams.get('from')).toBe('2026-11-23');
    expect(href.searchParams.get('to')).toBe('2026-11-23');
  });

  it('Today is the business’s day when the browser is already on the next one', async () => {
    // 09:00 UTC on the 23rd: 01:00 on the 23rd in the browser (Los Angeles), 23:00 on the 22nd in Honolulu.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
    const { user, router } = renderOrders('/orders', inZone('Pacific/Honolulu'));
    await screen.findByText('#421', {});
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(router.state.location.search).toBe('?from=2026-11-22&to=2026-11-22');
  });
});
