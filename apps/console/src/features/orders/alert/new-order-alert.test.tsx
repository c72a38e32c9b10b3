import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { zones } from '@/testing/fixtures.ts';
import { json, mockApi } from '@/testing/mock-api.ts';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { orderFixture, ordersServer } from '@/testing/orders-test-server.ts';
import { repeatEveryMs } from './new-order-alert.tsx';
import { stubNotifications } from '@/testing/notifications.ts';

const chime = vi.hoisted(() => ({ playChime: vi.fn() }));
vi.mock('./chime.ts', () => chime);

const fresh = orderFixture({ number: 2001, storeName: 'Fresh Mart Jayanagar', billAmountPaise: 45_050 });
const other = orderFixture({ number: 2002, storeName: 'Fresh Mart Andheri' });
// Confirmed by a colleague while this console was being reloaded.
const movedOn = orderFixture({ number: 2003, storeName: 'Fresh Mart Andheri', status: 1 });
beforeAll(() => loadScreensOf('/stores', '/orders', '/orders/any'), LOADING_SCREENS_MS);

function renderShell(entry = '/stores') {
  const server = ordersServer([fresh, other, movedOn]);
  mockApi({
    ...server.handlers,
    'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
    'GET /api/stores': () => json(200, { items: [], total: 0 }),
  });
  return renderApp(entry);
}

function event(action: string, recordId: string) {
  return {
    id: String(Math.random()),
    topic: 'orders' as const,
    action,
    recordId,
    zoneId: null,
    at: new Date().toISOString(),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  chime.playChime.mockClear();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the new-order alert', () => {
  it('rings and shows a new order, and rings again until it is acknowledged', async () => {
    const { queryClient, user } = renderShell();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => applyLiveEvent(queryClient, event('created', fresh.id)));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('#2001 at Fresh Mart Jayanagar, ₹450.50'));
    expect(chime.playChime).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(repeatEveryMs));
    expect(chime.playChime).toHaveBeenCalledTimes(2);
    act(() => applyLiveEvent(queryClient, event('created', other.id)));
    await waitFor(() => expect(within(alert).getByText('2 new orders')).toBeInTheDocument());
    expect(chime.playChime).toHaveBeenCalledTimes(3);

    await user.click(within(alert).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    act(() => vi.advanceTimersByTime(repeatEveryMs * 2));
    expect(chime.playChime).toHaveBeenCalledTimes(3);
  });

  it('ends when the order is opened, or when anyone moves it on', async () => {
    const { queryClient, user, router } = renderShell();
    await screen.findByRole('heading', { level: 1 });

    act(() => applyLiveEvent(queryClient, event('created', fresh.id)));
    await user.click(await screen.findByRole('button', { name: 'View' }));
    expect(router.state.location.pathname).toBe(`/orders/${fresh.id}`);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

    act(() => applyLiveEvent(queryClient, event('created', other.id)));
    await screen.findByRole('alert');
    act(() => applyLiveEvent(queryClient, event('status', other.id)));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('after a reload, shows the orders still waiting at once, without waiting for another new order', async () => {
    // The tab's alert as it was when the page was reloaded: two orders waiting.
    const { queryClient, user } = renderShell();
    await screen.findByRole('heading', { level: 1 });
    act(() => applyLiveEvent(queryClient, event('created', fresh.id)));
    act(() => applyLiveEvent(queryClient, event('created', movedOn.id)));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('2 new orders'));
    cleanup();
    chime.playChime.mockClear();

    renderShell();
    // No live event this time: the alert is there as soon as the console is.
    const alert = await screen.findByRole('alert');
    expect(chime.playChime).toHaveBeenCalled();
    // The server says #2003 was confirmed meanwhile: only #2001 still waits.
    await waitFor(() => expect(within(alert).getByText('New order')).toBeInTheDocument());
    expect(alert).toHaveTextContent('#2001 at Fresh Mart Jayanagar, ₹450.50');

    // Acknowledged, it stays gone after the next reload.
    await user.click(within(alert).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    cleanup();
    renderShell();
    await screen.findByRole('heading', { level: 1 });
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays silent in a browser that muted it, and remembers that', async () => {
    const { queryClient, user } = renderShell();
    await screen.findByRole('heading', { level: 1 });

    act(() => applyLiveEvent(queryClient, event('created', fresh.id)));
    await user.click(await screen.findByRole('button', { name: 'Mute new-order sound' }));
    expect(localStorage.getItem('storedesk.newOrderSound')).toBe('muted');
    const rings = chime.playChime.mock.calls.length;
    act(() => vi.advanceTimersByTime(repeatEveryMs * 3));
    expect(chime.playChime).toHaveBeenCalledTimes(rings);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unmute new-order sound' }));
    act(() => vi.advanceTimersByTime(repeatEveryMs));
    expect(chime.playChime).toHaveBeenCalledTimes(rings + 1);
  });

  it('speaks the language chosen, in the browser’s notification too', async () => {
    const notified = stubNotifications();
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { queryClient } = renderShell();
    await screen.findByRole('navigation', { name: 'मुख्य' });

    act(() => applyLiveEvent(queryClient, event('created', fresh.id)));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('#2001 Fresh Mart Jayanagar पर, ₹450.50'));
    expect(within(alert).getByText('नया ऑर्डर')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'देखें' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'देख लिया' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'नए ऑर्डर की आवाज़ बंद करें' })).toBeInTheDocument();
    // It rang as the event came, before the server had said which order; again, with it named.
    act(() => vi.advanceTimersByTime(repeatEveryMs));
    expect(notified.at(-1)).toEqual({ title: 'नया ऑर्डर', body: '#2001 Fresh Mart Jayanagar पर, ₹450.50' });

    act(() => applyLiveEvent(queryClient, event('created', other.id)));
    await waitFor(() => expect(within(alert).getByText('2 नए ऑर्डर')).toBeInTheDocument());
    expect(notified.at(-1)!.title).toBe('2 नए ऑर्डर');
  });
});
