import { messages } from '@storedesk/shared/messages';
import type { Store, StoreInput } from '@storedesk/shared/stores/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { adminSession, listOf, storeFixture } from '@/testing/fixtures.ts';
import type { ApiCall, Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * B19: the store form's "Delivery slots". Off, the store delivers as soon as possible and the form
 * sends `deliverySlots: null`; on, it sends the rule, checked here first with the shared schema's
 * words, and the server's words land on the field they name.
 */

const store = storeFixture();
const storePath = `/api/stores/${store.id}`;
const hourly = { lengthMinutes: 60, capacity: 5, daysAhead: 2, cutoffMinutes: 60 };

function saved(call: ApiCall) {
  return json(200, { ...store, ...(call.body as Partial<Store>), version: 5 });
}

function renderEdit(of: Store, handlers: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    'GET /api/stores': () => json(200, listOf([of])),
    [`GET ${storePath}`]: () => json(200, of),
    [`PATCH ${storePath}`]: saved,
    ...handlers,
  });
  return { ...renderApp(`/stores/${of.id}/edit`), api };
}

const slotsSwitch = () => screen.getByRole('switch', { name: 'Deliver in slots' });
const ruleField = (name: RegExp) => screen.getByRole('spinbutton', { name });
const length = () => ruleField(/^Slot length \(minutes\)/);
const capacity = () => ruleField(/^Orders per slot/);
const daysAhead = () => ruleField(/^Days ahead/);
const cutoff = () => ruleField(/^Cut-off before a slot \(minutes\)/);

async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.type(field, text);
}

/** The helper text or message under a field, as assistive technology reads it with the field. */
const describedBy = (field: HTMLElement) => field.getAttribute('aria-describedby') ?? '';
const hintOf = (field: HTMLElement) =>
  document.getElementById(describedBy(field).split(' ')[0]!)?.textContent;

