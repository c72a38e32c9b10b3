import type { Item, ItemInput } from '@storedesk/shared/catalogue/schemas';
import { messages } from '@storedesk/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, categoryFixture, itemFixture, listOf, storeFixture } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';

const store = storeFixture();
const base = `/api/stores/${store.id}`;
const fruits = categoryFixture();
const dairy = categoryFixture({ id: 'c0000000-0000-4000-8000-000000000002', name: 'Dairy' });
const item = itemFixture();

beforeAll(
  () => loadScreensOf(`/stores/${store.id}/items/add`, `/stores/${store.id}/items/${item.id}/edit`),
  LOADING_SCREENS_MS,
);

function renderItemForm(entry: string, overrides: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    [`GET ${base}`]: () => json(200, store),
    [`GET ${base}/categories`]: (call) => {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      return json(200, listOf([fruits, dairy].filter((category) => category.name.toLowerCase().includes(q))));
    },
    [`GET ${base}/items`]: () => json(200, listOf([item])),
    [`POST ${base}/items`]: (call) =>
      json(
        201,
        itemFixture({
          ...(call.body as ItemInput),
          id: 'd0000000-0000-4000-8000-000000000009',
        } as Partial<Item>),
      ),
    ...overrides,
  });
  return { ...renderApp(entry), api };
}

async function chooseCategory(user: UserEvent, typed: string, name: string) {
  await user.type(screen.getByRole('combobox', { name: /^Category/ }), typed);
  await user.click(await screen.findByRole('option', { name }));
}

