import type { Category, Item } from '@storedesk/shared/catalogue/schemas';
import { messages } from '@storedesk/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminSession,
  categoryFixture,
  itemFixture,
  listOf,
  storeFixture,
  variantFixture,
} from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const store = storeFixture();
const base = `/api/stores/${store.id}`;
const fruits = categoryFixture();
const dairy = categoryFixture({ id: 'c0000000-0000-4000-8000-000000000002', name: 'Dairy', version: 3 });
const mango = itemFixture();
const paneer = itemFixture({
  id: 'd0000000-0000-4000-8000-000000000002',
  name: 'Paneer',
  categoryId: null,
  categoryName: null,
  tags: [],
  inStock: false,
  pricePaise: 14_050,
  version: 2,
});

/** The store's catalogue as a small server: deletes and restores act on it. */
function catalogueServer() {
  let categories: Category[] = [fruits, dairy];
  let items: Item[] = [mango, paneer];
  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': sessionHandler(adminSession),
    [`GET ${base}`]: () => json(200, store),
    [`GET ${base}/categories`]: () => json(200, listOf(categories)),
    [`GET ${base}/items`]: () => json(200, listOf(items)),
  };
  for (const category of [fruits, dairy]) {
    handlers[`DELETE ${base}/categories/${category.id}`] = () => {
      categories = categories.filter((each) => each.id !== category.id);
      return noContent();
    };
    handlers[`POST /api/trash/categories/${category.id}/restore`] = () => {
      categories = [...categories, category];
      return json(200, category);
    };
  }
  for (const item of [mango, paneer]) {
    handlers[`PATCH ${base}/items/${item.id}`] = (call) => {
      const update = call.body as Partial<Item>;
      const saved = { ...item, ...update, version: item.version + 1 };
      items = items.map((each) => (each.id === item.id ? saved : each));
      return json(200, saved);
    };
    handlers[`DELETE ${base}/items/${item.id}`] = () => {
      items = items.filter((each) => each.id !== item.id);
      return noContent();
    };
    handlers[`POST /api/trash/items/${item.id}/restore`] = () => {
      items = [...items, item];
      return json(200, item);
    };
  }
  return handlers;
}

function renderCatalogue(entry: string, overrides: Record<string, Handler> = {}) {
  const api = mockApi({ ...catalogueServer(), ...overrides });
  return { ...renderApp(entry), api };
}

function rowOf(text: string) {
  const found = screen.getByText(text).closest('tr');
  if (!found) throw new Error(`no row for ${text}`);
  return found;
}

