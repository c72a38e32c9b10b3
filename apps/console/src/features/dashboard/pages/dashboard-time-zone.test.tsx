import type { MeResponse } from '@storedesk/shared/auth/schemas';
import type { Dashboard } from '@storedesk/shared/dashboard/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '@/lib/session.ts';
import { ownerSession, withBusiness, zones } from '@/testing/fixtures.ts';
import { json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';

/*
 * D19: the dashboard's today, week and months are the business's. The server
 * answers them in its zone; the browser here is in Los Angeles, where it is
 * still the 22nd while the business (Kolkata) is on the 23rd.
 */
const browserZone = 'America/Los_Angeles';
const now = new Date('2026-11-22T20:06:00Z'); // 01:36 on the 23rd in Kolkata
let machineZone: string | undefined;

beforeAll(() => {
  machineZone = process.env.TZ;
  process.env.TZ = browserZone;
});
// The screen's code before the first test's clock starts.
beforeAll(() => loadScreensOf('/dashboard'), LOADING_SCREENS_MS);
afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});
afterEach(() => {
  vi.useRealTimers();
});

const days = ['17', '18', '19', '20', '21', '22', '23'].map((day) => `2026-11-${day}`);
const inKolkata: Dashboard = {
  zoneId: null,
  today: '2026-11-23',
  month: '2026-11',
  previousMonth: '2026-10',
  cards: {
    totalUsers: { value: 1, previous: 0, changePercent: 100 },
    totalOrders: { value: 1, previous: 0, changePercent: 100 },
    cancelledOrders: { value: 0, previous: 0, changePercent: 0 },
    earningsPaise: 0,
  },
  ordersOverview: days.map((day) => ({
    day,
    cancelled: 0,
    delivered: 0,
    total: day === '2026-11-23' ? 1 : 0,
  })),
  ordersByStatus: { pending: 1, delivered: 0, cancelled: 0 },
};

/** The owner's session in a business in `timeZone`, with the zone's offset as the server sends it. */
const withZone = (timeZone: string): MeResponse => withBusiness(ownerSession, { timeZone });

function renderDashboard(dashboard: () => Response | Promise<Response> = () => json(200, inKolkata)) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(withZone('Asia/Kolkata')),
    'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
    ...Object.fromEntries(zones.map((zone) => [`GET /api/zones/${zone.id}`, () => json(200, zone)])),
    'GET /api/dashboard': dashboard,
  });
  return { ...renderApp('/dashboard'), api };
}

describe("the dashboard in the business's time zone", () => {
  it("shows the server's business day as today, not the browser's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    expect(new Date().getDate()).toBe(22);
    renderDashboard();

    expect(await screen.findByText('Today, 23/11/2026')).toBeInTheDocument();
    expect(screen.queryByText(/22\/11\/2026/)).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Orders Overview, last 7 days' });
    const lastRow = within(table).getAllByRole('row').at(-1)!;
    expect(within(lastRow).getByRole('rowheader')).toHaveTextContent('23/11');
    expect(screen.getByText('November 2026 so far, compared with October 2026.')).toBeInTheDocument();
  });

  it("names the business's months in the heading before the figures arrive", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 01:30 on 1 December in Kolkata, still 30 November in Los Angeles.
    vi.setSystemTime(new Date('2026-11-30T20:00:00Z'));
    let answer: (response: Response) => void = () => {};
    renderDashboard(() => new Promise<Response>((resolve) => (answer = resolve)));

    expect(await screen.findByText('December 2026 so far, compared with November 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Total users' })).not.toBeInTheDocument();

    // The figures' own months name the heading once they arrive.
    answer(json(200, inKolkata));
    expect(await screen.findByRole('region', { name: 'Total users' })).toBeInTheDocument();
    expect(screen.getByText('November 2026 so far, compared with October 2026.')).toBeInTheDocument();
  });

  it('asks for the figures again when the business changes its time zone', async () => {
    const { api, queryClient } = renderDashboard();
    await screen.findByText('Today, 23/11/2026', {});
    expect(api.callsTo('GET /api/dashboard')).toHaveLength(1);

    // The session as a `business` live event refreshes it after Settings > About saves a new zone.
    queryClient.setQueryData(sessionQueryKey, withZone('UTC'));
    await waitFor(() => expect(api.callsTo('GET /api/dashboard')).toHaveLength(2));
  });
});