describe('item form', () => {
  it('sends the price typed in rupees as paise, with the category, other names, tags and switches', async () => {
    const { user, api } = renderItemForm(`/stores/${store.id}/items/add`);
    expect(await screen.findByRole('link', { name: store.name })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Paneer');
    await user.type(screen.getByRole('combobox', { name: /^Category/ }), 'dai');
    // The categories are searched on the server with what was typed: a store may have many.
    await waitFor(() =>
      expect(api.callsTo(`GET ${base}/categories`).some((call) => call.query.get('q') === 'dai')).toBe(true),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Dairy']),
    );
    await user.click(screen.getByRole('option', { name: 'Dairy' }));
    await user.click(screen.getByRole('combobox', { name: /^Featured/ }));
    await user.click(await screen.findByRole('option', { name: 'Top Pick' }));
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '140.50');
    await user.click(screen.getByRole('combobox', { name: /^GST rate/ }));
    await user.click(await screen.findByRole('option', { name: '5%' }));
    await user.type(screen.getByRole('textbox', { name: /^HSN code/ }), '0406');
    await user.type(
      screen.getByRole('combobox', { name: /^Other names/ }),
      'chhena{Enter}पनीर,Chhena{Enter}',
    );
    await user.type(screen.getByRole('combobox', { name: /^Tags/ }), 'fresh{Enter}protein,');
    expect(screen.getByRole('button', { name: 'fresh' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Pure Veg' }));
    await user.click(screen.getByRole('button', { name: 'Add item' }));

    expect(await screen.findByText('Item added')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/items`)[0]?.body).toEqual({
      name: 'Paneer',
      nameHi: null,
      nameKn: null,
      categoryId: dairy.id,
      featured: 3,
      gstRate: 5,
      hsn: '0406',
      tags: ['fresh', 'protein'],
      aliases: ['chhena', 'पनीर'],
      veg: true,
      inStock: true,
      variants: [
        {
          label: '',
          pricePaise: 14_050,
          mrpPaise: null,
          sku: null,
          barcode: null,
          stepGrams: null,
          maxGrams: null,
          stock: null,
          lowStockAt: null,
        },
      ],
    });
  });

  it('shows the other names customers search by apart from the tags, edits them, and says what they are for', async () => {
    const { user, api } = renderItemForm(`/stores/${store.id}/items/${item.id}/edit`, {
      [`GET ${base}/items/${item.id}`]: () => json(200, item),
      [`PATCH ${base}/items/${item.id}`]: (call) =>
        json(200, { ...item, ...(call.body as Partial<Item>), version: 8 }),
    });
    const otherNames = await screen.findByRole('combobox', { name: /^Other names/ });
    expect(
      screen.getByText(
        'Optional: other names and spellings customers search by, such as chawal or चावल. Customers never see them. Press Enter after each.',
      ),
    ).toBeInTheDocument();
    // Each field holds its own chips: aam among the other names, seasonal among the tags.
    const chipsOf = (field: HTMLElement) =>
      [...field.closest('.MuiAutocomplete-root')!.querySelectorAll('.MuiChip-label')].map(
        (chip) => chip.textContent,
      );
    expect(chipsOf(otherNames)).toEqual(['aam']);
    expect(chipsOf(screen.getByRole('combobox', { name: /^Tags/ }))).toEqual(['seasonal']);

    await user.click(screen.getByRole('button', { name: 'aam' }).querySelector('.MuiChip-deleteIcon')!);
    // Leaving the field keeps what was typed; the same name in another case is there once.
    await user.type(otherNames, 'Hapus{Enter}hapus{Enter}आम');
    await user.tab();
    expect(chipsOf(otherNames)).toEqual(['Hapus', 'आम']);
    await user.click(screen.getByRole('button', { name: 'Save item' }));

    expect(await screen.findByText('Item saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${base}/items/${item.id}`)[0]?.body).toMatchObject({
      aliases: ['Hapus', 'आम'],
      tags: ['seasonal'],
      version: 7,
    });
  });

  it("puts the server's refusal of the other names on their field", async () => {
    const { user } = renderItemForm(`/stores/${store.id}/items/${item.id}/edit`, {
      [`GET ${base}/items/${item.id}`]: () => json(200, item),
      [`PATCH ${base}/items/${item.id}`]: () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { aliases: 'at most 20 other names' },
        }),
    });
    await user.type(await screen.findByRole('combobox', { name: /^Other names/ }), 'keri{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(await screen.findByText('at most 20 other names')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Other names/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses an HSN code that is not 4, 6 or 8 digits without calling the server', async () => {
    const { user, api } = renderItemForm(`/stores/${store.id}/items/${item.id}/edit`, {
      [`GET ${base}/items/${item.id}`]: () => json(200, item),
    });
    const hsn = await screen.findByRole('textbox', { name: /^HSN code/ });
    expect(hsn).toHaveValue('0804');
    await user.clear(hsn);
    await user.type(hsn, '12345');
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(await screen.findByText('must be 4, 6 or 8 digits')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${base}/items/${item.id}`)).toHaveLength(0);
  });

  it('refuses a price that is not an amount and asks for the category', async () => {
    const { user, api } = renderItemForm(`/stores/${store.id}/items/add`);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Paneer');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '14.505');

    await user.click(screen.getByRole('button', { name: 'Add item' }));

    expect(await screen.findByText('Enter an amount in rupees, such as 140.50')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`POST ${base}/items`)).toHaveLength(0);
  });

  it("puts the server's refusal of the category on the field, which takes the focus, with no dialog over it", async () => {
    const { user } = renderItemForm(`/stores/${store.id}/items/add`, {
      [`POST ${base}/items`]: () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { categoryId: messages.unknownCategory },
        }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Paneer');
    await chooseCategory(user, 'fru', 'Fruits');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '99');
    await user.click(screen.getByRole('button', { name: 'Add item' }));

    expect(await screen.findByText(messages.unknownCategory)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('fills the edit form with the item, the price in rupees, and saves with its version', async () => {
    const { user, api } = renderItemForm(`/stores/${store.id}/items/${item.id}/edit`, {
      [`GET ${base}/items/${item.id}`]: () => json(200, item),
      [`PATCH ${base}/items/${item.id}`]: (call) =>
        json(200, { ...item, ...(call.body as Partial<Item>), version: 8 }),
    });

    const price = await screen.findByRole('textbox', { name: /^Price/ });
    expect(price).toHaveValue('123450.50');
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveValue('Fruits');
    expect(screen.getByRole('switch', { name: 'Pure Veg' })).toBeChecked();
    await user.clear(price);
    await user.type(price, '1,20,000{Enter}');

    expect(await screen.findByText('Item saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${base}/items/${item.id}`)[0]?.body).toEqual({
      name: item.name,
      nameHi: null,
      nameKn: null,
      categoryId: fruits.id,
      featured: 1,
      gstRate: 5,
      hsn: '0804',
      tags: ['seasonal'],
      aliases: ['aam'],
      veg: true,
      inStock: true,
      variants: [{ ...item.variants[0], pricePaise: 12_000_000 }],
      version: 7,
    });
  });

  it("saves with the version its edits started from, so a colleague's save in between is refused (D9)", async () => {
    let saved = item;
    const { user, api, queryClient } = renderItemForm(`/stores/${store.id}/items/${item.id}/edit`, {
      [`GET ${base}/items/${item.id}`]: () => json(200, saved),
      [`PATCH ${base}/items/${item.id}`]: (call) => {
        const { version, ...changes } = call.body as Partial<Item>;
        if (version !== saved.version)
          return apiError(409, 'conflict', messages.staleRecord, { current: saved });
        saved = { ...saved, ...changes, version: saved.version + 1 };
        return json(200, saved);
      },
    });
    const price = await screen.findByRole('textbox', { name: /^Price/ });
    await user.clear(price);
    await user.type(price, '99');

    // A colleague renames it and marks it out of stock; the live event brings their item.
    saved = { ...item, name: 'Kesar mango', inStock: false, version: 8 };
    act(() => queryClient.setQueryData(['catalogue', store.id, 'items', 'detail', item.id], saved));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue(item.name);

    await user.click(screen.getByRole('button', { name: 'Save item' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this item while you were editing: Name and In stock changed. The form now shows their version; make your changes again.',
    );
    expect(api.callsTo(`PATCH ${base}/items/${item.id}`)[0]?.body).toMatchObject({
      variants: [{ pricePaise: 9_900 }],
      inStock: true,
      version: 7,
    });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Kesar mango');
    const priceNow = screen.getByRole('textbox', { name: /^Price/ });
    expect(priceNow).toHaveValue('123450.50');
    expect(screen.getByRole('switch', { name: 'In stock' })).not.toBeChecked();

    await user.clear(priceNow);
    await user.type(priceNow, '99{Enter}');
    expect(await screen.findByText('Item saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${base}/items/${item.id}`)[1]?.body).toMatchObject({
      name: 'Kesar mango',
      variants: [{ pricePaise: 9_900 }],
      inStock: false,
      version: 8,
    });
  });

  it('sends an unknown item back to the catalogue', async () => {
    const { router } = renderItemForm(`/stores/${store.id}/items/d0000000-0000-4000-8000-000000000999/edit`, {
      [`GET ${base}/items/d0000000-0000-4000-8000-000000000999`]: () =>
        apiError(404, 'not_found', messages.notFound),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe(`/stores/${store.id}/catalog`));
    expect(router.state.location.search).toBe('?tab=items');
  });
});

describe('category form', () => {
  it('needs a name, then adds the category', async () => {
    const { user, api } = renderItemForm(`/stores/${store.id}/categories/add`, {
      [`POST ${base}/categories`]: (call) => json(201, categoryFixture(call.body as { name: string })),
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByText(messages.categoryName)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`POST ${base}/categories`)).toHaveLength(0);

    await user.type(name, 'Bakery{Enter}');
    expect(await screen.findByText('Category added')).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/categories`)[0]?.body).toEqual({
      name: 'Bakery',
      nameHi: null,
      nameKn: null,
    });
  });

  it('sends an unknown category back to the catalogue', async () => {
    const { router } = renderItemForm(
      `/stores/${store.id}/categories/c0000000-0000-4000-8000-000000000999/edit`,
      {
        [`GET ${base}/categories/c0000000-0000-4000-8000-000000000999`]: () =>
          apiError(404, 'not_found', messages.notFound),
      },
    );

    await waitFor(() => expect(router.state.location.pathname).toBe(`/stores/${store.id}/catalog`));
    expect(router.state.location.search).toBe('');
  });

  it("renames with the version its edit started from, and shows a colleague's name on a 409 (D9)", async () => {
    const current = { ...fruits, name: 'Fresh fruits', version: 5 };
    const { user, api, queryClient } = renderItemForm(`/stores/${store.id}/categories/${fruits.id}/edit`, {
      [`GET ${base}/categories/${fruits.id}`]: () => json(200, fruits),
      [`PATCH ${base}/categories/${fruits.id}`]: (call) =>
        (call.body as { version: number }).version === current.version
          ? json(200, { ...current, ...(call.body as object), version: 6 })
          : apiError(409, 'conflict', messages.staleRecord, { current }),
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveValue('Fruits'));

    await user.clear(name);
    await user.type(name, 'Fruit');
    act(() => queryClient.setQueryData(['catalogue', store.id, 'categories', 'detail', fruits.id], current));
    await user.type(name, ' salad{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this category while you were editing: Name changed. The form now shows their version; make your changes again.',
    );
    expect(api.callsTo(`PATCH ${base}/categories/${fruits.id}`)[0]?.body).toEqual({
      name: 'Fruit salad',
      nameHi: null,
      nameKn: null,
      version: 2,
    });
    expect(name).toHaveValue('Fresh fruits');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Seasonal fruits{Enter}');
    expect(await screen.findByText('Category saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${base}/categories/${fruits.id}`)[1]?.body).toEqual({
      name: 'Seasonal fruits',
      nameHi: null,
      nameKn: null,
      version: 5,
    });
  });
});