describe('catalogue', () => {
  it('names the store and keeps the tab in the URL', async () => {
    const { user, router } = renderCatalogue(`/stores/${store.id}/catalog`);

    expect(
      await screen.findByRole('heading', { level: 1, name: `${store.name}: catalogue` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Dairy')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Items' }));
    expect(router.state.location.search).toBe('?tab=items');
    expect(await screen.findByRole('searchbox', { name: 'Search item' })).toBeInTheDocument();
  });

  it('numbers the categories, and asks before deleting one; Undo restores it', async () => {
    const { user, api } = renderCatalogue(`/stores/${store.id}/catalog`);
    await screen.findByText('Dairy');
    expect(within(rowOf('Fruits')).getByText('1')).toBeInTheDocument();
    expect(within(rowOf('Dairy')).getByText('2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Dairy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete category “Dairy”?' });
    expect(dialog).toHaveTextContent(messages.deleteCategory);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Dairy deleted')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${base}/categories/${dairy.id}`)[0]?.query.get('version')).toBe('3');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Dairy restored')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/trash/categories/${dairy.id}/restore`)).toHaveLength(1);
    expect(await screen.findByRole('cell', { name: 'Dairy' })).toBeInTheDocument();
  });

  it("lists items with category or 'No category', tags, and the price in rupees", async () => {
    renderCatalogue(`/stores/${store.id}/catalog?tab=items`);

    await screen.findByText('Paneer');
    expect(within(rowOf('Alphonso mango')).getByText('Fruits')).toBeInTheDocument();
    expect(within(rowOf('Alphonso mango')).getByText('seasonal')).toBeInTheDocument();
    expect(within(rowOf('Paneer')).getByText('No category')).toBeInTheDocument();
    const price = within(rowOf('Alphonso mango')).getByText('₹1,23,450.50');
    expect(price).toHaveClass('MuiTableCell-alignRight');
    expect(within(rowOf('Paneer')).getByText('₹140.50')).toBeInTheDocument();
  });

  it("shows each item's price range and stock, and marks an item any of whose variants is low", async () => {
    const atta = itemFixture({
      id: 'd0000000-0000-4000-8000-000000000003',
      name: 'Aashirvaad atta',
      variants: [
        variantFixture({
          id: 'e0000000-0000-4000-8000-000000000011',
          label: '1 kg',
          pricePaise: 5_500,
          stock: 3,
        }),
        variantFixture({
          id: 'e0000000-0000-4000-8000-000000000012',
          label: '5 kg',
          pricePaise: 24_500,
          stock: 20,
          lowStockAt: 8,
        }),
        variantFixture({ id: 'e0000000-0000-4000-8000-000000000013', label: '10 kg', pricePaise: 47_000 }),
      ],
    });
    const ghee = itemFixture({
      id: 'd0000000-0000-4000-8000-000000000004',
      name: 'Ghee',
      variants: [variantFixture({ pricePaise: 65_000, stock: 40, lowStockAt: 10 })],
    });
    renderCatalogue(`/stores/${store.id}/catalog?tab=items`, {
      [`GET ${base}/items`]: () => json(200, listOf([mango, atta, ghee])),
    });

    await screen.findByText('Ghee');
    const cells = (name: string) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(screen.getByRole('columnheader', { name: 'Stock' })).toBeInTheDocument();
    // Name, category, tags, price, stock, then Available and the actions.
    expect(cells('Aashirvaad atta').slice(0, 5)).toEqual([
      'Aashirvaad atta',
      'Fruits',
      'seasonal',
      '₹55.00 – ₹470.00',
      'Low stock23',
    ]);
    expect(cells('Ghee').slice(3, 5)).toEqual(['₹650.00', '40']);
    expect(cells('Alphonso mango').slice(3, 5)).toEqual(['₹1,23,450.50', '—']);
  });

  it('shows an item sold loose at its price per kg and its stock as a weight', async () => {
    const onions = itemFixture({
      id: 'd0000000-0000-4000-8000-000000000005',
      name: 'Onions',
      variants: [
        variantFixture({
          pricePaise: 3_600,
          mrpPaise: 4_000,
          stepGrams: 250,
          maxGrams: 5_000,
          stock: 40_000,
        }),
      ],
    });
    const rice = itemFixture({
      id: 'd0000000-0000-4000-8000-000000000006',
      name: 'Sona masoori',
      variants: [
        variantFixture({
          id: 'e0000000-0000-4000-8000-000000000031',
          label: '5 kg',
          pricePaise: 32_000,
          stock: 12,
        }),
        variantFixture({
          id: 'e0000000-0000-4000-8000-000000000032',
          label: 'Loose',
          pricePaise: 6_000,
          stepGrams: 500,
          maxGrams: 10_000,
          stock: 1_500,
        }),
      ],
    });
    renderCatalogue(`/stores/${store.id}/catalog?tab=items`, {
      [`GET ${base}/items`]: () => json(200, listOf([onions, rice])),
    });

    await screen.findByText('Onions');
    const cells = (name: string) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Onions').slice(3, 5)).toEqual(['₹36.00/kg', '40 kg']);
    // Packs and loose together: the packs' price, their count and the loose weight (low: 3 steps left).
    expect(cells('Sona masoori').slice(3, 5)).toEqual(['₹320.00', 'Low stock12 + 1.5 kg']);
  });

  it('saves the Available switch at once with the version', async () => {
    const { user, api } = renderCatalogue(`/stores/${store.id}/catalog?tab=items`);
    const available = await screen.findByRole('switch', { name: 'Paneer available' });
    expect(available).not.toBeChecked();

    await user.click(available);

    expect(await screen.findByText('Paneer is available')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${base}/items/${paneer.id}`)[0]?.body).toEqual({ inStock: true, version: 2 });
    expect(screen.getByRole('switch', { name: 'Paneer available' })).toBeChecked();
  });

  it('says the item changed when the switch is based on an old version', async () => {
    const { user } = renderCatalogue(`/stores/${store.id}/catalog?tab=items`, {
      [`PATCH ${base}/items/${mango.id}`]: () =>
        apiError(409, 'conflict', 'Version is stale', { current: { ...mango, version: 8 } }),
    });

    await user.click(await screen.findByRole('switch', { name: 'Alphonso mango available' }));

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.staleRecord);
    expect(screen.getByRole('switch', { name: 'Alphonso mango available', hidden: true })).toBeChecked();
  });

  it('asks before deleting an item; Undo restores it', async () => {
    const { user, api } = renderCatalogue(`/stores/${store.id}/catalog?tab=items`);
    await screen.findByText('Paneer');

    await user.click(screen.getByRole('button', { name: 'Delete Paneer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete item “Paneer”?' });
    expect(dialog).toHaveTextContent('Are you sure? You want to delete this item');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Paneer deleted')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${base}/items/${paneer.id}`)[0]?.query.get('version')).toBe('2');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Paneer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Paneer restored')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/trash/items/${paneer.id}/restore`)).toHaveLength(1);
    expect(await screen.findByText('Paneer')).toBeInTheDocument();
  });

  it('offers to add the first item when there is none', async () => {
    renderCatalogue(`/stores/${store.id}/catalog?tab=items`, {
      [`GET ${base}/items`]: () => json(200, listOf([])),
    });

    expect(await screen.findByText('No items yet')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Items' })).getByRole('link', { name: 'Add item' }),
    ).toHaveAttribute('href', `/stores/${store.id}/items/add`);
  });

  it('says what failed when the items cannot be loaded, and retries', async () => {
    let fail = true;
    const { user } = renderCatalogue(`/stores/${store.id}/catalog?tab=items`, {
      [`GET ${base}/items`]: () =>
        fail ? apiError(500, 'internal', messages.internal) : json(200, listOf([mango])),
    });

    expect(await screen.findByText('Could not load the items')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Alphonso mango')).toBeInTheDocument();
  });

  it('sends an unknown store back to the stores list', async () => {
    const { router } = renderCatalogue('/stores/a0000000-0000-4000-8000-000000000999/catalog', {
      'GET /api/stores/a0000000-0000-4000-8000-000000000999': () =>
        apiError(404, 'not_found', messages.notFound),
      'GET /api/stores': () => json(200, listOf([store])),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/stores'));
  });
});

describe('the catalogue in the language chosen', () => {
  it('speaks Hindi: the title, the tabs, the categories’ search, columns and moves', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderCatalogue(`/stores/${store.id}/catalog`);

    expect(
      await screen.findByRole('heading', { level: 1, name: `${store.name}: कैटलॉग` }),
    ).toBeInTheDocument();
    expect(screen.getByText('इस स्टोर की कैटेगरी और आइटम, जो ग्राहक देखते हैं।')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'कैटेगरी' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'आइटम' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'दूसरे स्टोर से कॉपी करें' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'कैटेगरी खोजें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'कैटेगरी जोड़ें' })).toHaveAttribute(
      'href',
      `/stores/${store.id}/categories/add`,
    );
    await screen.findByText('Dairy');
    const table = screen.getByRole('table', { name: 'कैटेगरी' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['क्रम', 'नाम', 'कार्रवाई']);
    expect(within(rowOf('Dairy')).getByRole('button', { name: 'Dairy को ऊपर करें' })).toBeEnabled();
    expect(within(rowOf('Dairy')).getByRole('button', { name: 'Dairy को नीचे करें' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Dairy हटाएँ' }));
    const question = await screen.findByRole('dialog', { name: 'कैटेगरी “Dairy” हटाएँ?' });
    await user.click(within(question).getByRole('button', { name: 'रद्द करें' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'दूसरे स्टोर से कॉपी करें' }));
    const dialog = screen.getByRole('dialog', { name: 'दूसरे स्टोर का कैटलॉग कॉपी करें' });
    expect(dialog).toHaveTextContent(`वह स्टोर चुनें जिसके आइटम ${store.name} में भी रखने हैं।`);
    expect(within(dialog).getByRole('combobox', { name: 'किस स्टोर से' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'आगे बढ़ें' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'रद्द करें' }));
  });

  it('says in Hindi that a store has no categories yet, and adds one', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderCatalogue(`/stores/${store.id}/catalog`, {
      [`GET ${base}/categories`]: () => json(200, listOf([])),
      [`POST ${base}/categories`]: (call) => json(201, { ...fruits, ...(call.body as Partial<Category>) }),
    });

    expect(await screen.findByText('अभी तक कोई कैटेगरी नहीं')).toBeInTheDocument();
    expect(screen.getByText('ग्राहक ऐप में इस स्टोर के आइटम कैटेगरी के हिसाब से दिखते हैं।')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('table', { name: 'कैटेगरी' })).getByRole('link', { name: 'कैटेगरी जोड़ें' }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'कैटेगरी जोड़ें' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'नाम हिंदी में' })).toHaveAttribute('lang', 'hi');
    await user.type(screen.getByRole('textbox', { name: 'नाम' }), 'Dairy{Enter}');
    expect(await screen.findByText('कैटेगरी जोड़ी गई')).toBeInTheDocument();
  });
  it('speaks Hindi on the items: columns, prices per kg, stock and availability', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const onions = itemFixture({
      id: 'd0000000-0000-4000-8000-000000000005',
      name: 'Onions',
      variants: [variantFixture({ pricePaise: 3_600, stepGrams: 250, maxGrams: 5_000, stock: 1_000 })],
    });
    const { user } = renderCatalogue(`/stores/${store.id}/catalog?tab=items`, {
      [`GET ${base}/items`]: () => json(200, listOf([onions, paneer])),
    });

    await screen.findByText('Onions');
    expect(screen.getByRole('searchbox', { name: 'आइटम खोजें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'इम्पोर्ट करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'एक्सपोर्ट करें' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'आइटम' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['नाम', 'कैटेगरी', 'टैग', 'दाम', 'स्टॉक', 'उपलब्ध', 'कार्रवाई']);
    const cells = (name: string) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Onions').slice(3, 5)).toEqual(['₹36.00/किलो', 'कम स्टॉक1 kg']);
    expect(cells('Paneer')[1]).toBe('कोई कैटेगरी नहीं');
    await user.click(screen.getByRole('switch', { name: 'Paneer उपलब्ध' }));
    expect(await screen.findByText('Paneer अब उपलब्ध है')).toBeInTheDocument();
  });

  it('offers in Hindi the ways to fill an empty store', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderCatalogue(`/stores/${store.id}/catalog?tab=items`, {
      [`GET ${base}/items`]: () => json(200, listOf([])),
    });

    expect(await screen.findByText('अभी तक कोई आइटम नहीं')).toBeInTheDocument();
    const empty = within(screen.getByRole('table', { name: 'आइटम' }));
    expect(empty.getByRole('link', { name: 'आइटम जोड़ें' })).toBeInTheDocument();
    expect(empty.getByRole('button', { name: 'दूसरे स्टोर का कैटलॉग कॉपी करें' })).toBeInTheDocument();
    expect(empty.getByRole('link', { name: 'स्प्रेडशीट से इम्पोर्ट करें' })).toBeInTheDocument();
  });
});
