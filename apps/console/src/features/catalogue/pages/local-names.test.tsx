import type { Category, Item, ItemInput } from '@storedesk/shared/catalogue/schemas';
import { messages } from '@storedesk/shared/messages';
import { act, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { adminSession, categoryFixture, itemFixture, listOf, storeFixture } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * B19, ADR 0085: an item's and a category's name in Hindi and in Kannada, shown to customers who
 * chose that language. Blank is none (sent as null: the English shows); the form always sends both.
 */

const store = storeFixture();
const base = `/api/stores/${store.id}`;
const fruits = categoryFixture({ nameHi: 'फल', nameKn: 'ಹಣ್ಣುಗಳು' });
const mango = itemFixture({ nameHi: 'आम', nameKn: 'ಮಾವು' });
const tooLong = 'must be at most 100 characters';

function renderForm(entry: string, handlers: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    [`GET ${base}`]: () => json(200, store),
    [`GET ${base}/categories`]: () => json(200, listOf([fruits])),
    [`GET ${base}/categories/${fruits.id}`]: () => json(200, fruits),
    [`GET ${base}/items`]: () => json(200, listOf([mango])),
    [`GET ${base}/items/${mango.id}`]: () => json(200, mango),
    ...handlers,
  });
  return { ...renderApp(entry), api };
}

const hindi = () => screen.getByRole('textbox', { name: 'Name in Hindi' });
const kannada = () => screen.getByRole('textbox', { name: 'Name in Kannada' });

/** Nothing in the two fields (their labels, help and language) that assistive technology would stumble on. */
async function expectNoAxeViolations() {
  const fields = [hindi(), kannada()].map((input) => input.closest<HTMLElement>('.MuiTextField-root')!);
  const { violations } = await axe.run(
    { include: fields },
    { rules: { 'color-contrast': { enabled: false } } },
  );
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
  ).toEqual([]);
}

describe('an item’s name in Hindi and Kannada', () => {
  it('sends the names typed, a blank one as null, each field marked with its language', async () => {
    const { user, api } = renderForm(`/stores/${store.id}/items/add`, {
      [`POST ${base}/items`]: (call) =>
        json(201, itemFixture({ ...(call.body as ItemInput), id: mango.id } as Partial<Item>)),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Rice');
    expect(hindi()).toHaveAttribute('lang', 'hi');
    expect(kannada()).toHaveAttribute('lang', 'kn');
    expect(
      screen.getByText('Optional. Shown to customers who chose Hindi; blank shows the English.'),
    ).toBeInTheDocument();
    await user.type(hindi(), ' चावल ');
    await user.type(kannada(), '   ');
    await user.type(screen.getByRole('combobox', { name: /^Category/ }), 'fru');
    await user.click(await screen.findByRole('option', { name: 'Fruits' }));
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '60');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Add item' }));

    expect(await screen.findByText('Item added')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/items`)[0]?.body).toMatchObject({
      name: 'Rice',
      nameHi: 'चावल',
      nameKn: null,
      categoryId: fruits.id,
    });
  });

  it('fills the edit form with the names and saves them with the version the edits started from', async () => {
    const { user, api } = renderForm(`/stores/${store.id}/items/${mango.id}/edit`, {
      [`PATCH ${base}/items/${mango.id}`]: (call) =>
        json(200, { ...mango, ...(call.body as Partial<Item>), version: 8 }),
    });
    await screen.findByDisplayValue('आम');
    expect(kannada()).toHaveValue('ಮಾವು');
    await user.clear(hindi());
    await user.type(hindi(), 'हापुस आम');
    await user.clear(kannada());
    await user.click(screen.getByRole('button', { name: 'Save item' }));

    expect(await screen.findByText('Item saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${base}/items/${mango.id}`)[0]?.body).toMatchObject({
      name: mango.name,
      nameHi: 'हापुस आम',
      nameKn: null,
      version: 7,
    });
  });

  it("puts the server's refusal of the Hindi name on its field, which takes the focus", async () => {
    const { user } = renderForm(`/stores/${store.id}/items/${mango.id}/edit`, {
      [`PATCH ${base}/items/${mango.id}`]: () =>
        apiError(400, 'invalid_input', messages.invalidInput, { fields: { nameHi: tooLong } }),
    });
    await screen.findByDisplayValue('आम');
    await user.click(screen.getByRole('button', { name: 'Save item' }));

    expect(await screen.findByText(tooLong)).toBeInTheDocument();
    expect(hindi()).toHaveAttribute('aria-invalid', 'true');
    expect(hindi()).toHaveFocus();
    expect(kannada()).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });
});

describe('a category’s name in Hindi and Kannada', () => {
  it('adds a category with its Hindi name, the blank Kannada one as null', async () => {
    const { user, api } = renderForm(`/stores/${store.id}/categories/add`, {
      [`POST ${base}/categories`]: (call) => json(201, categoryFixture(call.body as Partial<Category>)),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Rice');
    expect(hindi()).toHaveAttribute('lang', 'hi');
    expect(kannada()).toHaveAttribute('lang', 'kn');
    await user.type(hindi(), 'चावल');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Add category' }));

    expect(await screen.findByText('Category added')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/categories`)[0]?.body).toEqual({
      name: 'Rice',
      nameHi: 'चावल',
      nameKn: null,
    });
  });

  it('saves the names with the version its edits started from, and names a colleague’s change of them (D9)', async () => {
    const current: Category = { ...fruits, nameHi: 'ताज़े फल', version: 5 };
    const { user, api, queryClient } = renderForm(`/stores/${store.id}/categories/${fruits.id}/edit`, {
      [`PATCH ${base}/categories/${fruits.id}`]: (call) =>
        (call.body as { version: number }).version === current.version
          ? json(200, { ...current, ...(call.body as object), version: 6 })
          : apiError(409, 'conflict', messages.staleRecord, { current }),
    });
    await screen.findByDisplayValue('फल');
    expect(kannada()).toHaveValue('ಹಣ್ಣುಗಳು');
    await user.clear(kannada());
    act(() => queryClient.setQueryData(['catalogue', store.id, 'categories', 'detail', fruits.id], current));
    await user.click(screen.getByRole('button', { name: 'Save category' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this category while you were editing: Name in Hindi changed.',
    );
    expect(api.callsTo(`PATCH ${base}/categories/${fruits.id}`)[0]?.body).toEqual({
      name: 'Fruits',
      nameHi: 'फल',
      nameKn: null,
      version: 2,
    });
    await waitFor(() => expect(hindi()).toHaveValue('ताज़े फल'));
    expect(kannada()).toHaveValue('ಹಣ್ಣುಗಳು');
  });

  it("puts the server's refusal of the Hindi name on its field", async () => {
    const { user } = renderForm(`/stores/${store.id}/categories/${fruits.id}/edit`, {
      [`PATCH ${base}/categories/${fruits.id}`]: () =>
        apiError(400, 'invalid_input', messages.invalidInput, { fields: { nameHi: tooLong } }),
    });
    await screen.findByDisplayValue('फल');
    await user.click(screen.getByRole('button', { name: 'Save category' }));

    expect(await screen.findByText(tooLong)).toBeInTheDocument();
    expect(hindi()).toHaveAttribute('aria-invalid', 'true');
    expect(hindi()).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
