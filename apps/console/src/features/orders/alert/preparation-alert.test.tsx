import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import { orderChangeOf } from '@storedesk/shared/orders/changes';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { storeFixture } from '@/testing/fixtures.ts';
import { mockApi } from '@/testing/mock-api.ts';
import { jayanagar, orderFixture } from '@/testing/orders-test-server.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { kolkataSlot, slotOrdersServer } from '@/features/orders/testing/slot-orders-server.ts';
import { slotText } from '@storedesk/web/times';
import { setNewOrderSoundMuted } from './alert-sound-preference.ts';
import { stubNotifications } from '@/testing/notifications.ts';

const chime = vi.hoisted(() => ({ playChime: vi.fn() }));
vi.mock('./chime.ts', () => chime);

/*
 * B19: while someone is signed in, an order booked for a slot raises an alert when its store should
 * start on it (the slot's start less the store's cut-off), once per order in this browser. It is
 * Tuesday 1 December 2026, 07:50 in Kolkata; Fresh Mart Indiranagar stops taking orders for a slot
 * an hour before it, Fresh Mart Jayanagar half an hour before.
 */

const today = '2026-12-01';
const indiranagar = storeFixture({
  deliverySlots: { lengthMinutes: 60, capacity: 5, daysAhead: 2, cutoffMinutes: 60 },
});
const jayanagarSlots = storeFixture({
  id: jayanagar.id,
  name: jayanagar.name,
  deliverySlots: { lengthMinutes: 60, capacity: 3, daysAhead: 1, cutoffMinutes: 30 },
});

const nine = kolkataSlot(today, '09:00', '10:00');
const asha = orderFixture({ number: 4001, customerName: 'Asha Rao', slot: nine });
const pickedUp = orderFixture({ number: 4002, slot: nine, status: OrderStatus.PickedUp });
const dev = orderFixture({
  number: 4003,
  customerName: 'Dev Menon',
  slot: nine,
  storeId: jayanagar.id,
  storeName: jayanagar.name,
});
// Just after midnight tomorrow: an hour's cut-off starts it before today ends.
const pastMidnight = orderFixture({
  number: 4004,
  customerName: 'Esha Nair',
  slot: kolkataSlot('2026-12-02', '00:30', '01:30'),
  status: OrderStatus.Confirmed,
});

beforeAll(() => loadScreensOf('/stores', '/orders/any'), LOADING_SCREENS_MS);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-12-01T02:20:00.000Z'));
  chime.playChime.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderShell(orders: OrderDetail[] = [asha, pickedUp, dev], entry = '/stores') {
  const server = slotOrdersServer(orders, [indiranagar, jayanagarSlots]);
  const api = mockApi(server.handlers);
  return { ...renderApp(entry), api, server };
}

const minutes = (count: number) => act(() => vi.advanceTimersByTime(count * 60_000));

