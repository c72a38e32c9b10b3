import { formatDateTime } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, itemFixture, listOf, variantFixture } from '@/testing/fixtures.ts';
import { json } from '@/testing/mock-api.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, mockApi } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { minutesAgo, orderFixture, ordersServer, ravi } from '@/testing/orders-test-server.ts';

beforeAll(() => loadScreensOf('/orders/any'), LOADING_SCREENS_MS);

function renderOrder(order: OrderDetail, overrides: Record<string, Handler> = {}) {
  const server = ordersServer([order], adminSession);
  const api = mockApi({ ...server.handlers, ...overrides });
  return { ...renderApp(`/orders/${order.id}`), api, server };
}

function billRow(label: string) {
  const row = within(screen.getByRole('table', { name: 'Bill' }))
    .getByText(label)
    .closest('tr');
  if (!row) throw new Error(`no bill row for ${label}`);
  return row;
}

/** An order confirmed with Ravi by Arjun Admin at `confirmedAt`, then noted by Olivia Owner at `noteAt`. */
function confirmedWithNote({
  placedAt,
  confirmedAt,
  noteAt,
}: {
  placedAt?: string;
  confirmedAt: string;
  noteAt: string;
}): OrderDetail {
  return orderFixture({
    ...(placedAt ? { placedAt } : {}),
    status: 1,
    dexId: ravi.id,
    dexName: ravi.name,
    timeline: [
      ...orderFixture().timeline,
      {
        id: 2,
        fromStatus: 0,
        toStatus: 1,
        dexName: ravi.name,
        note: null,
        reason: null,
        kind: null,
        actorName: 'Arjun Admin',
        at: confirmedAt,
      },
      {
        id: 3,
        fromStatus: 1,
        toStatus: null,
        dexName: null,
        note: 'Customer asked for no plastic bags',
        reason: null,
        kind: null,
        actorName: 'Olivia Owner',
        at: noteAt,
      },
    ],
  });
}

