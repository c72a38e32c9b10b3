import { messages } from '@storedesk/shared/messages';
import { amountMessages } from '@storedesk/shared/money';
import type { StoreDeliveryRule } from '@storedesk/shared/stores/delivery-rule';
import { deliveryRuleMessages } from '@storedesk/shared/stores/delivery-rule-schemas';
import type { Store, StoreInput } from '@storedesk/shared/stores/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { adminSession, listOf, ownerSession, storeFixture, zoneNorth } from '@/testing/fixtures.ts';
import type { ApiCall, Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * B19, ADR 0081: the store form's "Minimum order and delivery fee". Off, the store follows the
 * business's order settings and the form sends `deliveryRule: null`; on, it sends the store's own
 * rule (bands from 0 km, each further than the one before), checked first with the shared schema's
 * words, and the server's words land on the field they name.
 */

const threeBands: StoreDeliveryRule = {
  minimumOrderPaise: 19900,
  feeBands: [
    { fromKm: 0, feePaise: 2000 },
    { fromKm: 2, feePaise: 4000 },
    { fromKm: 5, feePaise: 6000 },
  ],
  freeFromPaise: 49900,
};
const store = storeFixture();
const storePath = `/api/stores/${store.id}`;

function saved(call: ApiCall) {
  return json(200, { ...store, ...(call.body as Partial<Store>), version: 5 });
}

function renderEdit(of: Store, handlers: Record<string, Handler> = {}, session = adminSession) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/zones': () => json(200, listOf([zoneNorth])),
    'GET /api/stores': () => json(200, listOf([of])),
    [`GET ${storePath}`]: () => json(200, of),
    [`PATCH ${storePath}`]: saved,
    ...handlers,
  });
  return { ...renderApp(`/stores/${of.id}/edit`), api };
}

const section = async () =>
  (await screen.findByRole('heading', { name: 'Minimum order and delivery fee' })).closest('section')!;
const ruleSwitch = () => screen.getByRole('switch', { name: 'Its own minimum order and delivery fee' });
const minimum = () => screen.getByRole('textbox', { name: /^Minimum order \(₹\)/ });
const freeFrom = () => screen.getByRole('textbox', { name: /^Free delivery from \(₹\)/ });
const band = (number: number) => screen.getByRole('group', { name: `Band ${number}` });
const bands = () => screen.queryAllByRole('group', { name: /^Band \d+$/ });
const fromField = (group: HTMLElement) => within(group).getByRole('spinbutton', { name: /^From \(km\)/ });
const firstFrom = () => within(band(1)).getByRole('textbox', { name: /^From \(km\)/ });
const feeField = (group: HTMLElement) => within(group).getByRole('textbox', { name: /^Fee \(₹\)/ });
const addButton = () => screen.getByRole('button', { name: 'Add a band' });
const removeButton = (number: number) =>
  within(band(number)).getByRole('button', { name: `Remove band ${number}` });
/** The line of the preview that says what customers read. */
const preview = () => screen.getByText(/^Customers read:/).closest('p');
const save = () => screen.getByRole('button', { name: 'Save store' });

/** The text under a field, as assistive technology reads it with the field (a link inside keeps its words). */
const hintOf = (field: HTMLElement) =>
  document.getElementById((field.getAttribute('aria-describedby') ?? '').split(' ')[0]!)?.textContent;

async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.paste(text);
}

