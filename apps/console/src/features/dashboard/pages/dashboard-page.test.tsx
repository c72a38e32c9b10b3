import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { messages } from '@storedesk/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths.ts';
import { routes } from '@/app/router.tsx';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { adminSession, dashboardFigures as figures, ownerSession, zones } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { dashboardQueryOptions } from '@/features/dashboard/api/get-dashboard.ts';
import { DashboardPage, prefetch } from './dashboard-page.tsx';

/** The console's routes with this page at /dashboard, however app/router.tsx wires it. */
function withDashboardPage(list: RouteObject[]): RouteObject[] {
  return list.map((route): RouteObject => {
    if (route.path === paths.dashboard.path) return { ...route, element: <DashboardPage /> };
    if (route.children) return { ...route, children: withDashboardPage(route.children) };
    return route;
  });
}

function renderDashboard({
  session = adminSession,
  dashboard,
  stores,
}: { session?: typeof adminSession; dashboard?: Handler; stores?: Handler } = {}) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
    // The zone switcher names a remembered zone by reading it.
    ...Object.fromEntries(zones.map((zone) => [`GET /api/zones/${zone.id}`, () => json(200, zone)])),
    'GET /api/dashboard': dashboard ?? (() => json(200, figures)),
    ...(stores ? { 'GET /api/stores': stores } : {}),
  });
  const view = renderApp(paths.dashboard.getHref(), { routes: withDashboardPage(routes) });
  return { ...view, api };
}

function card(name: string) {
  return screen.getByRole('region', { name });
}

function liveEvent(topic: LiveEvent['topic']): LiveEvent {
  return { id: '1', topic, action: 'created', recordId: null, zoneId: 'z1', at: '2025-03-10T06:30:00.000Z' };
}

