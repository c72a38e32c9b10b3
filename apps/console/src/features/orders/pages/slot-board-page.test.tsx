import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import { orderChangeOf } from '@storedesk/shared/orders/changes';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { storeFixture } from '@/testing/fixtures.ts';
import { apiError, mockApi } from '@/testing/mock-api.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { jayanagar, orderFixture } from '@/testing/orders-test-server.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';
import { kolkataSlot, slotOrdersServer } from '@/features/orders/testing/slot-orders-server.ts';

/*
 * B19: the board of the orders booked for delivery slots, a day at a time, by slot and store, with
 * each store's bookings out of its capacity, and "Start preparing" on an order not yet picked up
 * once its store's cut-off before the slot has come. It is Tuesday 1 December 2026, 07:30 in Kolkata.
 */

const today = '2026-12-01';
const tomorrow = '2026-12-02';
const opening = new Date('2026-12-01T02:00:00.000Z');

const indiranagar = storeFixture({
  deliverySlots: { lengthMinutes: 60, capacity: 5, daysAhead: 3, cutoffMinutes: 60 },
});
const jayanagarSlots = storeFixture({
  id: jayanagar.id,
  name: jayanagar.name,
  deliverySlots: { lengthMinutes: 60, capacity: 3, daysAhead: 1, cutoffMinutes: 30 },
});

const nine = kolkataSlot(today, '09:00', '10:00');
const early = kolkataSlot(today, '07:00', '08:00');
const eleven = kolkataSlot(today, '11:00', '12:00');
const atJayanagar = { storeId: jayanagar.id, storeName: jayanagar.name };

const asha = orderFixture({ number: 3001, customerName: 'Asha Rao', slot: nine });
const bharat = orderFixture({
  number: 3002,
  customerName: 'Bharat Shah',
  slot: nine,
  status: OrderStatus.Confirmed,
});
const chitra = orderFixture({
  number: 3003,
  customerName: 'Chitra Iyer',
  slot: nine,
  status: OrderStatus.PickedUp,
});
const dev = orderFixture({ number: 3004, customerName: 'Dev Menon', slot: nine, ...atJayanagar });
const esha = orderFixture({ number: 3005, customerName: 'Esha Nair', slot: eleven });
const farah = orderFixture({
  number: 3006,
  customerName: 'Farah Khan',
  slot: early,
  status: OrderStatus.Delivered,
});
const gita = orderFixture({
  number: 3007,
  customerName: 'Gita Pillai',
  slot: early,
  status: OrderStatus.Cancelled,
});
const asap = orderFixture({ number: 3008, customerName: 'Hari Asap' });
const tomorrows = orderFixture({
  number: 3010,
  customerName: 'Indu Tomorrow',
  slot: kolkataSlot(tomorrow, '10:00', '11:00'),
});
const everyOrder = [asha, bharat, chitra, dev, esha, farah, gita, asap, tomorrows];

beforeAll(() => loadScreensOf('/orders/slots', '/orders'), LOADING_SCREENS_MS);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(opening);
});
afterEach(() => {
  vi.useRealTimers();
});

function render(
  entry = '/orders/slots',
  orders: OrderDetail[] = everyOrder,
  overrides: Record<string, Handler> = {},
) {
  const server = slotOrdersServer(orders, [indiranagar, jayanagarSlots]);
  const api = mockApi({ ...server.handlers, ...overrides });
  return { ...renderApp(entry), api, server };
}

const slotSection = (name: string) => screen.getByRole('region', { name });
// The board's own links: the preparation alert, outside the page, names orders too.
const orderLink = (number: number) =>
  within(screen.getByRole('main')).getByRole('link', { name: `Order #${number}` });
const rowOf = (number: number) => {
  const row = orderLink(number).closest('li');
  if (!row) throw new Error(`no row for #${number}`);
  return row;
};
/** The reads of booked orders, each once: the board's and the shell's preparation alert's. */
const slotReads = (api: ReturnType<typeof render>['api']) => [
  ...new Set(
    api
      .callsTo('GET /api/orders')
      .filter((call) => call.query.get('slotDay') !== null)
      .map((call) => call.query.toString()),
  ),
];