describe('store form: minimum order and delivery fee', () => {
  it('turns the store’s own rule on, builds three bands by keyboard, previews it, and sends it with the version', async () => {
    const { user, api } = renderEdit(store);
    const rule = await section();
    expect(ruleSwitch()).not.toBeChecked();
    expect(hintOf(ruleSwitch())).toBe('Off: the store follows the business’s Settings › Order settings.');
    expect(within(rule).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Minimum order/ })).not.toBeInTheDocument();

    await user.click(ruleSwitch());

    // One band from the store to start with: its start is fixed, the amounts are the owner's to give.
    expect(minimum()).toHaveValue('');
    expect(freeFrom()).toHaveValue('');
    expect(freeFrom()).not.toBeRequired();
    expect(freeFrom()).toHaveAccessibleDescription(
      'Empty: delivery is never free. Judged on the items’ total, before a coupon.',
    );
    expect(bands()).toHaveLength(1);
    expect(firstFrom()).toHaveValue('0');
    expect(firstFrom()).toBeDisabled();
    expect(within(band(1)).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(preview()).toHaveTextContent('Customers read: the rule, once every field is filled in.');

    await enter(user, minimum(), '199');
    await enter(user, freeFrom(), '499');
    expect(freeFrom()).toHaveAccessibleDescription(
      'Orders whose items come to ₹499.00 or more are delivered free.',
    );
    await enter(user, feeField(band(1)), '20');
    expect(firstFrom()).toHaveAccessibleDescription('any distance');

    // Add a band: it takes the focus, and Tab runs through its fields to "Add a band" again.
    addButton().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fromField(band(2))).toHaveFocus());
    expect(fromField(band(2))).toHaveValue(null);
    expect(fromField(band(2))).toHaveAttribute('max', '50');
    expect(fromField(band(2))).toHaveAttribute('step', '0.1');
    await user.keyboard('2');
    await user.tab();
    expect(feeField(band(2))).toHaveFocus();
    await user.paste('40');
    await user.tab();
    expect(removeButton(2)).toHaveFocus();
    await user.tab();
    expect(addButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fromField(band(3))).toHaveFocus());
    await user.keyboard('5');
    await user.tab();
    await user.paste('60');

    // Each band in words under its start, and the rule as customers read it.
    expect(firstFrom()).toHaveAccessibleDescription('0–2 km');
    expect(fromField(band(2))).toHaveAccessibleDescription('2–5 km');
    expect(fromField(band(3))).toHaveAccessibleDescription('over 5 km');
    expect(preview()).toHaveTextContent(
      'Customers read: Minimum ₹199.00 · Delivery ₹20.00–₹60.00 by distance · free from ₹499.00',
    );
    expect(within(rule).getByText('0–2 km ₹20.00, 2–5 km ₹40.00, over 5 km ₹60.00')).toBeInTheDocument();

    const { violations } = await axe.run(rule, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
    ).toEqual([]);

    await user.click(save());

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
      deliverySlots: null,
      specialDays: [],
      deliveryRule: threeBands,
      version: 4,
    });
  });

  it('shows a store’s rule, removes bands by keyboard, and sends null when switched off', async () => {
    const { user, api } = renderEdit(storeFixture({ deliveryRule: threeBands }));
    await section();
    await waitFor(() => expect(ruleSwitch()).toBeChecked());
    expect(hintOf(ruleSwitch())).toBe(
      'Orders from this store meet these instead of the business’s Settings › Order settings.',
    );
    expect(minimum()).toHaveValue('199.00');
    expect(freeFrom()).toHaveValue('499.00');
    expect(bands()).toHaveLength(3);
    expect(feeField(band(1))).toHaveValue('20.00');
    expect(fromField(band(2))).toHaveValue(2);
    expect(feeField(band(2))).toHaveValue('40.00');
    expect(fromField(band(3))).toHaveValue(5);
    expect(feeField(band(3))).toHaveValue('60.00');

    // Removing a band puts the focus on the one now in its place; the last, on "Add a band".
    removeButton(2).focus();
    await user.keyboard('{Enter}');
    expect(bands()).toHaveLength(2);
    await waitFor(() => expect(fromField(band(2))).toHaveFocus());
    expect(fromField(band(2))).toHaveValue(5);
    expect(firstFrom()).toHaveAccessibleDescription('0–5 km');
    removeButton(2).focus();
    await user.keyboard('{Enter}');
    expect(bands()).toHaveLength(1);
    await waitFor(() => expect(addButton()).toHaveFocus());
    expect(firstFrom()).toHaveAccessibleDescription('any distance');

    await user.click(ruleSwitch());
    expect(screen.queryByRole('group', { name: 'Band 1' })).not.toBeInTheDocument();
    await user.click(save());

    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    const body = api.callsTo(`PATCH ${storePath}`)[0]?.body as StoreInput & { version: number };
    expect(body.deliveryRule).toBeNull();
    expect(body).toMatchObject({ name: store.name, version: 4 });
    expect(body).not.toHaveProperty('ruleOn');
  });

  it('takes at most ten bands', async () => {
    const nine = Array.from({ length: 9 }, (_, index) => ({ fromKm: index, feePaise: 1000 * (index + 1) }));
    const { user } = renderEdit(storeFixture({ deliveryRule: { ...threeBands, feeBands: nine } }));
    await section();
    await waitFor(() => expect(bands()).toHaveLength(9));
    expect(screen.queryByText('A store has at most 10 bands.')).not.toBeInTheDocument();

    await user.click(addButton());

    expect(bands()).toHaveLength(10);
    expect(addButton()).toBeDisabled();
    expect(screen.getByText('A store has at most 10 bands.')).toBeInTheDocument();
    await user.click(removeButton(10));
    expect(addButton()).toBeEnabled();
  });

  it('refuses what the shared schema refuses, in its words at the field, and sends nothing', async () => {
    const { user, api } = renderEdit(store);
    await section();
    await user.click(ruleSwitch());

    await enter(user, minimum(), 'abc');
    await enter(user, freeFrom(), '-5');
    await user.click(addButton());
    await enter(user, fromField(band(2)), '3');
    await enter(user, feeField(band(2)), '30');
    await user.click(addButton());
    await enter(user, fromField(band(3)), '2');
    await enter(user, feeField(band(3)), '20');
    // The last band's start left empty does not hide the one before it being out of order.
    await user.click(addButton());
    await enter(user, feeField(band(4)), '1,00,00,001');

    await user.click(save());

    await waitFor(() => expect(minimum()).toHaveAccessibleDescription(amountMessages.rupees));
    expect(freeFrom()).toHaveAccessibleDescription('must be 0 or more');
    expect(feeField(band(1))).toHaveAccessibleDescription(messages.isRequired);
    expect(fromField(band(3))).toHaveAccessibleDescription(deliveryRuleMessages.ascending);
    expect(deliveryRuleMessages.ascending).toBe('must start further than the band before');
    expect(fromField(band(4))).toHaveAccessibleDescription('must be from 0 to 50 km, to one decimal');
    expect(feeField(band(4))).toHaveAccessibleDescription('must be at most ₹1,00,00,000');
    for (const field of [minimum(), freeFrom(), feeField(band(1)), fromField(band(3)), fromField(band(4))])
      expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fromField(band(2))).toHaveAttribute('aria-invalid', 'false');
    await waitFor(() => expect(minimum()).toHaveFocus());
    expect(preview()).toHaveTextContent('Customers read: the rule, once every field is filled in.');
    expect(api.callsTo(`PATCH ${storePath}`)).toHaveLength(0);
  });

  it('clears each message as its field is put right, and then saves', async () => {
    const { user, api } = renderEdit(store);
    await section();
    await user.click(ruleSwitch());
    await enter(user, minimum(), 'abc');
    await user.click(addButton());
    await enter(user, fromField(band(2)), '3');
    await enter(user, feeField(band(2)), '30');
    await user.click(addButton());
    await enter(user, fromField(band(3)), '2');
    await enter(user, feeField(band(3)), '20');
    await user.click(addButton());
    await user.click(save());
    await waitFor(() =>
      expect(fromField(band(3))).toHaveAccessibleDescription(deliveryRuleMessages.ascending),
    );

    // A band put in order ends the message on the one after it; letters are no distance.
    await enter(user, fromField(band(2)), '1');
    await user.tab();
    await waitFor(() => expect(fromField(band(3))).toHaveAttribute('aria-invalid', 'false'));
    await enter(user, fromField(band(4)), '7.5');
    await waitFor(() => expect(fromField(band(4))).toHaveAttribute('aria-invalid', 'false'));
    expect(fromField(band(3))).toHaveAccessibleDescription('2–7.5 km');
    await enter(user, fromField(band(4)), '60');
    await waitFor(() =>
      expect(fromField(band(4))).toHaveAccessibleDescription('must be from 0 to 50 km, to one decimal'),
    );
    await enter(user, fromField(band(4)), 'abc');
    await user.click(save());
    await waitFor(() =>
      expect(fromField(band(4))).toHaveAccessibleDescription('must be from 0 to 50 km, to one decimal'),
    );
    expect(api.callsTo(`PATCH ${storePath}`)).toHaveLength(0);

    // Fixed, it saves; the free-delivery amount left empty is never.
    await enter(user, minimum(), '0');
    await enter(user, freeFrom(), '');
    await enter(user, feeField(band(1)), '10');
    await enter(user, fromField(band(4)), '7.5');
    await enter(user, feeField(band(4)), '₹ 1,000.50');
    await user.click(save());

    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect((api.callsTo(`PATCH ${storePath}`)[0]?.body as StoreInput).deliveryRule).toEqual({
      minimumOrderPaise: 0,
      feeBands: [
        { fromKm: 0, feePaise: 1000 },
        { fromKm: 1, feePaise: 3000 },
        { fromKm: 2, feePaise: 2000 },
        { fromKm: 7.5, feePaise: 100050 },
      ],
      freeFromPaise: null,
    });
  });

  it("puts the server's messages on the fields they name, the first taking the focus", async () => {
    const { user } = renderEdit(storeFixture({ deliveryRule: threeBands }), {
      [`PATCH ${storePath}`]: () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: {
            'deliveryRule.feeBands.2.feePaise': 'must be at most ₹1,00,00,000',
            'deliveryRule.feeBands.1.fromKm': deliveryRuleMessages.ascending,
          },
        }),
    });
    await section();
    await waitFor(() => expect(bands()).toHaveLength(3));

    await user.click(save());

    await waitFor(() =>
      expect(fromField(band(2))).toHaveAccessibleDescription(deliveryRuleMessages.ascending),
    );
    expect(fromField(band(2))).toHaveAttribute('aria-invalid', 'true');
    expect(feeField(band(3))).toHaveAccessibleDescription('must be at most ₹1,00,00,000');
    expect(feeField(band(2))).toHaveAttribute('aria-invalid', 'false');
    await waitFor(() => expect(fromField(band(2))).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    expect(screen.queryByText('Store saved')).not.toBeInTheDocument();
  });

  it("saves with the version its edits started from, and names the rule when a colleague's save changed it (D9)", async () => {
    let current = storeFixture({ deliveryRule: threeBands });
    const { user, api, queryClient } = renderEdit(current, {
      [`GET ${storePath}`]: () => json(200, current),
      [`PATCH ${storePath}`]: (call) => {
        const { version } = call.body as { version: number };
        if (version !== current.version) return apiError(409, 'conflict', messages.staleRecord, { current });
        return saved(call);
      },
    });
    await section();
    await waitFor(() => expect(minimum()).toHaveValue('199.00'));
    await enter(user, minimum(), '249');

    // A colleague makes delivery free over ₹299 meanwhile; the live event brings their store.
    current = { ...current, deliveryRule: { ...threeBands, freeFromPaise: 29900 }, version: 5 };
    act(() => queryClient.setQueryData(['stores', 'detail', store.id], current));
    expect(freeFrom()).toHaveValue('499.00');

    await user.click(save());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this store while you were editing: Minimum order and delivery fee changed.',
    );
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toMatchObject({
      deliveryRule: { ...threeBands, minimumOrderPaise: 24900 },
      version: 4,
    });
    // The form now shows their rule.
    expect(minimum()).toHaveValue('199.00');
    expect(freeFrom()).toHaveValue('299.00');
  });

  it('links the owner to the order settings the store follows', async () => {
    renderEdit(store, {}, ownerSession);
    const rule = await section();
    expect(hintOf(ruleSwitch())).toBe('Off: the store follows Settings › Order settings.');
    expect(within(rule).getByRole('link', { name: 'Settings › Order settings' })).toHaveAttribute(
      'href',
      '/settings?tab=order',
    );
  });

  it('adds a store with its own rule', async () => {
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'GET /api/stores': () => json(200, listOf([])),
      'POST /api/stores': (call) =>
        json(201, storeFixture({ ...(call.body as StoreInput), status: 0, version: 1 })),
    });
    const { user } = renderApp('/stores/add');
    await section();
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
    await user.click(ruleSwitch());
    await enter(user, minimum(), '150');
    await enter(user, feeField(band(1)), '25');

    await user.click(screen.getByRole('button', { name: 'Add store' }));

    expect(await screen.findByText('Store added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/stores')[0]?.body).toMatchObject({
      name: 'Green Basket',
      deliveryRule: {
        minimumOrderPaise: 15000,
        feeBands: [{ fromKm: 0, feePaise: 2500 }],
        freeFromPaise: null,
      },
    });
  });
});
