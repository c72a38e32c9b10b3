import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import { orderChangeOf } from '@storedesk/shared/orders/changes';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { act, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { mockApi } from '@/testing/mock-api.ts';
import { orderFixture, ordersServer } from '@/testing/orders-test-server.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

/*
 * B19: a low rating (2 stars or fewer) raises an alert in the console as the customer gives it,
 * named with a link to its order, until dismissed or the order is opened.
 */

// The new-order alert's chime: no sound in a test.
vi.mock('./chime.ts', () => ({ playChime: vi.fn() }));

beforeAll(() => loadScreensOf('/orders', '/orders/any'), LOADING_SCREENS_MS);

const delivered = (number: number, customerName: string) =>
  orderFixture({ number, customerName, status: OrderStatus.Delivered, state: 0 });

let eventId = 700;
/** The live event of the customer rating `order` as given. */
function rated(
  order: OrderDetail,
  stars: number,
  comment: string | null,
  executiveStars: number | null = null,
): LiveEvent {
  const after: OrderDetail = {
    ...order,
    rating: { stars, comment, executiveStars, ratedAt: '2026-11-30T03:00:00.000Z' },
    version: order.version + 1,
    timeline: [
      ...order.timeline,
      {
        id: eventId,
        fromStatus: null,
        toStatus: null,
        dexName: null,
        note: `Rated ${stars} of 5`,
        reason: null,
        kind: 'RATING',
        actorName: `Customer ${order.customerName}`,
        at: '2026-11-30T03:00:00.000Z',
      },
    ],
  };
  eventId += 1;
  return {
    id: String(eventId),
    topic: 'orders',
    action: 'updated',
    recordId: order.id,
    zoneId: order.zoneId,
    at: '2026-11-30T03:00:00.000Z',
    change: orderChangeOf(after),
  };
}

function renderConsole(orders: OrderDetail[], at = '/orders') {
  const server = ordersServer(orders);
  mockApi(server.handlers);
  return renderApp(at);
}

const lowAlert = () => screen.queryByRole('alert', { name: /low rating/i });

describe('the low-rating alert', () => {
  it('names a low rating as it is given, with a link to its order, and goes once the order is opened', async () => {
    const sour = delivered(5101, 'Asha Rao');
    const { user, queryClient } = renderConsole([sour]);
    await screen.findByRole('heading', { level: 1 });
    expect(lowAlert()).not.toBeInTheDocument();

    act(() => applyLiveEvent(queryClient, rated(sour, 1, 'Milk was sour')));
    const alert = await screen.findByRole('alert', { name: 'Low rating' });
    expect(within(alert).getByRole('list')).toHaveTextContent(
      `Order #5101 at ${sour.storeName}: 1 of 5, “Milk was sour”`,
    );
    expect(within(alert).getByRole('link', { name: 'Ratings' })).toHaveAttribute(
      'href',
      '/reports?report=ratings',
    );
    // Under menus and dialogs (1300), above the app bar (1100): it never hides an option being chosen.
    expect(getComputedStyle(alert.closest('[data-testid="bottom-alerts"]')!).zIndex).toBe('1299');
    const { violations } = await axe.run(alert, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.map((violation) => violation.id)).toEqual([]);

    await user.click(within(alert).getByRole('link', { name: 'Order #5101' }));
    expect(await screen.findByRole('heading', { level: 1, name: /#5101/ })).toBeInTheDocument();
    expect(lowAlert()).not.toBeInTheDocument();
  });

  it('names nothing for a good rating, and takes back a low one changed to a good one', async () => {
    const late = delivered(5102, 'Dev Menon');
    const fine = delivered(5103, 'Esha Nair');
    const { queryClient } = renderConsole([late, fine]);
    await screen.findByRole('heading', { level: 1 });

    act(() => applyLiveEvent(queryClient, rated(fine, 4, null)));
    act(() => applyLiveEvent(queryClient, rated(late, 2, null)));
    const alert = await screen.findByRole('alert', { name: 'Low rating' });
    expect(within(alert).getByRole('list')).toHaveTextContent(`Order #5102 at ${late.storeName}: 2 of 5`);

    act(() => applyLiveEvent(queryClient, rated({ ...late, version: late.version + 1 }, 5, 'Sorted out')));
    expect(lowAlert()).not.toBeInTheDocument();
  });

  it('names a rating low by the executive’s stars alone (ADR 0084), and not one whose executive got 3', async () => {
    const slow = delivered(5104, 'Farah Khan');
    const fine = delivered(5105, 'Gopal Rao');
    const { queryClient } = renderConsole([slow, fine]);
    await screen.findByRole('heading', { level: 1 });

    act(() => applyLiveEvent(queryClient, rated(fine, 4, null, 3)));
    expect(lowAlert()).not.toBeInTheDocument();
    act(() => applyLiveEvent(queryClient, rated(slow, 4, 'Rude at the door', 1)));
    const alert = await screen.findByRole('alert', { name: 'Low rating' });
    expect(within(alert).getByRole('list')).toHaveTextContent(
      `Order #5104 at ${slow.storeName}: 4 of 5, the delivery 1 of 5, “Rude at the door”`,
    );
  });

  it('counts several, names the newest three, and Dismiss closes it, on a phone', async () => {
    setViewportWidth(375);
    const orders = [5201, 5202, 5203, 5204].map((number) => delivered(number, `Customer ${number}`));
    const { user, queryClient } = renderConsole(orders);
    await screen.findByRole('heading', { level: 1 });
    for (const order of orders) act(() => applyLiveEvent(queryClient, rated(order, 1, null)));

    const alert = await screen.findByRole('alert', { name: '4 low ratings' });
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Order #5204 at ${orders[3]!.storeName}: 1 of 5`,
      `Order #5203 at ${orders[2]!.storeName}: 1 of 5`,
      `Order #5202 at ${orders[1]!.storeName}: 1 of 5`,
      'and 1 more',
    ]);
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(lowAlert()).not.toBeInTheDocument();
  });

  it('stands with a new order’s alert in one stack, the new order first, so neither covers the other', async () => {
    setViewportWidth(375);
    const waiting = orderFixture({ number: 5301, status: OrderStatus.Placed, state: 1 });
    const sour = delivered(5302, 'Gita Iyer');
    const { queryClient } = renderConsole([waiting, sour]);
    await screen.findByRole('heading', { level: 1 });

    act(() =>
      applyLiveEvent(queryClient, {
        id: 'new-5301',
        topic: 'orders',
        action: 'created',
        recordId: waiting.id,
        zoneId: waiting.zoneId,
        at: '2026-11-30T03:00:00.000Z',
      }),
    );
    act(() => applyLiveEvent(queryClient, rated(sour, 1, null)));
    const low = await screen.findByRole('alert', { name: 'Low rating' });
    const newOrder = await screen.findByRole('alert', { name: /new order/i });
    const stack = screen.getByTestId('bottom-alerts');
    expect([...stack.children]).toEqual([newOrder, low]);
  });

  it('speaks the language chosen: Kannada, the order still a link', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    const late = delivered(5301, 'Ravi K');
    const { queryClient } = renderConsole([late]);
    await screen.findByRole('navigation', { name: 'ಮುಖ್ಯ' });

    act(() => applyLiveEvent(queryClient, rated(late, 4, 'Came late', 1)));
    const alert = await screen.findByRole('alert', { name: 'ಕಡಿಮೆ ರೇಟಿಂಗ್' });
    expect(within(alert).getByRole('list')).toHaveTextContent(
      `ಆರ್ಡರ್ #5301, ${late.storeName}: 5ರಲ್ಲಿ 4, ಡೆಲಿವರಿ 5ರಲ್ಲಿ 1, “Came late”`,
    );
    expect(within(alert).getByRole('link', { name: 'ಆರ್ಡರ್ #5301' })).toHaveAttribute(
      'href',
      `/orders/${late.id}`,
    );
    expect(within(alert).getByRole('link', { name: 'ರೇಟಿಂಗ್‌ಗಳು' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'ಮುಚ್ಚಿ' })).toBeInTheDocument();
  });
});