describe('order detail', () => {
  it('shows the bill in rupees: items with quantity × price, total, coupon, charges and bill amount', async () => {
    const order = orderFixture({ placedAt: minutesAgo(3 * 60 + 10) });
    renderOrder(order);

    expect(
      await screen.findByRole('heading', { level: 1, name: `Order #${order.number}` }),
    ).toBeInTheDocument();
    const mango = billRow('Alphonso mango');
    expect(within(mango).getByText('2')).toBeInTheDocument();
    expect(within(mango).getByText('₹120.50')).toBeInTheDocument();
    expect(within(mango).getByText('₹241.00')).toBeInTheDocument();
    expect(within(billRow('Paneer')).getAllByText('₹90.00')).toHaveLength(2);
    expect(within(billRow('Items total')).getByText('₹331.00')).toBeInTheDocument();
    expect(within(billRow('Coupon FRESH20')).getByText('−₹40.00')).toBeInTheDocument();
    expect(within(billRow('Delivery charges')).getByText('₹20.00')).toBeInTheDocument();
    expect(within(billRow('Bill amount')).getByText('₹311.00')).toBeInTheDocument();

    expect(screen.getByText(order.storeName, { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Asha Rao', { exact: false, selector: 'dd' })).toHaveTextContent(
      'Asha Rao+91-9812345678',
    );
    // As the list says it: the same words for the same time on every screen.
    expect(screen.getByText('3 h')).toBeInTheDocument();
    expect(screen.getByText('Not assigned')).toBeInTheDocument();
    expect(screen.getByText('Placed', { selector: '.MuiChip-label' })).toBeInTheDocument();
  });

  it("names each line's variant in the bill: the item, then its pack size", async () => {
    const order = orderFixture({
      items: [
        {
          itemId: 'i1',
          itemName: 'Aashirvaad atta',
          variantId: 'v1',
          variantLabel: '5 kg',
          mrpPaise: 30_000,
          itemQuantity: 1,
          itemPricePaise: 27_000,
        },
        {
          itemId: 'i2',
          itemName: 'Paneer',
          variantId: 'v3',
          variantLabel: '',
          itemQuantity: 1,
          itemPricePaise: 9_000,
        },
      ],
    });
    renderOrder(order);

    const atta = await screen.findByRole('cell', { name: 'Aashirvaad atta · 5 kg' });
    expect(within(atta.closest('tr')!).getAllByText('₹270.00')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'Paneer' })).toBeInTheDocument();
  });

  it('shows where the order goes, how it is paid and the note, with the phone to call and the map to open', async () => {
    const order = orderFixture();
    renderOrder(order);

    const card = (await screen.findByRole('heading', { name: 'Delivery and payment' })).closest('div')!;
    expect(
      within(card).getByText('42, 12th Main, HAL 2nd Stage, Indiranagar', { exact: false }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Landmark: Opposite the metro pillar 120')).toBeInTheDocument();
    const maps = within(card).getByRole('link', { name: 'Open in maps (opens in a new tab)' });
    expect(maps).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=12.9719,77.6412');
    expect(maps).toHaveAttribute('target', '_blank');
    // And a small map of the point, loaded with the first order that has one.
    expect(await within(card).findByRole('group', { name: 'Map of the delivery point' })).toBeInTheDocument();
    expect(within(card).getByText('UPI')).toBeInTheDocument();
    expect(within(card).getByText('Not paid yet')).toBeInTheDocument();
    expect(within(card).getByText('Please ring the bell twice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Asha Rao, +91-9812345678' })).toHaveAttribute(
      'href',
      'tel:+91-9812345678',
    );
  });

  it('marks the payment received with the version read, after asking, and shows who received it', async () => {
    const order = orderFixture({ version: 3 });
    const { user, api } = renderOrder(order);

    await user.click(await screen.findByRole('button', { name: 'Mark payment received' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark payment received' });
    expect(dialog).toHaveTextContent(`Record that ₹311.00 for order #${order.number} was received by UPI?`);
    await user.click(within(dialog).getByRole('button', { name: 'Mark received' }));

    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/orders/${order.id}/payment`)[0]?.body).toEqual({ version: 3 });
    expect(screen.getByText(`Received by ${adminSession.user.name}`, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark payment received' })).not.toBeInTheDocument();
  });

  it('refunds a paid order in part with the version the dialog opened on, then lists the refund', async () => {
    const order = orderFixture({ version: 5, paidAt: minutesAgo(3), paidByName: 'Till' });
    const { user, api } = renderOrder(order);

    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: `Refund order #${order.number}` });
    expect(dialog).toHaveTextContent('Up to ₹311.00 is left of the payment.');
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveValue('311.00');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByText('Enter an amount in rupees, such as 140.50')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    // The server's word on the field.
    expect(await within(dialog).findByText('At most ₹311.00 can be refunded')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '120.50');
    await user.type(within(dialog).getByRole('textbox', { name: /^UPI reference/ }), 'UPI-991');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));

    expect(await screen.findByText(`Order #${order.number}: refund of ₹120.50 recorded`)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/orders/${order.id}/refunds`).map((call) => call.body)).toEqual([
      { amountPaise: 40_000, version: 5 },
      { amountPaise: 12_050, version: 5, reference: 'UPI-991' },
    ]);
    const list = await screen.findByRole('list', { name: 'Refunds' });
    expect(await within(list).findByText('₹120.50 · UPI · Processed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Refunds · ₹120.50' })).toBeInTheDocument();
  });

  it('refunds an order paid online through the gateway: no reference to type, pending until it is processed', async () => {
    const order = orderFixture({
      version: 2,
      paymentMode: 'ONLINE',
      paidAt: minutesAgo(3),
      paidByName: 'Online payment',
    });
    const { user, api } = renderOrder(order);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: `Refund order #${order.number}` });
    expect(dialog).toHaveTextContent(
      'Refund through the payment gateway, to what the customer paid with: pending until the gateway processes it. Up to ₹311.00 is left of the payment.',
    );
    expect(within(dialog).queryByRole('textbox', { name: /reference/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText(`Order #${order.number}: refund of ₹311.00 recorded`)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/orders/${order.id}/refunds`).map((call) => call.body)).toEqual([
      { amountPaise: 31_100, version: 2 },
    ]);
  });

  it('shows the UPI reference the customer gave beside Mark payment received', async () => {
    renderOrder(orderFixture({ upiReference: '433512345678', upiReportedAt: '2026-11-29T06:30:00.000Z' }));
    const said = await screen.findByText(/^The customer says they paid: UPI reference/);
    expect(said).toHaveTextContent(
      'The customer says they paid: UPI reference 433512345678 (29/11/2026 12:00 PM). Check it in your UPI account before marking it received.',
    );
    expect(screen.getByRole('button', { name: 'Mark payment received' })).toBeInTheDocument();
  });

  it('says what was received beyond the bill after its items changed, and offers that as the refund', async () => {
    const order = orderFixture({ paidAt: minutesAgo(9), paidPaise: 50_000, billAmountPaise: 31_100 });
    const { user } = renderOrder(order);
    expect(
      await screen.findByText('₹189.00 was received beyond the bill: refund it to the customer.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: `Refund order #${order.number}` });
    expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveValue('189.00');
    expect(dialog).toHaveTextContent('Up to ₹500.00 is left of the payment.');
  });

  it('says that what an item change added to an order paid online is asked of the customer', async () => {
    const online = orderFixture({
      paymentMode: 'ONLINE',
      paidAt: minutesAgo(9),
      paidByName: 'Online payment',
      paidPaise: 21_000,
      billAmountPaise: 31_100,
    });
    renderOrder(online);
    expect(
      await screen.findByText(
        'The change comes to ₹101.00 more than was paid: the customer is asked to pay it online, on their order’s page.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/was received beyond the bill/)).toBeNull();
  });

  it('changes the items: a quantity, a line removed, an item of the store added, from the version it opened on', async () => {
    const order = orderFixture({ version: 4 });
    const atta = itemFixture({
      id: 'a0000000-0000-4000-8000-000000000009',
      name: 'Atta',
      variants: [
        variantFixture({ id: 'b0000000-0000-4000-8000-000000000009', label: '5 kg', pricePaise: 25_000 }),
      ],
    });
    const edited: OrderDetail = { ...order, version: 5, billAmountPaise: 52_000 };
    const { user, api } = renderOrder(order, {
      [`GET /api/stores/${order.storeId}/items`]: () => json(200, listOf([atta])),
      [`PATCH /api/orders/${order.id}/items`]: () => json(200, edited),
    });

    await user.click(await screen.findByRole('button', { name: 'Change items' }));
    const dialog = screen.getByRole('dialog', { name: `Change items of order #${order.number}` });
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity of Alphonso mango' });
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save items' }));
    expect(await within(dialog).findByText('must be a whole number from 1 to 99')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/orders/${order.id}/items`)).toHaveLength(0);
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Paneer' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Add an item of this store' }), 'att');
    await user.click(await screen.findByRole('option', { name: 'Atta · 5 kg · ₹250.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save items' }));

    expect(
      await screen.findByText(`Order #${order.number}: items changed, bill ₹520.00`),
    ).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/orders/${order.id}/items`)[0]?.body).toEqual({
      version: 4,
      items: [
        { itemId: 'i1', quantity: 3 },
        { itemId: atta.id, variantId: atta.variants[0]!.id, quantity: 1 },
      ],
    });
  });

  it('puts the server’s word on a line it refuses beside that line', async () => {
    const order = orderFixture();
    const { user } = renderOrder(order, {
      [`PATCH /api/orders/${order.id}/items`]: () =>
        apiError(409, 'conflict', 'Only 1 left', { fields: { 'items.0.quantity': 'Only 1 left' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change items' }));
    const dialog = screen.getByRole('dialog', { name: /^Change items/ });
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity of Alphonso mango' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save items' }));
    expect(await within(dialog).findByText('Only 1 left')).toBeInTheDocument();
  });

  it('offers no change of items once the order is picked up', async () => {
    renderOrder(orderFixture({ status: 2, dexId: ravi.id, dexName: ravi.name }));
    await screen.findByRole('table', { name: 'Bill' });
    expect(screen.queryByRole('button', { name: 'Change items' })).not.toBeInTheDocument();
  });

  it('says what the customer asked to be done if an item is missing', async () => {
    renderOrder(orderFixture({ ifMissing: 'SUBSTITUTE' }));
    const heading = await screen.findByRole('heading', { name: 'If an item is missing' });
    expect(heading.nextElementSibling).toHaveTextContent('Replace it with something similar');
  });

  it('offers no refund of an order not paid', async () => {
    renderOrder(orderFixture({ paidAt: null }));
    await screen.findByRole('button', { name: 'Mark payment received' });
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('shows the referral programme’s offer by its own name, as it shows a coupon', async () => {
    const order = orderFixture({
      couponCode: null,
      offer: { coupon: 'Referral: Refer a friend', discountPaise: 5_000 },
      discountPaise: 5_000,
    });
    renderOrder(order);
    await screen.findByRole('heading', { level: 1, name: `Order #${order.number}` });
    expect(within(billRow('Referral: Refer a friend')).getByText('−₹50.00')).toBeInTheDocument();
    expect(screen.queryByText(/^Coupon /)).not.toBeInTheDocument();
  });

  it('says when an order came without an address or payment mode, and offers no payment to mark', async () => {
    const order = orderFixture({ deliveryAddress: null, paymentMode: null, note: null });
    renderOrder(order);
    expect(await screen.findByText('No address was given with this order.')).toBeInTheDocument();
    expect(screen.getByText('Not named with this order')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark payment received' })).not.toBeInTheDocument();
  });

  it('has no coupon row when no coupon was applied', async () => {
    const order = orderFixture({
      couponCode: null,
      offer: null,
      discountPaise: 0,
      billAmountPaise: 35_100,
    });
    renderOrder(order);

    await screen.findByRole('table', { name: 'Bill' });
    expect(screen.queryByText(/^Coupon/)).not.toBeInTheDocument();
    expect(within(billRow('Bill amount')).getByText('₹351.00')).toBeInTheDocument();
  });

  it('shows the timeline: status changes, the executive, notes, who and when', async () => {
    const confirmedAt = minutesAgo(8);
    const noteAt = minutesAgo(5);
    const order = confirmedWithNote({ confirmedAt, noteAt });
    renderOrder(order);

    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^PlacedAsha Rao · /),
      `Placed → ConfirmedDelivery executive: Ravi KumarArjun Admin · ${formatDateTime(confirmedAt, 'Asia/Kolkata')}`,
      `NoteCustomer asked for no plastic bagsOlivia Owner · ${formatDateTime(noteAt, 'Asia/Kolkata')}`,
    ]);
    expect(screen.getByText(ravi.name, { selector: 'dd' })).toBeInTheDocument();
  });

  it('adds a note at the current status with the version', async () => {
    const order = orderFixture({ status: 2, dexId: ravi.id, dexName: ravi.name, version: 4 });
    const { user, api } = renderOrder(order);

    const note = await screen.findByRole('textbox', { name: 'Add note' });
    expect(screen.getByRole('button', { name: 'Add note' })).toBeDisabled();
    await user.type(note, 'Left at the gate{Enter}');

    expect(await screen.findByText('Note added')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/orders/${order.id}/status`)[0]?.body).toEqual({
      status: 2,
      note: 'Left at the gate',
      version: 4,
    });
    expect(note).toHaveValue('');
    expect(
      within(screen.getByRole('list', { name: 'Timeline' })).getByText('Left at the gate'),
    ).toBeInTheDocument();
  });

  it('keeps a closed order from being updated, and says why', async () => {
    const order = orderFixture({ status: -2 });
    renderOrder(order);

    const update = await screen.findByRole('button', { name: 'Update Order' });
    expect(update).toBeDisabled();
    expect(update).toHaveAccessibleDescription(messages.orderClosed);
    expect(screen.getByRole('textbox', { name: 'Add note' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Completed orders' })).toHaveAttribute(
      'href',
      '/orders/completed',
    );
  });

  it('says an unknown order is not there, with a way back to the orders', async () => {
    const missing = 'f0000000-0000-4000-8000-000000099999';
    const { router, user } = renderOrder(orderFixture(), {
      [`GET /api/orders/${missing}`]: () => apiError(404, 'not_found', messages.notFound),
    });
    await router.navigate(`/orders/${missing}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });
});

describe('an order’s page in the language chosen', () => {
  it('speaks Hindi: the header, the order card and the timeline, the customer’s note as written', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const order = confirmedWithNote({
      placedAt: minutesAgo(3 * 60 + 10),
      confirmedAt: minutesAgo(8),
      noteAt: minutesAgo(5),
    });
    renderOrder(order);

    expect(
      await screen.findByRole('heading', { level: 1, name: `ऑर्डर #${order.number}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ऑर्डर अपडेट करें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'किचन टिकट प्रिंट करें' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'ऑर्डर' })).toBeInTheDocument();
    expect(screen.getByText('3 घंटे', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('जितनी जल्दी हो सके', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('कन्फ़र्म', { selector: '.MuiChip-label' })).toBeInTheDocument();
    const entries = within(screen.getByRole('list', { name: 'टाइमलाइन' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^ऑर्डर आयाAsha Rao · /),
      expect.stringMatching(/^ऑर्डर आया → कन्फ़र्मडिलीवरी एग्ज़ीक्यूटिव: Ravi KumarArjun Admin · /),
      expect.stringMatching(/^नोटCustomer asked for no plastic bagsOlivia Owner · /),
    ]);
    expect(screen.getByRole('textbox', { name: 'नोट जोड़ें' })).toBeInTheDocument();

    // The bill: its columns and sums in Hindi, the items as the business named them, rupees as ever.
    const bill = screen.getByRole('table', { name: 'बिल' });
    expect(
      within(bill)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['सामान', 'मात्रा', 'दाम', 'राशि']);
    expect(within(bill).getByText('Alphonso mango')).toBeInTheDocument();
    expect(within(bill).getByText('कूपन FRESH20')).toBeInTheDocument();
    expect(within(bill).getByText(/^डिलीवरी शुल्क/)).toBeInTheDocument();
    expect(within(bill).getByText('बिल राशि')).toBeInTheDocument();
    // Delivery and payment: the payment mode and the customer's choice in the customer app's Hindi.
    const delivery = screen.getByRole('heading', { level: 2, name: 'डिलीवरी और पेमेंट' }).parentElement!;
    expect(within(delivery).getByText('UPI')).toBeInTheDocument();
    expect(within(delivery).getByText('मुझे कॉल करें')).toBeInTheDocument();
    expect(within(delivery).getByRole('link', { name: /^मैप में खोलें/ })).toBeInTheDocument();
  });

  it('changes items in Hindi: the dialog, a quantity out of bounds, an item removed, and the new bill', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const order = orderFixture({ version: 4 });
    const edited: OrderDetail = { ...order, version: 5, billAmountPaise: 36_000 };
    const { user, api } = renderOrder(order, {
      [`PATCH /api/orders/${order.id}/items`]: () => json(200, edited),
    });

    await user.click(await screen.findByRole('button', { name: 'सामान बदलें' }));
    const dialog = screen.getByRole('dialog', { name: `ऑर्डर #${order.number} का सामान बदलें` });
    expect(within(dialog).getByRole('list', { name: 'ऑर्डर का सामान' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'इस स्टोर का सामान जोड़ें' })).toBeInTheDocument();
    const quantity = within(dialog).getByRole('textbox', { name: 'Alphonso mango की मात्रा' });
    await user.clear(quantity);
    await user.type(quantity, '100');
    await user.click(within(dialog).getByRole('button', { name: 'सामान सेव करें' }));
    expect(await within(dialog).findByText('1 से 99 तक की पूरी संख्या होनी चाहिए')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/orders/${order.id}/items`)).toHaveLength(0);
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Paneer हटाएँ' }));
    await user.click(within(dialog).getByRole('button', { name: 'सामान सेव करें' }));
    expect(await screen.findByText(`ऑर्डर #${order.number}: सामान बदला गया, बिल ₹360.00`)).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/orders/${order.id}/items`)[0]?.body).toEqual({
      version: 4,
      items: [{ itemId: 'i1', quantity: 2 }],
    });
  });

  it('refunds in Kannada: the dialog, a wrong amount, and the refund listed', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    const order = orderFixture({ version: 5, paidAt: minutesAgo(3), paidByName: 'Till' });
    const { user } = renderOrder(order);
    await user.click(await screen.findByRole('button', { name: 'ಮರುಪಾವತಿ ಮಾಡಿ' }));
    const dialog = screen.getByRole('dialog', { name: `ಆರ್ಡರ್ #${order.number} ಮರುಪಾವತಿ` });
    expect(dialog).toHaveTextContent('ಹಿಂದಿರುಗಿಸಿದ ಹಣವನ್ನು ದಾಖಲಿಸಿ (UPI). ಪಾವತಿಯಲ್ಲಿ ₹311.00 ವರೆಗೆ ಉಳಿದಿದೆ.');
    const amount = within(dialog).getByRole('textbox', { name: /^ಮೊತ್ತ/ });
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'ಮರುಪಾವತಿ ದಾಖಲಿಸಿ' }));
    expect(await within(dialog).findByText('ರೂಪಾಯಿಗಳಲ್ಲಿ ಮೊತ್ತ ಬರೆಯಿರಿ, ಉದಾ. 140.50')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '120.50');
    await user.click(within(dialog).getByRole('button', { name: 'ಮರುಪಾವತಿ ದಾಖಲಿಸಿ' }));
    expect(await screen.findByText(`ಆರ್ಡರ್ #${order.number}: ₹120.50 ಮರುಪಾವತಿ ದಾಖಲಾಗಿದೆ`)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'ಮರುಪಾವತಿಗಳು' });
    expect(await within(list).findByText('₹120.50 · UPI · ಪೂರ್ಣಗೊಂಡಿದೆ')).toBeInTheDocument();
  });

  it('says in Kannada that an order is not there', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    const missing = 'f0000000-0000-4000-8000-000000099998';
    const { router } = renderOrder(orderFixture(), {
      [`GET /api/orders/${missing}`]: () => apiError(404, 'not_found', messages.notFound),
    });
    await router.navigate(`/orders/${missing}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'ಆರ್ಡರ್ ಸಿಗಲಿಲ್ಲ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ಆರ್ಡರ್‌ಗಳಿಗೆ ಹಿಂದಿರುಗಿ' })).toHaveAttribute('href', '/orders');
  });
});
