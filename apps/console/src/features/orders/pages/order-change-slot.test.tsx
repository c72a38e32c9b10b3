import { formatSlot } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import { OrderStatus, orderStateFor } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { Store } from '@storedesk/shared/stores/schemas';
import { slotMessages, slotsOf } from '@storedesk/shared/stores/slots';
import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeFixture } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, mockApi } from '@/testing/mock-api.ts';
import { jayanagar, orderFixture, ravi } from '@/testing/orders-test-server.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';
import { kolkataSlot, slotOrdersServer } from '@/features/orders/testing/slot-orders-server.ts';

/*
 * B19, ADR 0077: on an order's page, staff move an order not yet picked up to another slot its
 * store offers now ("Change slot"), or book one for an order placed for as soon as possible ("Book
 * a slot"). It is Tuesday 1 December 2026, 07:30 in Kolkata. The store delivers in slots of three
 * hours, two orders each, today and the two days after, booked up to an hour before: tomorrow it
 * keeps special hours (10:00–16:00) and the day after is a holiday.
 */

const timeZone = 'Asia/Kolkata';
const today = '2026-12-01';
const tomorrow = '2026-12-02';
const opening = new Date('2026-12-01T02:00:00.000Z');

const slotStore = storeFixture({
  deliverySlots: { lengthMinutes: 180, capacity: 2, daysAhead: 2, cutoffMinutes: 60 },
  specialDays: [
    { day: tomorrow, closed: false, openTime: '10:00', closeTime: '16:00', reason: 'Half day' },
    { day: '2026-12-03', closed: true, openTime: null, closeTime: null, reason: 'Festival' },
  ],
});
const asapStore = storeFixture({ id: jayanagar.id, name: jayanagar.name, deliverySlots: null });

const morning = kolkataSlot(today, '09:00', '12:00');
const noon = kolkataSlot(today, '12:00', '15:00');
const afternoon = kolkataSlot(today, '15:00', '18:00');
const tomorrowMorning = kolkataSlot(tomorrow, '10:00', '13:00');

const booked = orderFixture({ number: 4001, customerName: 'Sana Slot', slot: morning, version: 3 });
const asap = orderFixture({ number: 4002, customerName: 'Arjun Asap', status: OrderStatus.Confirmed });
const pickedUp = orderFixture({
  number: 4003,
  customerName: 'Pia Picked',
  slot: morning,
  status: OrderStatus.PickedUp,
  dexId: ravi.id,
  dexName: ravi.name,
});
const atAsapStore = orderFixture({
  number: 4004,
  customerName: 'Jaya Nagar',
  storeId: asapStore.id,
  storeName: asapStore.name,
});
// The noon slot's two places are taken.
const noonOrders = [4005, 4006].map((number) =>
  orderFixture({ number, customerName: `Noon ${number}`, slot: noon, status: OrderStatus.Confirmed }),
);
const everyOrder = [booked, asap, pickedUp, atAsapStore, ...noonOrders];

beforeAll(() => loadScreensOf('/orders/any'), LOADING_SCREENS_MS);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(opening);
});
afterEach(() => {
  vi.useRealTimers();
});

type Server = ReturnType<typeof slotOrdersServer>;

function render(
  order: OrderDetail,
  {
    stores = [slotStore, asapStore],
    overrides = () => ({}),
  }: {
    stores?: Store[];
    overrides?: (server: Server) => Record<string, Handler>;
  } = {},
) {
  const server = slotOrdersServer(
    everyOrder.map((each) => (each.id === order.id ? order : each)),
    stores,
  );
  const api = mockApi({ ...server.handlers, ...overrides(server) });
  return { ...renderApp(`/orders/${order.id}`), api, server };
}