describe('store form: delivery slots', () => {
  it('turns slots on, explains each number in plain words, and sends the rule with the version', async () => {
    const { user, api } = renderEdit(store);
    const section = (await screen.findByRole('heading', { name: 'Delivery slots' })).closest('section')!;
    expect(slotsSwitch()).not.toBeChecked();
    expect(within(section).getByText('Off: orders are delivered as soon as possible.')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: /^Slot length/ })).not.toBeInTheDocument();

    await user.click(slotsSwitch());

    expect(slotsSwitch()).toBeChecked();
    // The cut-off starts at its default; the rest are the owner's to choose, with their limits.
    expect(length()).toHaveValue(null);
    expect(capacity()).toHaveValue(null);
    expect(daysAhead()).toHaveValue(null);
    expect(cutoff()).toHaveValue(60);
    expect(length()).toHaveAttribute('min', '15');
    expect(length()).toHaveAttribute('max', '480');
    expect(capacity()).toHaveAttribute('max', '1000');
    expect(daysAhead()).toHaveAttribute('max', '14');
    expect(cutoff()).toHaveAttribute('max', '1440');
    expect(hintOf(length())).toBe('From 15 to 480 minutes.');
    expect(hintOf(daysAhead())).toBe('From 0 (today only) to 14 days.');
    expect(hintOf(cutoff())).toBe('A slot can be booked until 60 minutes before it starts.');

    await enter(user, length(), '60');
    await enter(user, capacity(), '5');
    await enter(user, daysAhead(), '2');
    expect(hintOf(length())).toBe('Customers choose a 60-minute slot within the store’s hours.');
    expect(hintOf(capacity())).toBe('A slot takes at most 5 orders; a full slot is not offered.');
    expect(hintOf(daysAhead())).toBe('Customers can book up to 2 days ahead.');
    await enter(user, daysAhead(), '0');
    expect(hintOf(daysAhead())).toBe('Customers can book for today only.');
    await enter(user, daysAhead(), '2');

    // Nothing in the section that assistive technology would stumble on.
    const { violations } = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
    ).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save store' }));

    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${storePath}`)).toHaveLength(1);
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toEqual({
      name: store.name,
      featured: store.featured,
      location: store.location,
      description: store.description,
      descriptionHi: null,
      descriptionKn: null,
      phone: store.phone,
      openTime: '09:00',
      closeTime: '21:30',
      latitude: store.latitude,
      longitude: store.longitude,
      deliveryRadiusKm: 5,
      deliverySlots: hourly,
      specialDays: [],
      deliveryRule: null,
      version: 4,
    });
  });

  it('shows a store’s rule, and sends null when switched off', async () => {
    const { user, api } = renderEdit(storeFixture({ deliverySlots: hourly }));
    await screen.findByRole('heading', { name: 'Delivery slots' });
    await waitFor(() => expect(slotsSwitch()).toBeChecked());
    expect(length()).toHaveValue(60);
    expect(capacity()).toHaveValue(5);
    expect(daysAhead()).toHaveValue(2);
    expect(cutoff()).toHaveValue(60);

    await user.click(slotsSwitch());

    expect(screen.queryByRole('spinbutton', { name: /^Orders per slot/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save store' }));
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    const body = api.callsTo(`PATCH ${storePath}`)[0]?.body as StoreInput & { version: number };
    expect(body.deliverySlots).toBeNull();
    expect(body).toMatchObject({ name: store.name, version: 4 });
    expect(body).not.toHaveProperty('slotsOn');
  });

  it('refuses numbers the rule does not take, in the shared words, and sends nothing', async () => {
    const { user, api } = renderEdit(store);
    await screen.findByRole('heading', { name: 'Delivery slots' });
    await user.click(slotsSwitch());

    await enter(user, length(), '10');
    await enter(user, capacity(), '2.5');
    await enter(user, daysAhead(), '');
    await enter(user, cutoff(), '2000');
    await user.click(screen.getByRole('button', { name: 'Save store' }));

    await waitFor(() => expect(hintOf(length())).toBe('must be from 15 to 480 minutes'));
    expect(hintOf(capacity())).toBe('must be a whole number from 1 to 1000 orders');
    expect(hintOf(daysAhead())).toBe('must be a whole number from 0 to 14 days');
    expect(hintOf(cutoff())).toBe('must be from 0 to 1440 minutes');
    for (const field of [length(), capacity(), daysAhead(), cutoff()])
      expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(length()).toHaveFocus());
    expect(api.callsTo(`PATCH ${storePath}`)).toHaveLength(0);

    // Letters are not a number either (a browser's number field gives nothing for them).
    await enter(user, length(), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save store' }));
    await waitFor(() => expect(hintOf(length())).toBe('must be a whole number from 15 to 480 minutes'));
    expect(api.callsTo(`PATCH ${storePath}`)).toHaveLength(0);

    // Switched off, the rule's messages go and the store saves as delivering as soon as possible.
    await user.click(slotsSwitch());
    await user.click(screen.getByRole('button', { name: 'Save store' }));
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toMatchObject({ deliverySlots: null });
  });

  it("puts the server's messages on the fields they name, the first taking the focus", async () => {
    const { user } = renderEdit(storeFixture({ deliverySlots: hourly }), {
      [`PATCH ${storePath}`]: () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: {
            'deliverySlots.capacity': 'must be from 1 to 1000 orders',
            'deliverySlots.cutoffMinutes': 'must be from 0 to 1440 minutes',
          },
        }),
    });
    await screen.findByRole('heading', { name: 'Delivery slots' });
    await waitFor(() => expect(slotsSwitch()).toBeChecked());

    await user.click(screen.getByRole('button', { name: 'Save store' }));

    await waitFor(() => expect(hintOf(capacity())).toBe('must be from 1 to 1000 orders'));
    expect(capacity()).toHaveAttribute('aria-invalid', 'true');
    expect(hintOf(cutoff())).toBe('must be from 0 to 1440 minutes');
    expect(length()).toHaveAttribute('aria-invalid', 'false');
    await waitFor(() => expect(capacity()).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    expect(screen.queryByText('Store saved')).not.toBeInTheDocument();
  });

  it("saves with the version its edits started from, and names the slots when a colleague's save changed them (D9)", async () => {
    let current = store;
    const { user, api, queryClient } = renderEdit(store, {
      [`GET ${storePath}`]: () => json(200, current),
      [`PATCH ${storePath}`]: (call) => {
        const { version } = call.body as { version: number };
        if (version !== current.version) return apiError(409, 'conflict', messages.staleRecord, { current });
        return saved(call);
      },
    });
    await screen.findByRole('heading', { name: 'Delivery slots' });
    await user.click(slotsSwitch());
    await enter(user, length(), '30');
    await enter(user, capacity(), '3');
    await enter(user, daysAhead(), '1');

    // A colleague turns slots on with another rule meanwhile; the live event brings their store.
    current = { ...store, deliverySlots: hourly, version: 5 };
    act(() => queryClient.setQueryData(['stores', 'detail', store.id], current));
    expect(length()).toHaveValue(30);

    await user.click(screen.getByRole('button', { name: 'Save store' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this store while you were editing: Delivery slots changed.',
    );
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toMatchObject({
      deliverySlots: { lengthMinutes: 30, capacity: 3, daysAhead: 1, cutoffMinutes: 60 },
      version: 4,
    });
    // The form now shows their rule.
    expect(length()).toHaveValue(60);
    expect(capacity()).toHaveValue(5);
  });

  it('adds a store that delivers in slots', async () => {
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'GET /api/stores': () => json(200, listOf([])),
      'POST /api/stores': (call) =>
        json(201, storeFixture({ ...(call.body as StoreInput), status: 0, version: 1 })),
    });
    const { user } = renderApp('/stores/add');
    await screen.findByRole('heading', { name: 'Delivery slots' });
    for (const [label, text] of [
      [/^Name/, 'Green Basket'],
      [/^Phone/, '+91-9812345678'],
      [/^Description$/, 'Organic vegetables'],
      [/^Location/, 'MG Road, Pune'],
    ] as const) {
      await user.click(screen.getByRole('textbox', { name: label }));
      await user.paste(text);
    }
    for (const [label, option] of [
      [/^Featured/, '3'],
      [/^Open time/, '09:00 AM'],
      [/^Close time/, '09:00 PM'],
    ] as const) {
      await user.click(within(screen.getByRole('main')).getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    await user.click(screen.getByRole('button', { name: 'Use the centre of the map' }));
    await user.click(slotsSwitch());
    await enter(user, length(), '120');
    await enter(user, capacity(), '10');
    await enter(user, daysAhead(), '7');
    await enter(user, cutoff(), '0');
    expect(hintOf(cutoff())).toBe('A slot can be booked until it starts.');

    await user.click(screen.getByRole('button', { name: 'Add store' }));

    expect(await screen.findByText('Store added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/stores')[0]?.body).toMatchObject({
      name: 'Green Basket',
      deliverySlots: { lengthMinutes: 120, capacity: 10, daysAhead: 7, cutoffMinutes: 0 },
    });
  });
});