describe('dashboard', () => {
  it('its prefetch asks for what the page shows, under the same keys, so the page asks nothing again', async () => {
    const [zone] = zones;
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, zone!.id);
    const { api, queryClient } = renderDashboard({
      session: ownerSession,
      stores: () => json(200, { items: [], total: 3 }),
    });
    prefetch({ queryClient, session: ownerSession, params: {} });

    expect(await screen.findByRole('region', { name: 'Total users' })).toBeInTheDocument();
    const asked = api.callsTo('GET /api/dashboard');
    expect(asked.map((call) => call.query.get('zoneId'))).toEqual([zone!.id]);
    expect(api.callsTo('GET /api/stores')).toHaveLength(1);
  });

  it("shows this month's cards with the change since last month, and earnings in rupees", async () => {
    renderDashboard();

    expect(await screen.findByRole('region', { name: 'Total users' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('March 2025 so far, compared with February 2025.')).toBeInTheDocument();

    expect(card('Total users')).toHaveTextContent('1,234');
    expect(card('Total users')).toHaveTextContent('+12.50% since last month');
    expect(card('Total orders')).toHaveTextContent('11');
    expect(card('Total orders')).toHaveTextContent('0.00% since last month');
    expect(card('Cancelled orders')).toHaveTextContent('2');
    expect(card('Cancelled orders')).toHaveTextContent('−33.33% since last month');
    // Up, flat or down, shown by the arrow as well as the sign.
    expect(within(card('Total users')).getByTestId('TrendingUpIcon')).toBeInTheDocument();
    expect(within(card('Total orders')).getByTestId('TrendingFlatIcon')).toBeInTheDocument();
    expect(within(card('Cancelled orders')).getByTestId('TrendingDownIcon')).toBeInTheDocument();
    expect(within(card('Total earnings')).getByText('₹1,23,456.78')).toBeInTheDocument();
    expect(card('Total earnings')).not.toHaveTextContent('since last month');
  });

  it('draws the last 7 days of orders, with the figures readable as a table', async () => {
    renderDashboard();

    const chart = await screen.findByRole('img', { name: 'Orders Overview' });
    expect(chart).toHaveAccessibleDescription(
      'Bar chart of the cancelled, delivered and total orders of each day from 04/03/2025 to 10/03/2025. The figures are in the table that follows.',
    );
    const overview = card('Orders Overview');
    const legend = within(overview).getByRole('list', { name: 'Orders Overview legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cancelled', 'Delivered', 'Total']);

    const table = within(overview).getByRole('table', { name: 'Orders Overview, last 7 days' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Cancelled', 'Delivered', 'Total']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')])
      .map((cells) => cells.map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['04/03', '1', '0', '1'],
      ['05/03', '0', '0', '0'],
      ['06/03', '0', '2', '2'],
      ['07/03', '0', '0', '0'],
      ['08/03', '0', '1', '1'],
      ['09/03', '3', '9', '14'],
      ['10/03', '1', '2', '5'],
    ]);

    // Drawn: every day labelled under its bars, a bar for each figure above zero, the axis to 15.
    for (const day of ['04/03', '07/03', '10/03']) expect(chart).toHaveTextContent(day);
    const bars = [...chart.querySelectorAll('rect')].map((bar) => bar.querySelector('title')?.textContent);
    expect(bars).toHaveLength(12);
    expect(bars).toContain('09/03: Total 14');
    expect(bars).not.toContain('05/03: Total 0');
    expect([...chart.querySelectorAll('g > text')].slice(0, 4).map((tick) => tick.textContent)).toEqual([
      '0',
      '5',
      '10',
      '15',
    ]);
  });

  it("shows today's orders by status as a donut with its legend and figures", async () => {
    renderDashboard();

    const donut = await screen.findByRole('img', { name: 'Orders by status' });
    expect(donut).toHaveAccessibleDescription(
      "Donut chart of today's 5 orders: Pending 2, Delivered 2, Cancelled 1.",
    );
    const section = card('Orders by status');
    expect(section).toHaveTextContent('Today, 10/03/2025');
    const legend = within(section).getByRole('list', { name: 'Orders by status legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pending2 (40%)', 'Delivered2 (40%)', 'Cancelled1 (20%)']);
    // A slice of the ring for each status with orders.
    expect(donut.querySelectorAll('circle')).toHaveLength(3);
    expect(screen.queryByText('No orders yet today')).not.toBeInTheDocument();
  });

  it('says so when there are no orders today', async () => {
    renderDashboard({
      dashboard: () => json(200, { ...figures, ordersByStatus: { pending: 0, delivered: 0, cancelled: 0 } }),
    });

    const section = await screen.findByRole('region', { name: 'Orders by status' });
    expect(within(section).getByText('No orders yet today')).toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows grey shapes while the figures load', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderDashboard({ dashboard: () => new Promise<Response>((resolve) => (answer = resolve)) });

    expect(await screen.findByRole('status', { name: 'Loading the dashboard' })).toBeInTheDocument();
    answer(json(200, figures));
    expect(await screen.findByRole('region', { name: 'Total users' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the dashboard' })).not.toBeInTheDocument();
  });

  it('says what failed when the figures cannot be loaded, and retries', async () => {
    let fail = true;
    const { user, api } = renderDashboard({
      dashboard: () => (fail ? apiError(500, 'internal', messages.internal) : json(200, figures)),
    });

    expect(await screen.findByText('Could not load the dashboard')).toBeInTheDocument();
    expect(screen.getByText(messages.internal)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('region', { name: 'Total users' })).toHaveTextContent('1,234');
    expect(screen.queryByText('Could not load the dashboard')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/dashboard')).toHaveLength(2);
  });

  it("asks for the owner's zone, and again when the owner picks another", async () => {
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, 'z2');
    const { user, api } = renderDashboard({ session: ownerSession });

    await screen.findByRole('region', { name: 'Total users' });
    expect(api.callsTo('GET /api/dashboard').map((call) => call.query.get('zoneId'))).toEqual(['z2']);

    await user.click(await screen.findByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: 'North' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/dashboard').map((call) => call.query.get('zoneId'))).toEqual(['z2', 'z1']),
    );

    await user.click(screen.getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: 'All zones' }));
    await waitFor(() => expect(api.callsTo('GET /api/dashboard')).toHaveLength(3));
    expect(api.callsTo('GET /api/dashboard')[2]?.query.has('zoneId')).toBe(false);
  });

  it('names no zone for an admin, whom the server keeps to their own', async () => {
    const { api } = renderDashboard();
    await screen.findByRole('region', { name: 'Total users' });
    expect(api.callsTo('GET /api/dashboard')[0]?.query.has('zoneId')).toBe(false);
  });

  it('refreshes with every order event, and every minute', async () => {
    let orders = 11;
    const { api, queryClient } = renderDashboard({
      dashboard: () =>
        json(200, {
          ...figures,
          cards: { ...figures.cards, totalOrders: { value: orders, previous: 11, changePercent: 0 } },
        }),
    });
    await screen.findByRole('region', { name: 'Total orders' });

    orders = 12;
    applyLiveEvent(queryClient, liveEvent('orders'));
    await waitFor(() => expect(card('Total orders')).toHaveTextContent('12'));
    expect(api.callsTo('GET /api/dashboard')).toHaveLength(2);

    applyLiveEvent(queryClient, liveEvent('dashboard'));
    await waitFor(() => expect(api.callsTo('GET /api/dashboard')).toHaveLength(3));

    const options = dashboardQueryOptions({ zoneId: undefined }, 'Asia/Kolkata');
    expect(options.queryKey[0]).toBe('orders');
    expect(options.refetchInterval).toBe(60_000);
  });

  it('keeps the last figures on screen when a refresh fails', async () => {
    let fail = false;
    const { queryClient } = renderDashboard({
      dashboard: () => (fail ? apiError(500, 'internal', messages.internal) : json(200, figures)),
    });
    await screen.findByRole('region', { name: 'Total users' });

    fail = true;
    applyLiveEvent(queryClient, liveEvent('orders'));

    expect(await screen.findByText('Could not refresh the dashboard')).toBeInTheDocument();
    expect(card('Total users')).toHaveTextContent('1,234');
  });
});