describe('the slots board', () => {
  it('shows today’s bookings by slot and store, with each store’s bookings out of its capacity', async () => {
    const { api } = render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders by slot' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Tue 01/12, 09:00 AM – 10:00 AM' });

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Tue 01/12, 07:00 AM – 08:00 AM',
      'Tue 01/12, 09:00 AM – 10:00 AM',
      'Tue 01/12, 11:00 AM – 12:00 PM',
    ]);
    const atNine = within(slotSection('Tue 01/12, 09:00 AM – 10:00 AM'));
    expect(atNine.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Fresh Mart Indiranagar · 3 of 5 booked',
      'Fresh Mart Jayanagar · 1 of 3 booked',
    ]);
    expect(atNine.getByText('Preparation from 08:00 AM')).toBeInTheDocument();
    expect(atNine.getByText('Preparation from 08:30 AM')).toBeInTheDocument();
    expect(within(rowOf(3001)).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(rowOf(3001)).getByText('Placed')).toBeInTheDocument();
    expect(within(rowOf(3001)).getByText('₹311.00')).toBeInTheDocument();
    expect(orderLink(3001)).toHaveAttribute('href', `/orders/${asha.id}`);
    expect(within(rowOf(3003)).getByText('Picked Up')).toBeInTheDocument();

    // A delivered order still holds its place; a cancelled one gave it back, and one for as soon
    // as possible is no slot's.
    const atSeven = within(slotSection('Tue 01/12, 07:00 AM – 08:00 AM'));
    expect(atSeven.getByRole('heading', { level: 3 })).toHaveTextContent(
      'Fresh Mart Indiranagar · 1 of 5 booked',
    );
    expect(within(rowOf(3006)).getByText('Delivered')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.queryByRole('link', { name: 'Order #3007' })).not.toBeInTheDocument();
    expect(main.queryByRole('link', { name: 'Order #3008' })).not.toBeInTheDocument();
    expect(screen.getByText('6 orders booked for 01/12/2026')).toBeInTheDocument();

    // The board asks for both views of the day; the alert, for today's and tomorrow's open orders.
    expect(slotReads(api).sort()).toEqual([
      `view=active&slotDay=${today}&sort=slot&page=0&pageSize=25`,
      `view=active&slotDay=${tomorrow}&sort=slot&page=0&pageSize=25`,
      `view=completed&slotDay=${today}&sort=slot&page=0&pageSize=25`,
    ]);
  });

  it('offers the days ahead as far as a store takes bookings, and says when a day has none', async () => {
    const { api, user, router } = render();
    const tabs = await screen.findByRole('tablist', { name: 'Day' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Today', 'Tomorrow', '03/12/2026', '04/12/2026']),
    );
    expect(within(tabs).getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(tabs).getByRole('tab', { name: 'Tomorrow' }));
    await screen.findByRole('heading', { level: 2, name: 'Wed 02/12, 10:00 AM – 11:00 AM' });
    expect(router.state.location.search).toBe(`?day=${tomorrow}`);
    expect(orderLink(3010)).toBeInTheDocument();
    expect(slotReads(api)).toContain(`view=completed&slotDay=${tomorrow}&sort=slot&page=0&pageSize=25`);

    await user.click(within(tabs).getByRole('tab', { name: '03/12/2026' }));
    expect(await screen.findByText('No orders booked for 03/12/2026')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  it('speaks Kannada: the title, the days, each slot and store, and an empty day', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    const { user } = render();
    expect(await screen.findByRole('heading', { level: 1, name: 'ಸ್ಲಾಟ್ ಪ್ರಕಾರ ಆರ್ಡರ್‌ಗಳು' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'ದಿನ' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['ಇಂದು', 'ನಾಳೆ', '03/12/2026', '04/12/2026']),
    );
    await screen.findByRole('heading', { level: 2, name: 'ಮಂಗಳ 01/12, 09:00 AM – 10:00 AM' });
    const atNine = within(slotSection('ಮಂಗಳ 01/12, 09:00 AM – 10:00 AM'));
    expect(atNine.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Fresh Mart Indiranagar · 5 ರಲ್ಲಿ 3 ಬುಕ್ ಆಗಿವೆ',
      'Fresh Mart Jayanagar · 3 ರಲ್ಲಿ 1 ಬುಕ್ ಆಗಿವೆ',
    ]);
    expect(atNine.getByText('ತಯಾರಿ 08:00 AM ರಿಂದ')).toBeInTheDocument();
    expect(screen.getByText('01/12/2026 ಕ್ಕೆ 6 ಆರ್ಡರ್‌ಗಳು ಬುಕ್ ಆಗಿವೆ')).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: '03/12/2026' }));
    expect(await screen.findByText('03/12/2026 ಕ್ಕೆ ಯಾವುದೇ ಆರ್ಡರ್ ಬುಕ್ ಆಗಿಲ್ಲ')).toBeInTheDocument();
  });

  it('says “No orders booked for tomorrow” on an empty tomorrow', async () => {
    render(`/orders/slots?day=${tomorrow}`, [asha]);
    expect(await screen.findByText('No orders booked for tomorrow')).toBeInTheDocument();
    expect(
      screen.getByText('Orders customers book for a slot of this day show here as they come in.'),
    ).toBeInTheDocument();
  });

  it('says when no store delivers in slots yet, and offers the stores', async () => {
    const server = slotOrdersServer(
      [],
      [storeFixture(), storeFixture({ id: jayanagar.id, name: jayanagar.name })],
    );
    mockApi(server.handlers);
    renderApp('/orders/slots');
    expect(await screen.findByText('No orders booked for today')).toBeInTheDocument();
    expect(
      screen.getByText(
        'None of the stores delivers in slots yet: a store takes orders for later once its delivery slots are set.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to stores' })).toHaveAttribute('href', '/stores');
  });

  it('marks an order not yet picked up “Start preparing” once its store’s cut-off before the slot has come', async () => {
    render();
    await screen.findByRole('heading', { level: 2, name: 'Tue 01/12, 09:00 AM – 10:00 AM' });
    expect(screen.queryByText('Start preparing')).not.toBeInTheDocument();

    // 08:00: an hour before 09:00, Fresh Mart Indiranagar's cut-off.
    act(() => vi.advanceTimersByTime(30 * 60_000));
    const main = within(screen.getByRole('main'));
    await waitFor(() => expect(main.getAllByText('Start preparing')).toHaveLength(2));
    expect(within(rowOf(3001)).getByText('Start preparing')).toBeInTheDocument();
    expect(within(rowOf(3002)).getByText('Start preparing')).toBeInTheDocument();
    expect(within(rowOf(3003)).queryByText('Start preparing')).not.toBeInTheDocument();
    expect(within(rowOf(3004)).queryByText('Start preparing')).not.toBeInTheDocument();
    expect(within(rowOf(3005)).queryByText('Start preparing')).not.toBeInTheDocument();

    // 08:30: half an hour before 09:00, Fresh Mart Jayanagar's.
    act(() => vi.advanceTimersByTime(30 * 60_000));
    await waitFor(() => expect(within(rowOf(3004)).getByText('Start preparing')).toBeInTheDocument());
    expect(main.getAllByText('Start preparing')).toHaveLength(3);
  });

  it('asks for one store’s bookings when the store filter names it, and keeps it in the URL', async () => {
    const { api, user, router } = render();
    await screen.findByRole('heading', { level: 2, name: 'Tue 01/12, 09:00 AM – 10:00 AM' });
    await user.click(screen.getByRole('combobox', { name: 'Store' }));
    await user.click(await screen.findByRole('option', { name: 'Fresh Mart Jayanagar' }));

    await waitFor(() =>
      expect(
        within(screen.getByRole('main')).queryByRole('link', { name: 'Order #3001' }),
      ).not.toBeInTheDocument(),
    );
    expect(orderLink(3004)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?storeId=${jayanagar.id}`);
    const asked = api.callsTo('GET /api/orders').at(-1)!.query;
    expect(asked.get('storeId')).toBe(jayanagar.id);
    expect(asked.get('slotDay')).toBe(today);
  });

  it('takes a new booking from its live event into its slot, counted, without asking again', async () => {
    const { api, queryClient } = render();
    await screen.findByRole('heading', { level: 2, name: 'Tue 01/12, 09:00 AM – 10:00 AM' });
    const reads = api.callsTo('GET /api/orders').length;

    const booked = orderFixture({ number: 3020, customerName: 'Jaya New', slot: nine });
    const event: LiveEvent = {
      id: '700',
      topic: 'orders',
      action: 'created',
      recordId: booked.id,
      zoneId: booked.zoneId,
      at: new Date().toISOString(),
      change: orderChangeOf(booked),
    };
    act(() => applyLiveEvent(queryClient, event));

    expect(await screen.findByRole('link', { name: 'Order #3020' })).toBeInTheDocument();
    expect(
      within(slotSection('Tue 01/12, 09:00 AM – 10:00 AM')).getAllByRole('heading', { level: 3 })[0],
    ).toHaveTextContent('Fresh Mart Indiranagar · 4 of 5 booked');
    expect(api.callsTo('GET /api/orders').length).toBe(reads);
  });

  it('says what failed, and shows the board on Try again', async () => {
    let fail = true;
    const server = slotOrdersServer(everyOrder, [indiranagar, jayanagarSlots]);
    const { user } = render('/orders/slots', everyOrder, {
      'GET /api/orders': (call) =>
        fail && call.query.get('slotDay') === today
          ? apiError(500, 'internal', 'Something went wrong on our side')
          : server.handlers['GET /api/orders']!(call),
    });
    expect(await screen.findByText('Could not load the orders booked for this day')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await within(screen.getByRole('main')).findByRole('link', { name: 'Order #3001' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Could not load the orders booked for this day')).not.toBeInTheDocument();
  });

  it('has no axe findings, on a wide screen and a phone', async () => {
    const { unmount } = render();
    await screen.findByRole('heading', { level: 2, name: 'Tue 01/12, 09:00 AM – 10:00 AM' });
    act(() => vi.advanceTimersByTime(30 * 60_000));
    await within(screen.getByRole('main')).findAllByText('Start preparing');
    await noAxeFindings(screen.getByRole('main'));
    unmount();

    setViewportWidth(375);
    render();
    await screen.findByRole('heading', { level: 2, name: 'Tue 01/12, 09:00 AM – 10:00 AM' });
    expect(within(rowOf(3001)).getByText('Asha Rao')).toBeInTheDocument();
    await noAxeFindings(screen.getByRole('main'));
  });

  it('is reached from the orders list', async () => {
    const { user, router } = render('/orders');
    await user.click(await screen.findByRole('link', { name: 'Orders by slot' }));
    expect(router.state.location.pathname).toBe('/orders/slots');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders by slot' })).toBeInTheDocument();
  });
});

async function noAxeFindings(element: HTMLElement) {
  const { violations } = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
  ).toEqual([]);
}
