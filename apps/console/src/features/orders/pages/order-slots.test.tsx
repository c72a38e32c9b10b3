import type { MeResponse } from '@storedesk/shared/auth/schemas';
import type { OrderBill } from '@storedesk/shared/orders/invoice';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, withBusiness, zones } from '@/testing/fixtures.ts';
import { json, mockApi } from '@/testing/mock-api.ts';
import { orderFixture, ordersServer } from '@/testing/orders-test-server.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

/*
 * B19: an order booked for a delivery slot says so on the orders lists (a badge under when it was
 * placed), on its page ("Delivery slot"; "As soon as possible" for one without) and, boxed, on its
 * kitchen ticket and bill. Every time is the business's: 09:00–10:00 on Tuesday 1 December 2026 in
 * Kolkata is Monday evening in New York.
 */

const slot = { startsAt: '2026-12-01T03:30:00.000Z', endsAt: '2026-12-01T04:30:00.000Z' };
const booked = orderFixture({ number: 2001, customerName: 'Sana Slot', slot });
const asap = orderFixture({ number: 2002, customerName: 'Arjun Asap' });
const deliveredBooked = orderFixture({ number: 2003, customerName: 'Dina Done', status: -2, slot });

function renderOrders(
  entry: string,
  session: MeResponse = adminSession,
  orders = [booked, asap, deliveredBooked],
) {
  const server = ordersServer(orders, session);
  const api = mockApi({
    ...server.handlers,
    'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
  });
  return { ...renderApp(entry), api };
}

function renderPrint(path: string, order: OrderDetail) {
  const server = ordersServer([order], adminSession);
  const { timeline: _timeline, ...rest } = order;
  const bill: OrderBill = {
    business: { name: 'Demo Fresh Mart', logoUrl: null, gstin: null, timeZone: 'Asia/Kolkata' },
    store: { name: order.storeName, address: '100 Feet Road', phone: '+91-9876543210' },
    order: { ...rest, items: order.items.map((line) => ({ ...line, gstRate: 5, hsn: null })) },
    invoice: null,
    creditNotes: [],
  };
  mockApi({ ...server.handlers, [`POST /api/orders/${order.id}/bill`]: () => json(200, bill) });
  return renderApp(path);
}

beforeAll(() => loadScreensOf('/orders', '/orders/completed', '/orders/any'), LOADING_SCREENS_MS);

function rowOf(text: string) {
  const found = screen.getByText(text).closest('tr');
  if (!found) throw new Error(`no row for ${text}`);
  return found;
}

async function noAxeFindings(element: HTMLElement) {
  const { violations } = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
  ).toEqual([]);
}

describe('an order’s delivery slot', () => {
  it('shows as a badge under the placed time of a booked order on the orders list, and not on one without', async () => {
    renderOrders('/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('#2001');

    const dateCell = within(rowOf('#2001')).getByText('Slot: Tue 01/12, 09:00 AM – 10:00 AM').closest('td')!;
    expect(dateCell).toHaveTextContent(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]MSlot: Tue 01\/12/);
    expect(within(rowOf('#2002')).queryByText(/^Slot:/)).not.toBeInTheDocument();
    // "As soon as possible" is the order page's words; the list says nothing for it.
    expect(within(table).queryByText(/As soon as possible/)).not.toBeInTheDocument();
    await noAxeFindings(table);
  });

  it('shows on the completed orders too', async () => {
    renderOrders('/orders/completed');
    await screen.findByText('#2003');
    expect(within(rowOf('#2003')).getByText('Slot: Tue 01/12, 09:00 AM – 10:00 AM')).toBeInTheDocument();
  });

  it("shows in a phone's one-column row", async () => {
    setViewportWidth(375);
    renderOrders('/orders');
    await screen.findByText('#2001');
    expect(within(rowOf('#2001')).getByText('Slot: Tue 01/12, 09:00 AM – 10:00 AM')).toBeInTheDocument();
    expect(within(rowOf('#2002')).queryByText(/^Slot:/)).not.toBeInTheDocument();
  });

  it("is in the business's time zone, not a fixed one", async () => {
    renderOrders('/orders', withBusiness(adminSession, { timeZone: 'America/New_York' }));
    await screen.findByText('#2001');
    expect(within(rowOf('#2001')).getByText('Slot: Mon 30/11, 10:30 PM – 11:30 PM')).toBeInTheDocument();
  });

  it('shows on the order’s page as "Delivery slot" with the day and times', async () => {
    renderOrders(`/orders/${booked.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Order #2001' });
    const term = screen.getByText('Delivery slot', { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent('Tue 01/12/2026, 09:00 AM – 10:00 AM');
    await noAxeFindings(term.closest('dl')!);
  });

  it('is "As soon as possible" on the page of an order without one', async () => {
    renderOrders(`/orders/${asap.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Order #2002' });
    expect(screen.getByText('Delivery slot', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'As soon as possible',
    );
  });

  it('is printed on the kitchen ticket, under the order number and time', async () => {
    renderPrint(`/orders/${booked.id}/print/kitchen`, booked);
    const ticket = await screen.findByRole('article', { name: 'Kitchen ticket' });
    const line = within(ticket).getByText('Deliver: Tue 01/12, 09:00 AM – 10:00 AM');
    expect(line).toHaveClass('slot');
    expect(line.previousElementSibling).toHaveTextContent(/^\d{2}\/\d{2}\/\d{4}/);
  });

  it('is left off the ticket of an order to deliver as soon as possible', async () => {
    renderPrint(`/orders/${asap.id}/print/kitchen`, asap);
    const ticket = await screen.findByRole('article', { name: 'Kitchen ticket' });
    expect(within(ticket).getByText(`#${asap.number}`)).toBeInTheDocument();
    expect(within(ticket).queryByText(/^Deliver:/)).not.toBeInTheDocument();
  });

  it('is printed on the bill', async () => {
    renderPrint(`/orders/${booked.id}/print/bill`, booked);
    const bill = await screen.findByRole('article', { name: 'Bill' });
    expect(within(bill).getByText('Deliver: Tue 01/12, 09:00 AM – 10:00 AM')).toBeInTheDocument();
  });
});
