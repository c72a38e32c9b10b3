import type { Dispatch, DispatchExecutive, DispatchOrder } from '@storedesk/shared/delivery/schemas';
import { formatAge, formatDateTime } from '@storedesk/shared/dates';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { adminSession } from '@/testing/fixtures.ts';
import { FakeEventSource } from '@/testing/fake-event-source.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';

beforeAll(() => loadScreensOf('/dispatch'), LOADING_SCREENS_MS);
beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

const timeZone = adminSession.business.timeZone;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 5_000).toISOString();

const ravi: DispatchExecutive = {
  id: 'e0000000-0000-4000-8000-000000000001',
  name: 'Ravi Kumar',
  phone: '+91-9000000001',
  zoneId: 'z1',
  onDuty: true,
  lat: 12.97,
  lng: 77.64,
  accuracy: 12,
  seenAt: minutesAgo(2),
  openOrders: 2,
};
const meena: DispatchExecutive = {
  ...ravi,
  id: 'e0000000-0000-4000-8000-000000000002',
  name: 'Meena Das',
  onDuty: false,
  seenAt: '2026-11-26T05:30:00.000Z',
  openOrders: 0,
};

function orderOf(number: number, changes: Partial<DispatchOrder>): DispatchOrder {
  return {
    id: `f0000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
    number,
    zoneId: 'z1',
    storeId: 'a0000000-0000-4000-8000-000000000001',
    storeName: 'Fresh Mart Indiranagar',
    customerName: 'Asha Rao',
    status: 0,
    placedAt: minutesAgo(3),
    dexId: null,
    dexName: null,
    lat: 12.98,
    lng: 77.65,
    address: '42, 12th Main',
    version: 1,
    ...changes,
  };
}

const waiting = orderOf(1001, { placedAt: minutesAgo(14) });
const fresh = orderOf(1002, { placedAt: minutesAgo(4), customerName: 'Bala' });
const assigned = orderOf(1003, {
  status: 1,
  placedAt: minutesAgo(40),
  dexId: ravi.id,
  dexName: ravi.name,
});

function boardOf(changes: Partial<Dispatch> = {}): Dispatch {
  return {
    executives: [ravi, meena],
    stores: [
      {
        id: 'a0000000-0000-4000-8000-000000000001',
        name: 'Fresh Mart Indiranagar',
        zoneId: 'z1',
        lat: 12.9716,
        lng: 77.6412,
      },
    ],
    orders: [fresh, waiting, assigned],
    waitMinutes: 10,
    maxOpenOrdersPerExecutive: 5,
    ...changes,
  };
}

function renderDispatch(first: Dispatch, overrides: Record<string, Handler> = {}) {
  const state = { board: first };
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    'GET /api/dispatch': () => json(200, state.board),
    'GET /api/map/tiles': () => json(200, { url: null, attribution: '' }),
    ...overrides,
  });
  return { ...renderApp('/dispatch'), api, state };
}

const positions = () =>
  FakeEventSource.instances.find((source) => source.url.startsWith('/api/dispatch/positions'));

describe('Dispatch', () => {
  it('shows the map and lists the executives and open orders, marking in words one that waited too long', async () => {
    renderDispatch(boardOf());

    expect(await screen.findByRole('heading', { level: 1, name: 'Dispatch' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Dispatch map' })).toBeInTheDocument();

    const executives = screen.getByRole('list', { name: 'Delivery executives' });
    const rows = within(executives).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ravi KumarOn dutyPosition 2 min ago · 2 of 5 open',
      `Meena DasOff dutyPosition ${formatAge(meena.seenAt!)} · 0 of 5 open`,
    ]);
    // When it was read, in the business's time zone, is a hover away.
    expect(within(rows[0]!).getByText('Position 2 min ago')).toHaveAttribute(
      'title',
      formatDateTime(ravi.seenAt!, timeZone),
    );

    const orders = within(screen.getByRole('list', { name: 'Open orders' })).getAllByRole('listitem');
    // The one waiting too long comes first, and says so in words.
    expect(orders[0]).toHaveTextContent('Order #1001');
    expect(within(orders[0]!).getByText('Waiting 14 min')).toBeInTheDocument();
    expect(within(orders[0]!).getByRole('link', { name: 'Order #1001' })).toHaveAttribute(
      'href',
      `/orders/${waiting.id}`,
    );
    expect(orders.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining('Order #1002'),
      expect.stringContaining('Order #1003'),
    ]);
    // Not waiting too long yet (4 of 10 min), nor with an executive (40 min but assigned).
    for (const row of orders.slice(1)) expect(row).not.toHaveTextContent(/Waiting/);
    expect(orders[2]).toHaveTextContent('Executive: Ravi Kumar');
  });

  it('puts the on-duty executives on the map, each marker named after them', async () => {
    renderDispatch(boardOf());
    const map = await screen.findByRole('region', { name: 'Dispatch map' });
    const marker = await within(map).findByTitle('Ravi Kumar');
    expect(marker).toHaveAttribute('aria-label', 'Ravi Kumar');
    expect(within(map).getAllByTestId('executive-marker')).toHaveLength(1);
    expect(within(map).queryByTitle('Meena Das')).not.toBeInTheDocument();
    // An order waiting too long says so on its marker too.
    expect(within(map).getByTitle('Order #1001, waiting 14 min')).toBeInTheDocument();
    expect(within(map).getByTitle('Order #1002')).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
  });

  it('moves an executive as positions arrive, without reading the board again', async () => {
    // The clock stands still (timers run): a position read 8 s before now is "8 s ago", exactly.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { api } = renderDispatch(boardOf());
    await screen.findByRole('list', { name: 'Delivery executives' });
    await waitFor(() => expect(positions()).toBeDefined());
    expect(positions()!.url).toBe('/api/dispatch/positions');
    const seenAt = new Date(Date.now() - 8_000).toISOString();
    act(() =>
      positions()!.onmessage?.(
        new MessageEvent('message', {
          data: JSON.stringify({ positions: [{ id: ravi.id, lat: 12.99, lng: 77.7, accuracy: 8, seenAt }] }),
        }),
      ),
    );
    const executives = screen.getByRole('list', { name: 'Delivery executives' });
    const raviRow = () => within(executives).getByText('Ravi Kumar').closest('li')!;
    await waitFor(() =>
      expect(within(raviRow()).getByText(/^Position /)).toHaveAttribute('dateTime', seenAt),
    );
    // Read 8 s ago: its age counts in seconds.
    expect(within(raviRow()).getByText(/^Position /)).toHaveTextContent(/^Position 8 s ago$/);
    expect(api.callsTo('GET /api/dispatch')).toHaveLength(1);

    // A reconnected stream reads the board again for what it missed.
    act(() => positions()!.open());
    await waitFor(() => expect(api.callsTo('GET /api/dispatch')).toHaveLength(2));
  });

  it('refreshes when an executive goes on or off duty', async () => {
    const { state, queryClient } = renderDispatch(boardOf());
    await screen.findByText('Ravi Kumar', { selector: 'li span' });
    state.board = boardOf({ executives: [ravi, { ...meena, onDuty: true }] });
    act(() =>
      applyLiveEvent(queryClient, {
        id: '1',
        topic: 'dispatch',
        action: 'updated',
        recordId: meena.id,
        zoneId: 'z1',
        at: new Date().toISOString(),
      }),
    );
    const executives = screen.getByRole('list', { name: 'Delivery executives' });
    await waitFor(() => expect(within(executives).queryByText('Off duty')).not.toBeInTheDocument());
  });

  it('says when no one is on duty', async () => {
    renderDispatch(boardOf({ executives: [meena], orders: [] }));
    expect(await screen.findByText('No one is on duty')).toBeInTheDocument();
    expect(screen.getByText('No open orders')).toBeInTheDocument();
    expect(screen.getByText(/No one is on duty right now/)).toBeInTheDocument();
  });

  it('says when it could not load, and Try again loads it', async () => {
    let fail = true;
    const { user } = renderDispatch(boardOf(), {
      'GET /api/dispatch': () =>
        fail ? apiError(500, 'internal', 'Something went wrong') : json(200, boardOf()),
    });
    expect(await screen.findByText('Could not load dispatch')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Open orders' })).toBeInTheDocument();
  });
});

describe('Dispatch in the language chosen', () => {
  it('speaks Hindi: the title, the map and its legend, the executives, the open orders and their statuses', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    onTestFinished(() => localStorage.removeItem('storedesk:console:language'));
    renderDispatch(boardOf());

    expect(await screen.findByRole('heading', { level: 1, name: 'डिस्पैच' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'बकाया नकद' })).toHaveAttribute('href', '/dispatch/cash');
    expect(screen.getByRole('link', { name: 'भुगतान' })).toHaveAttribute('href', '/dispatch/payouts');
    const map = await screen.findByRole('region', { name: 'डिस्पैच मैप' });
    expect(screen.getByText('ड्यूटी पर एग्ज़ीक्यूटिव')).toBeInTheDocument();
    expect(screen.getByText('“!” एग्ज़ीक्यूटिव का इंतज़ार')).toBeInTheDocument();
    expect(
      screen.getByText(
        '1 ड्यूटी पर, 1 मैप पर। जिन ऑर्डर को 10 मिनट से ज़्यादा समय से एग्ज़ीक्यूटिव नहीं मिला, उन पर “इंतज़ार” लिखा है।',
      ),
    ).toBeInTheDocument();
    // The waiting order's marker says so in Hindi too.
    expect(await within(map).findByTitle('ऑर्डर #1001, इंतज़ार: 14 मिनट')).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'ज़ूम इन करें' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'ज़ूम आउट करें' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'डिलीवरी एग्ज़ीक्यूटिव (2)' })).toBeInTheDocument();
    const executives = within(screen.getByRole('list', { name: 'डिलीवरी एग्ज़ीक्यूटिव' })).getAllByRole(
      'listitem',
    );
    expect(executives.map((row) => row.textContent)).toEqual([
      'Ravi Kumarड्यूटी परजगह: 2 मिनट पहले · 5 में से 2 चालू',
      expect.stringMatching(/^Meena Dasड्यूटी पर नहींजगह: \d+ दिन पहले · 5 में से 0 चालू$/),
    ]);

    expect(screen.getByRole('heading', { level: 2, name: 'चालू ऑर्डर (3)' })).toBeInTheDocument();
    const orders = within(screen.getByRole('list', { name: 'चालू ऑर्डर' })).getAllByRole('listitem');
    expect(within(orders[0]!).getByRole('link', { name: 'ऑर्डर #1001' })).toBeInTheDocument();
    expect(within(orders[0]!).getByText('इंतज़ार: 14 मिनट')).toBeInTheDocument();
    expect(orders[0]).toHaveTextContent('ऑर्डर आया');
    expect(orders[0]).toHaveTextContent('अभी कोई एग्ज़ीक्यूटिव नहीं');
    expect(orders[2]).toHaveTextContent('कन्फ़र्म');
    expect(orders[2]).toHaveTextContent('एग्ज़ीक्यूटिव: Ravi Kumar');
  });

  it('says in Hindi when no one is on duty and no order is open', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    onTestFinished(() => localStorage.removeItem('storedesk:console:language'));
    renderDispatch(boardOf({ executives: [meena], orders: [] }));
    expect(await screen.findByText('कोई ड्यूटी पर नहीं है')).toBeInTheDocument();
    expect(screen.getByText('कोई चालू ऑर्डर नहीं')).toBeInTheDocument();
    expect(screen.getByText('नए ऑर्डर आते ही यहाँ दिखेंगे।')).toBeInTheDocument();
    expect(screen.getByText(/^अभी कोई ड्यूटी पर नहीं है।/)).toBeInTheDocument();
  });

  it('says in Kannada that there are no executives yet, with the way to add one', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    onTestFinished(() => localStorage.removeItem('storedesk:console:language'));
    renderDispatch(boardOf({ executives: [], orders: [] }));
    expect(await screen.findByText('ಇನ್ನೂ ಡೆಲಿವರಿ ಎಕ್ಸಿಕ್ಯೂಟಿವ್‌ಗಳಿಲ್ಲ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ಡೆಲಿವರಿ ಎಕ್ಸಿಕ್ಯೂಟಿವ್ ಸೇರಿಸಿ' })).toHaveAttribute('href', '/dexs/add');
    expect(screen.getByText('ಸಕ್ರಿಯ ಆರ್ಡರ್‌ಗಳಿಲ್ಲ')).toBeInTheDocument();
  });
});