/** The order's "Delivery slot" in its facts: the slot's words, and the button under them. */
async function slotFact(number: number) {
  await screen.findByRole('heading', { level: 1, name: `Order #${number}` });
  const term = screen.getByText('Delivery slot', { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

async function openDialog(order: OrderDetail, options: Parameters<typeof render>[1] = {}) {
  const view = render(order, options);
  const fact = await slotFact(order.number);
  const name = order.slot ? 'Change slot' : 'Book a slot';
  await view.user.click(await within(fact).findByRole('button', { name }));
  const title = order.slot
    ? `Change the slot of order #${order.number}`
    : `Book a slot for order #${order.number}`;
  const dialog = await screen.findByRole('dialog', { name: title });
  await within(dialog).findByRole('radiogroup', { name: 'Slots the store offers now' });
  return { ...view, dialog, fact };
}

const slotPosts = (api: ReturnType<typeof mockApi>, order: OrderDetail) =>
  api.callsTo(`POST /api/orders/${order.id}/slot`);
/** The order page's read of the store's slot rule (the shell reads stores for its own alerts too). */
const slotRuleKey = ['stores', 'slot-rule', slotStore.id];

async function noAxeFindings(element: HTMLElement) {
  const { violations } = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
  ).toEqual([]);
}

describe('changing an order’s delivery slot', () => {
  it('shows the slot in the order’s facts, with Change slot under it', async () => {
    render(booked);
    const fact = await slotFact(4001);
    expect(fact.firstChild?.textContent).toBe('Tue 01/12/2026, 09:00 AM – 12:00 PM');
    expect(await within(fact).findByRole('button', { name: 'Change slot' })).toBeInTheDocument();
  });

  it('shows "As soon as possible", with Book a slot, for an order placed without one', async () => {
    render(asap);
    const fact = await slotFact(4002);
    expect(fact.firstChild?.textContent).toBe('As soon as possible');
    expect(await within(fact).findByRole('button', { name: 'Book a slot' })).toBeInTheDocument();
  });

  it('offers no change for an order picked up, and does not read its store', async () => {
    const { queryClient } = render(pickedUp);
    const fact = await slotFact(4003);
    expect(fact).toHaveTextContent(/^Tue 01\/12\/2026, 09:00 AM – 12:00 PM$/);
    expect(within(fact).queryByRole('button')).not.toBeInTheDocument();
    expect(queryClient.getQueryState(slotRuleKey)).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
  });

  it.each([
    ['delivered', OrderStatus.Delivered],
    ['cancelled', OrderStatus.Cancelled],
  ])('offers no change for an order %s', async (_name, status) => {
    const closed = { ...booked, status, state: orderStateFor(status) };
    const { queryClient } = render(closed);
    const fact = await slotFact(4001);
    expect(fact).toHaveTextContent(/^Tue 01\/12\/2026, 09:00 AM – 12:00 PM$/);
    expect(within(fact).queryByRole('button')).not.toBeInTheDocument();
    expect(queryClient.getQueryState(slotRuleKey)).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
  });

  it('offers no change for an order of a store that delivers as soon as possible only', async () => {
    const { queryClient } = render(atAsapStore);
    const fact = await slotFact(4004);
    await waitFor(() =>
      expect(queryClient.getQueryState(['stores', 'slot-rule', asapStore.id])?.status).toBe('success'),
    );
    expect(fact).toHaveTextContent(/^As soon as possible$/);
    expect(within(fact).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists by day exactly the slots the store offers now, the current one marked and not choosable', async () => {
    const { dialog } = await openDialog(booked);

    expect(dialog).toHaveTextContent('Booked for Tue 01/12/2026, 09:00 AM – 12:00 PM.');
    const list = within(dialog).getByRole('radiogroup', { name: 'Slots the store offers now' });
    const days = within(list).getAllByRole('group');
    expect(days.map((day) => day.querySelector('h3')?.textContent)).toEqual(['Tue 01/12', 'Wed 02/12']);
    expect(days[0]).toHaveAccessibleName('Tue 01/12');
    expect(
      within(days[0]!)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Tue 01/12, 09:00 AM – 12:00 PM Current',
      'Tue 01/12, 12:00 PM – 03:00 PM',
      'Tue 01/12, 03:00 PM – 06:00 PM',
      'Tue 01/12, 06:00 PM – 09:00 PM',
    ]);
    expect(
      within(days[1]!)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Wed 02/12, 10:00 AM – 01:00 PM', 'Wed 02/12, 01:00 PM – 04:00 PM']);
    // The same as the shared rule gives at this moment: the server's own.
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(
      slotsOf(slotStore, opening, timeZone).map((slot) => slot.id),
    );
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(
      slotsOf(slotStore, opening, timeZone).map(
        (slot, at) => `${formatSlot(slot, timeZone, { year: false })}${at === 0 ? ' Current' : ''}`,
      ),
    );

    const current = within(dialog).getByRole('radio', { name: 'Tue 01/12, 09:00 AM – 12:00 PM Current' });
    expect(current).toBeDisabled();
    expect(current).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('is chosen from the keyboard', async () => {
    const { dialog, user } = await openDialog(booked);

    const noonChoice = within(dialog).getByRole('radio', { name: 'Tue 01/12, 12:00 PM – 03:00 PM' });
    noonChoice.focus();
    await user.keyboard(' ');
    expect(noonChoice).toBeChecked();
    await user.keyboard('{ArrowDown}');
    const next = within(dialog).getByRole('radio', { name: 'Tue 01/12, 03:00 PM – 06:00 PM' });
    expect(next).toHaveFocus();
    expect(next).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('sends the slot’s id and the version it opened on, then shows the order moved and says so', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { dialog, user, api, fact } = await openDialog(booked, {
      overrides: (server) => ({
        [`POST /api/orders/${booked.id}/slot`]: async (call) => {
          await held;
          return server.handlers[`POST /api/orders/${booked.id}/slot`]!(call);
        },
      }),
    });

    await user.click(within(dialog).getByRole('radio', { name: 'Tue 01/12, 03:00 PM – 06:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(slotPosts(api, booked).map((call) => call.body)).toEqual([
      { slotId: afternoon.startsAt, version: 3 },
    ]);
    release();

    expect(
      await screen.findByText('Order #4001 moved to Tue 01/12/2026, 03:00 PM – 06:00 PM'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fact.firstChild?.textContent).toBe('Tue 01/12/2026, 03:00 PM – 06:00 PM');
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Delivery slot changed')).toBeInTheDocument();
    expect(
      within(timeline).getByText('Delivery slot changed to Tue 01/12/2026, 03:00 PM – 06:00 PM'),
    ).toBeInTheDocument();
  });

  it('books a slot for an order placed for as soon as possible', async () => {
    const { dialog, user, api, fact } = await openDialog(asap);

    expect(dialog).toHaveTextContent('Placed for delivery as soon as possible.');
    expect(within(dialog).queryByText('Current')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Wed 02/12, 10:00 AM – 01:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Order #4002 moved to Wed 02/12/2026, 10:00 AM – 01:00 PM'),
    ).toBeInTheDocument();
    expect(slotPosts(api, asap).map((call) => call.body)).toEqual([
      { slotId: tomorrowMorning.startsAt, version: 1 },
    ]);
    await waitFor(() => expect(fact.firstChild?.textContent).toBe('Wed 02/12/2026, 10:00 AM – 01:00 PM'));
    expect(within(fact).getByRole('button', { name: 'Change slot' })).toBeInTheDocument();
  });

  it('sends the version it opened on even after the page shows a later one, and then shows the order as it is', async () => {
    const { dialog, user, api, server, queryClient, fact } = await openDialog(booked);
    // Someone else moves the order to the afternoon meanwhile; the page follows.
    server.replace(booked.id, { slot: afternoon, version: 4 });
    await act(() => queryClient.invalidateQueries({ queryKey: ['orders', 'detail', booked.id] }));
    await waitFor(() => expect(fact.firstChild?.textContent).toBe('Tue 01/12/2026, 03:00 PM – 06:00 PM'));

    await user.click(within(dialog).getByRole('radio', { name: 'Wed 02/12, 01:00 PM – 04:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(messages.staleRecord)).toBeInTheDocument();
    expect(slotPosts(api, booked).map((call) => call.body)).toEqual([
      { slotId: kolkataSlot(tomorrow, '13:00', '16:00').startsAt, version: 3 },
    ]);
    // The dialog shows the order as the server has it now, and keeps the choice.
    expect(dialog).toHaveTextContent('Booked for Tue 01/12/2026, 03:00 PM – 06:00 PM.');
    expect(
      within(dialog).getByRole('radio', { name: 'Tue 01/12, 03:00 PM – 06:00 PM Current' }),
    ).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Tue 01/12, 09:00 AM – 12:00 PM' })).toBeEnabled();
    expect(within(dialog).getByRole('radio', { name: 'Wed 02/12, 01:00 PM – 04:00 PM' })).toBeChecked();

    // Saved again, it is from the version now shown.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Order #4001 moved to Wed 02/12/2026, 01:00 PM – 04:00 PM'),
    ).toBeInTheDocument();
    expect(slotPosts(api, booked).at(-1)?.body).toEqual({
      slotId: kolkataSlot(tomorrow, '13:00', '16:00').startsAt,
      version: 4,
    });
  });

  it('says so when the order was changed by someone else, and shows the page as the server has it', async () => {
    const { dialog, user, server, fact } = await openDialog(booked);
    server.replace(booked.id, { slot: noon, dexId: ravi.id, dexName: ravi.name, version: 5 });

    await user.click(within(dialog).getByRole('radio', { name: 'Tue 01/12, 03:00 PM – 06:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.staleRecord);
    expect(screen.getByRole('dialog', { name: 'Change the slot of order #4001' })).toBeInTheDocument();
    expect(fact.firstChild?.textContent).toBe('Tue 01/12/2026, 12:00 PM – 03:00 PM');
    expect(screen.getByText(ravi.name, { selector: 'dd' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('radio', { name: 'Tue 01/12, 12:00 PM – 03:00 PM Current' }),
    ).toBeDisabled();
  });

  it('offers no slot once the order was picked up meanwhile', async () => {
    const { dialog, user, server, fact } = await openDialog(booked);
    server.replace(booked.id, { status: OrderStatus.PickedUp, dexId: ravi.id, dexName: ravi.name });

    await user.click(within(dialog).getByRole('radio', { name: 'Tue 01/12, 03:00 PM – 06:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(slotMessages.pickedUp)).toBeInTheDocument();
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(fact).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open on a full slot, marks it and says so on the list, for another choice', async () => {
    const { dialog, user, api, fact } = await openDialog(booked);

    await user.click(within(dialog).getByRole('radio', { name: 'Tue 01/12, 12:00 PM – 03:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(slotMessages.full);
    const slots = within(dialog).getByRole('radiogroup', { name: 'Slots the store offers now' });
    expect(slots).toHaveAccessibleDescription(slotMessages.full);
    expect(slots.closest('fieldset')).toContainElement(alert);
    const full = within(dialog).getByRole('radio', { name: 'Tue 01/12, 12:00 PM – 03:00 PM Full' });
    expect(full).toBeDisabled();
    expect(full).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    // The next choice starts from the list.
    expect(within(dialog).getByRole('radio', { name: 'Tue 01/12, 03:00 PM – 06:00 PM' })).toHaveFocus();
    expect(fact.firstChild?.textContent).toBe('Tue 01/12/2026, 09:00 AM – 12:00 PM');

    await user.click(within(dialog).getByRole('radio', { name: 'Tue 01/12, 06:00 PM – 09:00 PM' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Order #4001 moved to Tue 01/12/2026, 06:00 PM – 09:00 PM'),
    ).toBeInTheDocument();
    expect(slotPosts(api, booked).map((call) => (call.body as { version: number }).version)).toEqual([3, 3]);
  });

  it('marks a slot no longer offered, and reads the store’s slots again', async () => {
    const { dialog, user, queryClient } = await openDialog(booked);
    const reads = queryClient.getQueryState(slotRuleKey)!.dataUpdateCount;
    // 11:30 in Kolkata: the noon slot is past its cut-off.
    vi.setSystemTime(new Date('2026-12-01T06:00:00.000Z'));

    await user.click(within(dialog).getByRole('radio', { name: 'Tue 01/12, 12:00 PM – 03:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(slotMessages.gone);
    expect(
      within(dialog).getByRole('radio', { name: 'Tue 01/12, 12:00 PM – 03:00 PM No longer offered' }),
    ).toBeDisabled();
    await waitFor(() => expect(queryClient.getQueryState(slotRuleKey)?.dataUpdateCount).toBe(reads + 1));
  });

  it('shows a refusal of the request on the list, keeping the choice', async () => {
    const why = 'must be the id of one of the store’s slots';
    const { dialog, user } = await openDialog(booked, {
      overrides: () => ({
        [`POST /api/orders/${booked.id}/slot`]: () =>
          apiError(400, 'invalid_input', messages.invalidInput, { fields: { slotId: why } }),
      }),
    });

    const choice = within(dialog).getByRole('radio', { name: 'Wed 02/12, 10:00 AM – 01:00 PM' });
    await user.click(choice);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(why);
    expect(choice).toBeChecked();
    expect(choice).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows any other failure in the Error dialog, keeping the choice', async () => {
    const { dialog, user } = await openDialog(booked, {
      overrides: () => ({
        [`POST /api/orders/${booked.id}/slot`]: () => apiError(500, 'internal', messages.unknownError),
      }),
    });

    const choice = within(dialog).getByRole('radio', { name: 'Wed 02/12, 10:00 AM – 01:00 PM' });
    await user.click(choice);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent(messages.unknownError);
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument());
    expect(choice).toBeChecked();
  });

  it('shows the store’s slots loading, and a failed read with Try again', async () => {
    let failing = false;
    const { dialog, user, queryClient } = await openDialog(booked, {
      overrides: (server) => ({
        [`GET /api/stores/${slotStore.id}`]: (call) =>
          failing
            ? apiError(500, 'internal', messages.unknownError)
            : server.handlers[`GET /api/stores/${slotStore.id}`]!(call),
      }),
    });

    // The store read anew from nothing (as after the cache let it go).
    failing = true;
    await act(() => queryClient.resetQueries({ queryKey: slotRuleKey }));
    const failed = await within(dialog).findByText('Could not load the store’s slots');
    expect(failed.closest('[role="alert"]')).toHaveTextContent(messages.unknownError);
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByRole('radio', { name: 'Tue 01/12, 12:00 PM – 03:00 PM' }),
    ).toBeInTheDocument();
  });

  it('shows a loading bar while the store is read', async () => {
    let hold: Promise<void> | null = null;
    let release = () => undefined as void;
    const { dialog, queryClient } = await openDialog(booked, {
      overrides: (server) => ({
        [`GET /api/stores/${slotStore.id}`]: async (call) => {
          if (hold) await hold;
          return server.handlers[`GET /api/stores/${slotStore.id}`]!(call);
        },
      }),
    });

    hold = new Promise<void>((resolve) => (release = resolve));
    await act(async () => {
      void queryClient.resetQueries({ queryKey: slotRuleKey });
    });
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Loading the store’s slots' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    release();
    expect(
      await within(dialog).findByRole('radio', { name: 'Tue 01/12, 12:00 PM – 03:00 PM' }),
    ).toBeInTheDocument();
  });

  it('says when the store offers no slots now', async () => {
    const closed = { ...slotStore, status: 0 as const };
    const view = render(booked, { stores: [closed, asapStore] });
    const fact = await slotFact(4001);
    await view.user.click(await within(fact).findByRole('button', { name: 'Change slot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the slot of order #4001' });

    expect(await within(dialog).findByText('The store offers no slots now.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('speaks Hindi: the dialog, the slots by day in Hindi’s words, a full slot marked and said', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const view = render(booked);
    await screen.findByRole('heading', { level: 1, name: `ऑर्डर #${booked.number}` });
    await view.user.click(await screen.findByRole('button', { name: 'स्लॉट बदलें' }));
    const dialog = await screen.findByRole('dialog', { name: `ऑर्डर #${booked.number} का स्लॉट बदलें` });
    const list = await within(dialog).findByRole('radiogroup', { name: 'स्टोर के अभी उपलब्ध स्लॉट' });
    expect(dialog).toHaveTextContent(
      'मंगल 01/12/2026, 09:00 am – 12:00 pm के लिए बुक है। ग्राहक को नया स्लॉट तुरंत दिखता है।',
    );
    const days = within(list).getAllByRole('group');
    expect(days.map((day) => day.querySelector('h3')?.textContent)).toEqual(['मंगल 01/12', 'बुध 02/12']);
    expect(within(days[0]!).getAllByRole('radio')[0]!.closest('label')?.textContent).toBe(
      'मंगल 01/12, 09:00 am – 12:00 pm मौजूदा',
    );

    // The noon slot's two places are taken.
    await view.user.click(within(dialog).getByRole('radio', { name: 'मंगल 01/12, 12:00 pm – 03:00 pm' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'सेव करें' }));
    expect(await within(dialog).findByText('यह स्लॉट भरा हुआ है: दूसरा चुनें')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('radio', { name: 'मंगल 01/12, 12:00 pm – 03:00 pm भरा हुआ' }),
    ).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'वापस' })).toBeEnabled();
  });

  it('has no axe findings, with a refusal shown', async () => {
    const { dialog, user } = await openDialog(booked);
    await noAxeFindings(dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Tue 01/12, 12:00 PM – 03:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByRole('alert');
    await noAxeFindings(dialog);
  });

  it('works on a 375 px phone, with no axe findings', async () => {
    setViewportWidth(375);
    const { dialog, user, fact } = await openDialog(booked);
    await noAxeFindings(fact.closest('dl')!);
    await noAxeFindings(dialog);

    await user.click(within(dialog).getByRole('radio', { name: 'Wed 02/12, 10:00 AM – 01:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Order #4001 moved to Wed 02/12/2026, 10:00 AM – 01:00 PM'),
    ).toBeInTheDocument();
  });
});