describe('the preparation alert', () => {
  it('comes when the store should start on an order, with a link to it, and rings once', async () => {
    const { api } = renderShell();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(api.callsTo(`GET /api/stores/${jayanagar.id}`)).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // 08:00, an hour before Fresh Mart Indiranagar's 09:00 slot.
    minutes(10);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Start preparing')).toBeInTheDocument();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Order #4001 at Fresh Mart Indiranagar, Tue 01/12, 09:00 AM – 10:00 AM']);
    expect(within(alert).getByRole('link', { name: 'Order #4001' })).toHaveAttribute(
      'href',
      `/orders/${asha.id}`,
    );
    expect(chime.playChime).toHaveBeenCalledTimes(1);

    // 08:30, Fresh Mart Jayanagar's half hour: the alert names both, and rings for the new one.
    minutes(30);
    await waitFor(() => expect(within(alert).getByText('Start preparing 2 orders')).toBeInTheDocument());
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Order #4001 at Fresh Mart Indiranagar, Tue 01/12, 09:00 AM – 10:00 AM',
      'Order #4003 at Fresh Mart Jayanagar, Tue 01/12, 09:00 AM – 10:00 AM',
    ]);
    expect(chime.playChime).toHaveBeenCalledTimes(2);
  });

  it('is shown once per order in this browser: dismissed, it does not come back after a reload', async () => {
    const { user } = renderShell([asha]);
    await screen.findByRole('heading', { level: 1 });
    minutes(10);
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

    // The console opened again in this browser, later on.
    cleanup();
    renderShell([asha]);
    await screen.findByRole('heading', { level: 1 });
    minutes(5);
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(chime.playChime).toHaveBeenCalledTimes(1);
  });

  it('stays across a reload until dismissed, without ringing again', async () => {
    renderShell([asha]);
    await screen.findByRole('heading', { level: 1 });
    minutes(10);
    await screen.findByRole('alert');
    expect(chime.playChime).toHaveBeenCalledTimes(1);

    cleanup();
    renderShell([asha]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Order #4001 at Fresh Mart Indiranagar');
    expect(chime.playChime).toHaveBeenCalledTimes(1);
  });

  it('leaves when the order is picked up, and when it is opened', async () => {
    const { queryClient, server, user, router } = renderShell([asha, dev]);
    await screen.findByRole('heading', { level: 1 });
    minutes(40);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getByText('Start preparing 2 orders')).toBeInTheDocument());

    server.replace(asha.id, { status: OrderStatus.PickedUp, version: 2 });
    const event: LiveEvent = {
      id: '800',
      topic: 'orders',
      action: 'status',
      recordId: asha.id,
      zoneId: asha.zoneId,
      at: new Date().toISOString(),
      change: orderChangeOf(server.order(asha.id)!),
    };
    act(() => applyLiveEvent(queryClient, event));
    await waitFor(() => expect(within(alert).getByText('Start preparing')).toBeInTheDocument());
    expect(within(alert).queryByText(/#4001/)).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('link', { name: 'Order #4003' }));
    expect(router.state.location.pathname).toBe(`/orders/${dev.id}`);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('is silent when the order sound is muted in this browser, but still shown', async () => {
    setNewOrderSoundMuted(true);
    renderShell([asha]);
    await screen.findByRole('heading', { level: 1 });
    minutes(10);
    expect(await screen.findByRole('alert')).toHaveTextContent('Order #4001');
    expect(chime.playChime).not.toHaveBeenCalled();
  });

  it('watches tomorrow’s bookings too, for a slot whose preparation starts today', async () => {
    const { api } = renderShell([pastMidnight]);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(api.callsTo('GET /api/orders').map((call) => call.query.get('slotDay'))).toEqual([
        '2026-12-01',
        '2026-12-02',
      ]),
    );
    // 23:30 tonight, an hour before the 00:30 slot: one timer, set from the data, wakes the alert.
    minutes(15 * 60 + 39);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    minutes(1);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Order #4004 at Fresh Mart Indiranagar, Wed 02/12, 12:30 AM – 01:30 AM',
    );
  });

  it('speaks the language chosen: the slot in Hindi’s words, in the browser’s notification too', async () => {
    const notified = stubNotifications();
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderShell([asha]);
    await screen.findByRole('navigation', { name: 'मुख्य' });
    minutes(10);
    const alert = await screen.findByRole('alert');
    const slot = slotText('hi', nine, 'Asia/Kolkata');
    expect(slot).toMatch(/^मंगल 01\/12, 09:00 \S+ – 10:00 \S+$/);
    expect(within(alert).getByText('तैयारी शुरू करें')).toBeInTheDocument();
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      `ऑर्डर #4001 Fresh Mart Indiranagar पर, ${slot}`,
    );
    expect(within(alert).getByRole('link', { name: 'ऑर्डर #4001' })).toHaveAttribute(
      'href',
      `/orders/${asha.id}`,
    );
    expect(within(alert).getByRole('link', { name: 'स्लॉट के अनुसार ऑर्डर' })).toBeInTheDocument();
    expect(notified).toEqual([
      { title: 'तैयारी शुरू करें', body: `ऑर्डर #4001 Fresh Mart Indiranagar पर, ${slot}` },
    ]);
  });
});
