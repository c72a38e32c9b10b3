import { businessDay, formatDay } from '@storedesk/shared/dates';
import { addDays } from '@storedesk/shared/delivery/dispatch';
import { messages } from '@storedesk/shared/messages';
import type { Store, StoreInput } from '@storedesk/shared/stores/schemas';
import { specialDayMessages } from '@storedesk/shared/stores/special-days';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { adminSession, listOf, storeFixture } from '@/testing/fixtures.ts';
import type { ApiCall, Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * B19, ADR 0080: the store form's "Holidays and special hours". Each day is closed all day or keeps
 * special hours, with the reason customers read; the form sends the whole list with the store,
 * checked first with the shared schema's words, under the version its edits started from.
 */

const today = businessDay(new Date(), adminSession.business.timeZone);
const diwali = addDays(today, 3);
const halfDay = addDays(today, 10);
const twoDays: Store['specialDays'] = [
  { day: diwali, closed: true, openTime: null, closeTime: null, reason: 'Diwali' },
  { day: halfDay, closed: false, openTime: '10:00', closeTime: '14:00', reason: 'Half day' },
];
const store = storeFixture({ specialDays: twoDays });
const storePath = `/api/stores/${store.id}`;

const weekday = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(Date.parse(day));

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

const section = async () =>
  (await screen.findByRole('heading', { name: 'Holidays and special hours' })).closest('section')!;
const dayGroup = (day: string) => screen.getByRole('group', { name: `Special day ${formatDay(day)}` });
const dayGroups = () => screen.queryAllByRole('group', { name: /^Special day / });
const dayField = (group: HTMLElement) => within(group).getByRole('textbox', { name: /^Day/ });
const reasonField = (group: HTMLElement) => within(group).getByRole('textbox', { name: /^Reason/ });
const closedBox = (group: HTMLElement) => within(group).getByRole('checkbox', { name: 'Closed all day' });
const timeField = (group: HTMLElement, label: RegExp) => within(group).getByRole('combobox', { name: label });
const addButton = () => screen.getByRole('button', { name: 'Add a day' });
const save = () => screen.getByRole('button', { name: 'Save store' });

async function chooseTime(user: UserEvent, group: HTMLElement, label: RegExp, option: string) {
  await user.click(timeField(group, label));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Types a day into a row's Day field as DD/MM/YYYY (pasted: a day typed whole, as fast as a test can). */
async function typeDay(user: UserEvent, group: HTMLElement, day: string) {
  await user.clear(dayField(group));
  await user.paste(formatDay(day));
}

async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}

describe('store form: holidays and special hours', () => {
  it('shows the store’s days, with what customers read, and saves the whole list with the version', async () => {
    const { user, api } = renderEdit(store);
    const days = await section();
    await waitFor(() => expect(dayGroups()).toHaveLength(2));

    const closed = dayGroup(diwali);
    expect(dayField(closed)).toHaveValue(formatDay(diwali));
    expect(dayField(closed)).toHaveAccessibleDescription(weekday(diwali));
    expect(closedBox(closed)).toBeChecked();
    expect(within(closed).queryByRole('combobox', { name: /^Open time/ })).not.toBeInTheDocument();
    expect(reasonField(closed)).toHaveValue('Diwali');
    expect(reasonField(closed)).toHaveAccessibleDescription(
      'Customers read: “This store is closed today (Diwali)”',
    );

    const special = dayGroup(halfDay);
    expect(closedBox(special)).not.toBeChecked();
    expect(timeField(special, /^Open time/)).toHaveTextContent('10:00 AM');
    expect(timeField(special, /^Close time/)).toHaveTextContent('02:00 PM');
    expect(reasonField(special)).toHaveAccessibleDescription(
      'Outside these hours customers read: “This store is closed now. Today (Half day) it takes orders from 10:00 AM to 02:00 PM”',
    );

    // The Diwali closing becomes special hours.
    await user.click(closedBox(closed));
    await chooseTime(user, closed, /^Open time/, '08:00 AM');
    await chooseTime(user, closed, /^Close time/, '01:00 PM');

    const { violations } = await axe.run(days, { rules: { 'color-contrast': { enabled: false } } });
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
      specialDays: [
        { day: diwali, closed: false, openTime: '08:00', closeTime: '13:00', reason: 'Diwali' },
        { day: halfDay, closed: false, openTime: '10:00', closeTime: '14:00', reason: 'Half day' },
      ],
      deliveryRule: null,
      version: 4,
    });
  });

  it('says when there are none, and adds and removes days by keyboard', async () => {
    const { user, api } = renderEdit(storeFixture());
    const days = await section();
    expect(within(days).getByText('None: the store keeps its usual hours every day.')).toBeInTheDocument();
    expect(dayGroups()).toHaveLength(0);

    // Add a day: it starts today, closed all day, and takes the focus; past days are not on its calendar.
    addButton().focus();
    await user.keyboard('{Enter}');
    const first = dayGroup(today);
    await waitFor(() => expect(dayField(first)).toHaveFocus());
    expect(dayField(first)).toHaveValue(formatDay(today));
    expect(dayField(first)).toHaveAccessibleDescription(`Today, ${weekday(today)}`);
    expect(first.querySelector('input[type="date"]')).toHaveAttribute('min', today);
    expect(closedBox(first)).toBeChecked();
    expect(within(days).queryByText(/^None:/)).not.toBeInTheDocument();

    await typeDay(user, first, diwali);
    await user.tab(); // the calendar button
    await user.tab();
    expect(closedBox(dayGroup(diwali))).toHaveFocus();
    await user.tab();
    expect(reasonField(dayGroup(diwali))).toHaveFocus();
    await user.paste('Diwali');
    expect(reasonField(dayGroup(diwali))).toHaveValue('Diwali');

    // The next day added starts on the first free day.
    await user.tab(); // Remove
    await user.tab(); // Add a day
    expect(addButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    const second = dayGroup(today);
    await waitFor(() => expect(dayField(second)).toHaveFocus());
    await user.keyboard('{Tab}{Tab} '); // unticks "Closed all day"
    expect(closedBox(second)).not.toBeChecked();
    await chooseTime(user, second, /^Open time/, '10:00 AM');
    await chooseTime(user, second, /^Close time/, '04:00 PM');
    await enter(user, reasonField(second), 'Stock taking');
    expect(dayField(second)).toHaveAccessibleDescription(`Today, ${weekday(today)}`);

    // Removing the first puts the focus on the one now in its place.
    within(dayGroup(diwali))
      .getByRole('button', { name: `Remove ${formatDay(diwali)}` })
      .focus();
    await user.keyboard('{Enter}');
    expect(dayGroups()).toHaveLength(1);
    await waitFor(() => expect(dayField(dayGroup(today))).toHaveFocus());

    await user.click(save());
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toMatchObject({
      specialDays: [
        { day: today, closed: false, openTime: '10:00', closeTime: '16:00', reason: 'Stock taking' },
      ],
      version: 4,
    });
  });

  it('refuses what the shared schema refuses, in its words at the field, and sends nothing', async () => {
    const { user, api } = renderEdit(store);
    await section();
    await waitFor(() => expect(dayGroups()).toHaveLength(2));

    await user.click(addButton());
    const added = dayGroup(today);
    await user.click(closedBox(added)); // special hours, but none chosen
    await typeDay(user, added, halfDay); // a day already given
    const twice = screen.getAllByRole('group', { name: `Special day ${formatDay(halfDay)}` })[1]!;
    await waitFor(() => expect(dayField(twice)).toHaveAccessibleDescription(specialDayMessages.sameDay));
    await enter(user, reasonField(dayGroup(diwali)), 'x'.repeat(101));

    await user.click(save());

    await waitFor(() =>
      expect(timeField(twice, /^Open time/)).toHaveAccessibleDescription(specialDayMessages.hoursNeeded),
    );
    expect(specialDayMessages.hoursNeeded).toBe('give the hours, or mark the day closed');
    expect(timeField(twice, /^Close time/)).toHaveAccessibleDescription(specialDayMessages.hoursNeeded);
    expect(reasonField(twice)).toHaveAccessibleDescription('is required');
    expect(reasonField(twice)).toHaveAttribute('aria-invalid', 'true');
    expect(reasonField(dayGroup(diwali))).toHaveAccessibleDescription('must be at most 100 characters');
    expect(dayField(twice)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(reasonField(dayGroup(diwali))).toHaveFocus());
    expect(api.callsTo(`PATCH ${storePath}`)).toHaveLength(0);

    // Fixed one by one, each message goes; closed all day needs no hours.
    await enter(user, reasonField(dayGroup(diwali)), 'Diwali');
    await typeDay(user, twice, addDays(today, 20));
    const fixed = dayGroup(addDays(today, 20));
    await waitFor(() => expect(dayField(fixed)).toHaveAccessibleDescription(weekday(addDays(today, 20))));
    // Saved again, the first field still to fix, in the order shown, takes the focus.
    await user.click(save());
    await waitFor(() => expect(timeField(fixed, /^Open time/)).toHaveFocus());
    expect(api.callsTo(`PATCH ${storePath}`)).toHaveLength(0);
    await user.click(closedBox(fixed));
    expect(within(fixed).queryByRole('combobox', { name: /^Open time/ })).not.toBeInTheDocument();
    await enter(user, reasonField(fixed), 'Stock taking');
    await user.click(save());

    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect((api.callsTo(`PATCH ${storePath}`)[0]?.body as StoreInput).specialDays).toEqual([
      ...twoDays,
      { day: addDays(today, 20), closed: true, openTime: null, closeTime: null, reason: 'Stock taking' },
    ]);
  });

  it("puts the server's messages on the day they name, the first taking the focus", async () => {
    const { user } = renderEdit(store, {
      [`PATCH ${storePath}`]: () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { 'specialDays.1.reason': 'must be at most 100 characters' },
        }),
    });
    await section();
    await waitFor(() => expect(dayGroups()).toHaveLength(2));

    await user.click(save());

    await waitFor(() =>
      expect(reasonField(dayGroup(halfDay))).toHaveAccessibleDescription('must be at most 100 characters'),
    );
    await waitFor(() => expect(reasonField(dayGroup(halfDay))).toHaveFocus());
    expect(reasonField(dayGroup(diwali))).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it("saves with the version its edits started from, and names the days when a colleague's save changed them (D9)", async () => {
    let current = store;
    const { user, api, queryClient } = renderEdit(store, {
      [`GET ${storePath}`]: () => json(200, current),
      [`PATCH ${storePath}`]: (call) => {
        const { version } = call.body as { version: number };
        if (version !== current.version) return apiError(409, 'conflict', messages.staleRecord, { current });
        return saved(call);
      },
    });
    await section();
    await waitFor(() => expect(dayGroups()).toHaveLength(2));
    await user.click(within(dayGroup(diwali)).getByRole('button', { name: `Remove ${formatDay(diwali)}` }));

    // A colleague closes the store on another day meanwhile; the live event brings their store.
    const theirs = addDays(today, 5);
    current = {
      ...store,
      specialDays: [
        ...twoDays,
        { day: theirs, closed: true, openTime: null, closeTime: null, reason: 'Audit' },
      ],
      version: 5,
    };
    act(() => queryClient.setQueryData(['stores', 'detail', store.id], current));
    expect(dayGroups()).toHaveLength(1);

    await user.click(save());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this store while you were editing: Holidays and special hours changed.',
    );
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toMatchObject({
      specialDays: [twoDays[1]],
      version: 4,
    });
    // The form now shows their days.
    await waitFor(() => expect(dayGroups()).toHaveLength(3));
    expect(reasonField(dayGroup(theirs))).toHaveValue('Audit');
  });

  it('adds a store with its holidays', async () => {
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
    await user.click(addButton());
    await typeDay(user, dayGroup(today), diwali);
    await enter(user, reasonField(dayGroup(diwali)), 'Diwali');

    await user.click(screen.getByRole('button', { name: 'Add store' }));

    expect(await screen.findByText('Store added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/stores')[0]?.body).toMatchObject({
      name: 'Green Basket',
      specialDays: [twoDays[0]],
    });
  });

  it('flags a day that has passed, and keeps it unless removed', async () => {
    const yesterday = addDays(today, -1);
    const { user, api } = renderEdit(
      storeFixture({
        specialDays: [{ day: yesterday, closed: true, openTime: null, closeTime: null, reason: 'Bandh' }],
      }),
    );
    await section();
    const past = await screen.findByRole('group', { name: `Special day ${formatDay(yesterday)}` });
    expect(dayField(past)).toHaveAccessibleDescription('Already past: customers no longer see it.');

    await user.click(save());
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect((api.callsTo(`PATCH ${storePath}`)[0]?.body as StoreInput).specialDays).toEqual([
      { day: yesterday, closed: true, openTime: null, closeTime: null, reason: 'Bandh' },
    ]);
  });
});
