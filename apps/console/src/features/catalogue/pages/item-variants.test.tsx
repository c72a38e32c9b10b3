import type { Item } from '@storedesk/shared/catalogue/schemas';
import type { StockAdjustment, VariantInput } from '@storedesk/shared/catalogue/variants';
import { variantMessages } from '@storedesk/shared/catalogue/variants';
import { messages } from '@storedesk/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
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
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const store = storeFixture();
const base = `/api/stores/${store.id}`;
const fruits = categoryFixture();
const small = variantFixture({
  id: 'e0000000-0000-4000-8000-000000000001',
  label: '500 g',
  pricePaise: 4_500,
  mrpPaise: 5_000,
  sku: 'ATTA-500',
});
const large = variantFixture({
  id: 'e0000000-0000-4000-8000-000000000002',
  label: '1 kg',
  pricePaise: 8_500,
  stock: 3,
  lowStockAt: null,
});
const family = variantFixture({
  id: 'e0000000-0000-4000-8000-000000000003',
  label: '5 kg',
  pricePaise: 39_900,
  stock: 40,
  lowStockAt: 10,
});
const atta = itemFixture({ name: 'Aashirvaad atta', variants: [small, large, family] });
const itemPath = `${base}/items/${atta.id}`;

function renderItem(entry: string, overrides: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    [`GET ${base}`]: () => json(200, store),
    [`GET ${base}/categories`]: () => json(200, listOf([fruits])),
    [`GET ${base}/items`]: () => json(200, listOf([atta])),
    [`GET ${itemPath}`]: () => json(200, atta),
    [`POST ${base}/items`]: () =>
      json(201, itemFixture({ id: 'd0000000-0000-4000-8000-000000000009', name: 'Toor dal' })),
    ...overrides,
  });
  return { ...renderApp(entry), api };
}

/** The box of the variant at this place (1 is the first), as the user reads it. */
const variantBox = (place: number) => screen.getByRole('group', { name: `Variant ${place}` });
const textbox = (place: number, name: string) =>
  within(variantBox(place)).getByRole('textbox', { name: new RegExp(`^${name}`) });
const namesShown = () =>
  screen.getAllByRole('textbox', { name: /^Variant name/ }).map((field) => (field as HTMLInputElement).value);

describe('item variants', () => {
  it('adds a second variant: both then need a name, and the new one may start counting its stock', async () => {
    const { user, api } = renderItem(`/stores/${store.id}/items/add`);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Toor dal');
    await user.type(screen.getByRole('combobox', { name: /^Category/ }), 'fru');
    await user.click(await screen.findByRole('option', { name: 'Fruits' }));
    // One variant reads as the item's price: no boxes, no Remove.
    expect(screen.getByRole('heading', { name: 'Price and stock' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Variant 1' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '120');
    await user.type(screen.getByRole('textbox', { name: /^MRP/ }), '150');
    expect(screen.getByRole('textbox', { name: /^MRP/ })).toHaveAccessibleDescription('Save ₹30.00 (20%)');

    await user.click(screen.getByRole('button', { name: 'Add variant' }));

    expect(screen.getByRole('heading', { name: 'Variants' })).toBeInTheDocument();
    expect(textbox(2, 'Variant name')).toHaveFocus();
    expect(textbox(1, 'Price')).toHaveValue('120');
    await user.type(textbox(2, 'Variant name'), '1 kg');
    await user.type(textbox(2, 'Price'), '230');
    await user.click(within(variantBox(2)).getByRole('switch', { name: 'Count stock' }));
    await user.type(textbox(2, 'Stock'), '25');
    await user.type(textbox(2, 'Low stock at'), '4');
    await user.click(screen.getByRole('button', { name: 'Add item' }));

    // The first variant has no name yet: said on its field, and nothing is sent.
    expect(textbox(1, 'Variant name')).toHaveAccessibleDescription(variantMessages.labelNeeded);
    expect(textbox(2, 'Variant name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`POST ${base}/items`)).toHaveLength(0);

    await user.type(textbox(1, 'Variant name'), '500 g');
    await user.click(screen.getByRole('button', { name: 'Add item' }));

    expect(await screen.findByText('Item added')).toBeInTheDocument();
    expect((api.callsTo(`POST ${base}/items`)[0]?.body as { variants: VariantInput[] }).variants).toEqual([
      {
        label: '500 g',
        pricePaise: 12_000,
        mrpPaise: 15_000,
        sku: null,
        barcode: null,
        stepGrams: null,
        maxGrams: null,
        stock: null,
        lowStockAt: null,
      },
      {
        label: '1 kg',
        pricePaise: 23_000,
        mrpPaise: null,
        sku: null,
        barcode: null,
        stepGrams: null,
        maxGrams: null,
        stock: 25,
        lowStockAt: 4,
      },
    ]);
  });

  it('puts the shared rules on the row they concern: an MRP below the price, a SKU twice', async () => {
    const { user, api } = renderItem(`/stores/${store.id}/items/${atta.id}/edit`);
    await screen.findByRole('group', { name: 'Variant 3' });

    await user.clear(textbox(2, 'MRP'));
    await user.type(textbox(2, 'MRP'), '80');
    await user.type(textbox(3, 'SKU'), 'atta-500');
    await user.click(screen.getByRole('button', { name: 'Save item' }));

    expect(textbox(2, 'MRP')).toHaveAccessibleDescription(variantMessages.mrpBelowPrice);
    expect(textbox(3, 'SKU')).toHaveAccessibleDescription(variantMessages.skuTwice);
    expect(textbox(1, 'SKU')).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`PATCH ${itemPath}`)).toHaveLength(0);
  });

  it('moves variants up and down from the keyboard, the focus staying with the one moved, and removes one', async () => {
    const { user, api } = renderItem(`/stores/${store.id}/items/${atta.id}/edit`, {
      [`PATCH ${itemPath}`]: () => json(200, { ...atta, version: 8 }),
    });
    await screen.findByRole('group', { name: 'Variant 3' });
    expect(namesShown()).toEqual(['500 g', '1 kg', '5 kg']);
    expect(within(variantBox(1)).getByRole('button', { name: 'Move variant 1 up' })).toBeDisabled();
    expect(within(variantBox(3)).getByRole('button', { name: 'Move variant 3 down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move variant 3 up' }));
    expect(namesShown()).toEqual(['500 g', '5 kg', '1 kg']);
    expect(screen.getByRole('button', { name: 'Move variant 2 up' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(namesShown()).toEqual(['5 kg', '500 g', '1 kg']);
    // At the top it can go only down: the focus goes there.
    expect(screen.getByRole('button', { name: 'Move variant 1 down' })).toHaveFocus();
    await user.keyboard(' ');
    expect(namesShown()).toEqual(['500 g', '5 kg', '1 kg']);
    expect(screen.getByRole('button', { name: 'Move variant 2 down' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    expect(namesShown()).toEqual(['5 kg', '1 kg']);
    expect(screen.getByRole('button', { name: 'Add variant' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove variant 2' }));
    // The last one cannot go: it is the item's price again, without Remove.
    expect(screen.queryByRole('button', { name: /^Remove variant/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Price and stock' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Variant name/ })).toHaveValue('5 kg');

    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(await screen.findByText('Item saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${itemPath}`)[0]?.body).toMatchObject({
      variants: [{ id: family.id, label: '5 kg', pricePaise: 39_900, stock: 40, lowStockAt: 10 }],
      version: 7,
    });
  });

  it("shows the server's refusal on the field of the variant it names, which takes the focus", async () => {
    const { user } = renderItem(`/stores/${store.id}/items/${atta.id}/edit`, {
      [`PATCH ${itemPath}`]: () =>
        apiError(409, 'conflict', variantMessages.skuTaken, {
          fields: { 'variants.1.sku': variantMessages.skuTaken },
        }),
    });
    await screen.findByRole('group', { name: 'Variant 3' });
    await user.type(textbox(2, 'SKU'), 'DAL-1KG');
    await user.click(screen.getByRole('button', { name: 'Save item' }));

    await waitFor(() => expect(textbox(2, 'SKU')).toHaveAccessibleDescription(variantMessages.skuTaken));
    expect(textbox(2, 'SKU')).toHaveFocus();
    expect(textbox(1, 'SKU')).toHaveAccessibleDescription('Optional.');
    expect(textbox(3, 'SKU')).toHaveAccessibleDescription('Optional.');
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('shows a counted stock read-only with Adjust stock; counting starts by typing a stock and stops with the switch', async () => {
    const { user, api } = renderItem(`/stores/${store.id}/items/${atta.id}/edit`, {
      [`PATCH ${itemPath}`]: () => json(200, { ...atta, version: 8 }),
    });
    await screen.findByRole('group', { name: 'Variant 3' });

    // 1 kg: 3 left, at or under the mark of 5 it has when none is set.
    const counted = variantBox(2);
    expect(within(counted).getByRole('switch', { name: 'Count stock' })).toBeChecked();
    expect(counted).toHaveTextContent('3 in stock');
    expect(within(counted).getByText('Low stock')).toBeInTheDocument();
    expect(within(counted).queryByRole('textbox', { name: /^Stock/ })).not.toBeInTheDocument();
    expect(within(counted).getByRole('button', { name: 'Adjust stock' })).toBeInTheDocument();
    expect(variantBox(3)).toHaveTextContent('40 in stock');
    expect(within(variantBox(3)).queryByText('Low stock')).not.toBeInTheDocument();
    // 500 g is not counted: no stock, no Adjust stock.
    expect(within(variantBox(1)).getByRole('switch', { name: 'Count stock' })).not.toBeChecked();
    expect(within(variantBox(1)).queryByRole('button', { name: 'Adjust stock' })).not.toBeInTheDocument();

    await user.click(within(variantBox(1)).getByRole('switch', { name: 'Count stock' }));
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(textbox(1, 'Stock')).toHaveAccessibleDescription(variantMessages.stock);
    await user.type(textbox(1, 'Stock'), '12');
    await user.click(within(variantBox(3)).getByRole('switch', { name: 'Count stock' }));
    expect(variantBox(3)).not.toHaveTextContent('40 in stock');
    await user.click(screen.getByRole('button', { name: 'Save item' }));

    expect(await screen.findByText('Item saved')).toBeInTheDocument();
    const sent = (api.callsTo(`PATCH ${itemPath}`)[0]?.body as { variants: VariantInput[] }).variants;
    // The count kept is the server's (a sale meanwhile is not undone): 1 kg is sent as it was read.
    expect(sent.map(({ label, stock }) => ({ label, stock }))).toEqual([
      { label: '500 g', stock: 12 },
      { label: '1 kg', stock: 3 },
      { label: '5 kg', stock: null },
    ]);
  });

  it('saves its variants with the version the edits started from, whatever arrives meanwhile (D9)', async () => {
    const { user, api, queryClient } = renderItem(`/stores/${store.id}/items/${atta.id}/edit`, {
      [`PATCH ${itemPath}`]: () =>
        apiError(409, 'conflict', messages.staleRecord, {
          current: { ...atta, variants: [small, { ...large, pricePaise: 8_000 }, family], version: 8 },
        }),
    });
    await screen.findByRole('group', { name: 'Variant 3' });
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    await user.type(textbox(4, 'Variant name'), '10 kg');
    await user.type(textbox(4, 'Price'), '780');

    // A colleague's save arrives live; the form keeps the edits and their base.
    act(() =>
      queryClient.setQueryData(['catalogue', store.id, 'items', 'detail', atta.id], {
        ...atta,
        variants: [small, { ...large, pricePaise: 8_000 }, family],
        version: 8,
      }),
    );
    expect(textbox(2, 'Price')).toHaveValue('85.00');
    await user.click(screen.getByRole('button', { name: 'Save item' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this item while you were editing: Variants changed. The form now shows their version; make your changes again.',
    );
    const body = api.callsTo(`PATCH ${itemPath}`)[0]?.body as { version: number; variants: VariantInput[] };
    expect(body.version).toBe(7);
    expect(body.variants.map((variant) => variant.id ?? variant.label)).toEqual([
      small.id,
      large.id,
      family.id,
      '10 kg',
    ]);
    expect(namesShown()).toEqual(['500 g', '1 kg', '5 kg']);
    expect(textbox(2, 'Price')).toHaveValue('80.00');
  });
});

/** The item on the server, its 1 kg variant counted at `stockOnServer`, which adjustments change as the server does. */
function stockServer(stockOnServer: { value: number }) {
  const current = (): Item => ({
    ...atta,
    variants: [small, { ...large, stock: stockOnServer.value }, family],
  });
  return {
    [`GET ${itemPath}`]: () => json(200, current()),
    [`POST ${itemPath}/variants/${large.id}/stock`]: (call: { body: unknown }) => {
      const { reason, quantity } = call.body as StockAdjustment;
      const before = stockOnServer.value;
      const after =
        reason === 'counted' ? quantity : reason === 'received' ? before + quantity : before - quantity;
      if (after < 0) {
        const message = variantMessages.belowZero(String(before));
        return apiError(409, 'conflict', message, { fields: { quantity: message } });
      }
      stockOnServer.value = after;
      return json(200, current());
    },
  } satisfies Record<string, Handler>;
}

describe('adjust stock', () => {
  it('adds what was received, showing the stock before and after, and saves nothing else of the form', async () => {
    const stock = { value: 3 };
    const { user, api } = renderItem(`/stores/${store.id}/items/${atta.id}/edit`, stockServer(stock));
    await screen.findByRole('group', { name: 'Variant 3' });
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Atta (unsaved)');

    await user.click(within(variantBox(2)).getByRole('button', { name: 'Adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    expect(dialog).toHaveTextContent('Aashirvaad atta · 1 kg');
    expect(within(dialog).getByRole('radio', { name: 'Received' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /^Quantity received/ })).toHaveFocus();
    expect(dialog).toHaveTextContent('In stock now3After—');

    await user.keyboard('10');
    expect(dialog).toHaveTextContent('In stock now3After13');
    await user.click(within(dialog).getByRole('radio', { name: 'Counted' }));
    expect(dialog).toHaveTextContent('In stock now3After10');
    await user.click(within(dialog).getByRole('radio', { name: 'Received' }));
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Aashirvaad atta · 1 kg: 13 in stock')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST ${itemPath}/variants/${large.id}/stock`)[0]?.body).toEqual({
      reason: 'received',
      quantity: 10,
    });
    expect(variantBox(2)).toHaveTextContent('13 in stock');
    expect(within(variantBox(2)).queryByText('Low stock')).not.toBeInTheDocument();
    // The form's own edits are still there, unsaved.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Atta (unsaved)');
    expect(api.callsTo(`PATCH ${itemPath}`)).toHaveLength(0);
  });

  it('refuses below zero: at once when the stock shown is too little, and with the server’s message when orders took some meanwhile', async () => {
    const stock = { value: 3 };
    const { user, api } = renderItem(`/stores/${store.id}/items/${atta.id}/edit`, stockServer(stock));
    await screen.findByRole('group', { name: 'Variant 3' });
    await user.click(within(variantBox(2)).getByRole('button', { name: 'Adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });

    await user.click(within(dialog).getByRole('radio', { name: 'Damaged' }));
    const quantity = within(dialog).getByRole('textbox', { name: /^Quantity damaged/ });
    await user.type(quantity, '4{Enter}');
    expect(quantity).toHaveAccessibleDescription(variantMessages.belowZero('3'));
    expect(dialog).toHaveTextContent('In stock now3After—');
    expect(api.callsTo(`POST ${itemPath}/variants/${large.id}/stock`)).toHaveLength(0);

    // Two were sold since the form was read: the server has 1.
    stock.value = 1;
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(dialog).toHaveTextContent('In stock now3After1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only 1 in stock: stock cannot go below zero',
    );
    // The stock is read again, and the dialog shows it as it is now.
    await waitFor(() => expect(dialog).toHaveTextContent('In stock now1After—'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(variantBox(2)).toHaveTextContent('1 in stock');
    // The stock read again does not build the form anew: the focus is back where it was.
    expect(within(variantBox(2)).getByRole('button', { name: 'Adjust stock' })).toHaveFocus();
    expect(api.callsTo(`POST ${itemPath}/variants/${large.id}/stock`)).toHaveLength(1);
  });
});

describe('items sold loose', () => {
  const loose = variantFixture({
    id: 'e0000000-0000-4000-8000-000000000021',
    pricePaise: 3_600,
    mrpPaise: 4_000,
    stepGrams: 250,
    maxGrams: 5_000,
    stock: 40_000,
    lowStockAt: null,
  });
  const onions = itemFixture({
    id: 'd0000000-0000-4000-8000-000000000021',
    name: 'Onions',
    variants: [loose],
  });
  const onionsPath = `${base}/items/${onions.id}`;
  const field = (name: string) =>
    screen.getByRole('textbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });

  it('prices per kg in steps: the step’s price beside it, stock in grams, and sends the step and the most per order', async () => {
    const { user, api } = renderItem(`/stores/${store.id}/items/add`);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Onions');
    await user.type(screen.getByRole('combobox', { name: /^Category/ }), 'fru');
    await user.click(await screen.findByRole('option', { name: 'Fruits' }));
    expect(screen.queryByRole('textbox', { name: /^Step/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Sold loose, by weight' }));
    expect(field('Price per kg')).toBeInTheDocument();
    expect(field('MRP per kg')).toBeInTheDocument();
    await user.type(field('Price per kg'), '36');
    await user.type(field('MRP per kg'), '40');
    expect(field('MRP per kg')).toHaveAccessibleDescription('Save ₹4.00/kg (10%)');
    await user.type(field('Step (g)'), '250');
    expect(field('Step (g)')).toHaveAccessibleDescription('250 g for ₹9.00');
    await user.type(field('Most per order (g)'), '5000');
    expect(field('Most per order (g)')).toHaveAccessibleDescription('Up to 5 kg in one order.');
    await user.click(screen.getByRole('switch', { name: 'Count stock' }));
    await user.type(field('Stock (g)'), '40000');
    expect(field('Stock (g)')).toHaveAccessibleDescription('How many grams there are now: 40 kg.');
    expect(field('Low stock at (g)')).toHaveAccessibleDescription(
      'Low at this many grams or fewer; 5 steps (1.25 kg) if empty.',
    );
    await user.click(screen.getByRole('button', { name: 'Add item' }));

    expect(await screen.findByText('Item added')).toBeInTheDocument();
    expect((api.callsTo(`POST ${base}/items`)[0]?.body as { variants: VariantInput[] }).variants).toEqual([
      {
        label: '',
        pricePaise: 3_600,
        mrpPaise: 4_000,
        sku: null,
        barcode: null,
        stepGrams: 250,
        maxGrams: 5_000,
        stock: 40_000,
        lowStockAt: null,
      },
    ]);
  });

  it('says with the shared messages what the server would: a step of a fraction of a paisa, a step or most missing', async () => {
    const { user, api } = renderItem(`/stores/${store.id}/items/${onions.id}/edit`, {
      [`GET ${onionsPath}`]: () => json(200, onions),
    });
    await screen.findByRole('heading', { name: 'Price and stock' });
    await user.clear(field('Price per kg'));
    await user.type(field('Price per kg'), '36.01');
    // No step's price while it comes to a fraction of a paisa.
    expect(field('Step (g)')).toHaveAccessibleDescription('What one press adds, such as 250.');
    await user.click(screen.getByRole('button', { name: 'Save item' }));

    expect(field('Price per kg')).toHaveAccessibleDescription(variantMessages.notExact(3_601, 250));
    expect(api.callsTo(`PATCH ${onionsPath}`)).toHaveLength(0);

    await user.clear(field('Price per kg'));
    await user.type(field('Price per kg'), '36');
    await user.clear(field('Most per order (g)'));
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(field('Most per order (g)')).toHaveAccessibleDescription(variantMessages.looseNeedsBoth);
    await user.clear(field('Step (g)'));
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(field('Step (g)')).toHaveAccessibleDescription(variantMessages.looseNeedsBoth);
    await user.type(field('Step (g)'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(field('Step (g)')).toHaveAccessibleDescription(variantMessages.grams);
    expect(api.callsTo(`PATCH ${onionsPath}`)).toHaveLength(0);
  });

  it('reads a loose item back, and turning it off empties the step and the most per order, and asks for the count in packs', async () => {
    // Low at 2 kg.
    const marked = { ...onions, variants: [{ ...loose, lowStockAt: 2_000 }] };
    const { user, api } = renderItem(`/stores/${store.id}/items/${onions.id}/edit`, {
      [`GET ${onionsPath}`]: () => json(200, marked),
      [`PATCH ${onionsPath}`]: () => json(200, { ...onions, version: 8 }),
    });
    const sold = await screen.findByRole('switch', { name: 'Sold loose, by weight' });
    expect(field('Low stock at (g)')).toHaveValue('2000');
    expect(sold).toBeChecked();
    expect(field('Price per kg')).toHaveValue('36.00');
    expect(field('Step (g)')).toHaveValue('250');
    expect(field('Most per order (g)')).toHaveValue('5000');
    expect(screen.getByText('in stock').parentElement).toHaveTextContent('40 kg in stock');

    await user.click(sold);
    expect(screen.queryByRole('textbox', { name: /^Step/ })).not.toBeInTheDocument();
    expect(field('Price')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(sold).toBeChecked();
    expect(field('Step (g)')).toHaveValue('');
    expect(field('Most per order (g)')).toHaveValue('');
    // Back in grams, its count and mark in grams are back as they were.
    expect(screen.getByText('in stock').parentElement).toHaveTextContent('40 kg in stock');
    expect(field('Low stock at (g)')).toHaveValue('2000');
    await user.keyboard(' ');
    // In packs, the 40 kg is no count: it is counted again.
    expect(screen.queryByText('in stock')).not.toBeInTheDocument();
    expect(field('Stock')).toHaveValue('');
    // Its mark in grams is no mark in packs either.
    expect(field('Low stock at')).toHaveValue('');
    expect(field('Stock')).toHaveAccessibleDescription(
      'Sold in packs now: count it again. How many there are now.',
    );
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(field('Stock')).toHaveAccessibleDescription(variantMessages.stock);
    await user.type(field('Stock'), '38');
    await user.click(screen.getByRole('button', { name: 'Save item' }));

    expect(await screen.findByText('Item saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${onionsPath}`)[0]?.body).toMatchObject({
      variants: [
        { id: loose.id, pricePaise: 3_600, stepGrams: null, maxGrams: null, stock: 38, lowStockAt: null },
      ],
    });
  });

  it("puts the server's refusal of a step on the step's field", async () => {
    const message = 'Store B sells this at ₹36.01 a kg, where 250 g comes to a fraction of a paisa';
    const { user } = renderItem(`/stores/${store.id}/items/${onions.id}/edit`, {
      [`GET ${onionsPath}`]: () => json(200, onions),
      [`PATCH ${onionsPath}`]: () =>
        apiError(409, 'conflict', message, { fields: { 'variants.0.stepGrams': message } }),
    });
    await screen.findByRole('heading', { name: 'Price and stock' });
    await user.click(screen.getByRole('button', { name: 'Save item' }));

    await waitFor(() => expect(field('Step (g)')).toHaveAccessibleDescription(message));
    expect(field('Step (g)')).toHaveFocus();
  });

  it('adjusts a loose stock in grams, showing it as a weight', async () => {
    const { user, api } = renderItem(`/stores/${store.id}/items/${onions.id}/edit`, {
      [`GET ${onionsPath}`]: () => json(200, onions),
      [`POST ${onionsPath}/variants/${loose.id}/stock`]: () =>
        json(200, { ...onions, variants: [{ ...loose, stock: 40_500 }] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    const grams = within(dialog).getByRole('textbox', { name: /^Grams received/ });
    expect(grams).toHaveAccessibleDescription('A whole number of grams.');
    expect(dialog).toHaveTextContent('In stock now40 kgAfter—');
    await user.type(grams, '500');
    expect(dialog).toHaveTextContent('In stock now40 kgAfter40.5 kg');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Onions: 40.5 kg in stock')).toBeInTheDocument();
    expect(api.callsTo(`POST ${onionsPath}/variants/${loose.id}/stock`)[0]?.body).toEqual({
      reason: 'received',
      quantity: 500,
    });
  });
});

describe('an item in the language chosen', () => {
  it('speaks Hindi: an item’s variants, their stock, and adjusting it', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const stock = { value: 3 };
    const { user } = renderItem(`/stores/${store.id}/items/${atta.id}/edit`, stockServer(stock));

    expect(await screen.findByRole('heading', { level: 1, name: 'आइटम बदलें' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'वेरिएंट' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'दूसरे स्टोर में कॉपी करें' })).toBeInTheDocument();
    const second = screen.getByRole('group', { name: 'वेरिएंट 2' });
    expect(within(second).getByRole('textbox', { name: /^वेरिएंट का नाम/ })).toHaveValue('1 kg');
    expect(within(second).getByRole('textbox', { name: /^दाम/ })).toHaveAccessibleDescription(
      'रुपये में, दशमलव के बाद दो अंक तक।',
    );
    expect(within(second).getByRole('button', { name: 'वेरिएंट 2 को ऊपर करें' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'वेरिएंट 2 हटाएँ' })).toBeInTheDocument();
    expect(within(second).getByRole('switch', { name: 'स्टॉक गिनें' })).toBeChecked();
    expect(second).toHaveTextContent('स्टॉक में 3');
    expect(within(second).getByText('कम स्टॉक')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'वेरिएंट जोड़ें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'आइटम सेव करें' })).toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: 'स्टॉक बदलें' }));
    const dialog = await screen.findByRole('dialog', { name: 'स्टॉक बदलें' });
    expect(within(dialog).getByRole('radio', { name: 'माल आया' })).toBeChecked();
    expect(dialog).toHaveTextContent('माल आया: स्टॉक में जुड़ेगा।');
    await user.keyboard('10');
    expect(dialog).toHaveTextContent('अभी स्टॉक में3बदलाव के बाद13');
    await user.click(within(dialog).getByRole('radio', { name: 'गिनती की' }));
    expect(within(dialog).getByRole('textbox', { name: /^गिनी गई मात्रा/ })).toHaveValue('10');
    await user.click(within(dialog).getByRole('button', { name: 'सेव करें' }));
    expect(await screen.findByText('Aashirvaad atta · 1 kg: स्टॉक में 10')).toBeInTheDocument();
  });

  it('speaks Hindi on a new item sold loose: its price per kg, the saving, the step’s price', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderItem(`/stores/${store.id}/items/add`);

    expect(await screen.findByRole('heading', { level: 1, name: 'आइटम जोड़ें' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'दाम और स्टॉक' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^कैटेगरी/ })).toHaveAccessibleDescription(
      'इस स्टोर की कैटेगरी खोजने के लिए टाइप करें।',
    );
    await user.click(screen.getByRole('switch', { name: 'खुला, वज़न से बिकता है' }));
    await user.type(screen.getByRole('textbox', { name: /^दाम प्रति किलो/ }), '36');
    await user.type(screen.getByRole('textbox', { name: /^MRP प्रति किलो/ }), '40');
    expect(screen.getByRole('textbox', { name: /^MRP प्रति किलो/ })).toHaveAccessibleDescription(
      '₹4.00/किलो की बचत (10%)',
    );
    await user.type(screen.getByRole('textbox', { name: /^स्टेप \(g\)/ }), '250');
    expect(screen.getByRole('textbox', { name: /^स्टेप \(g\)/ })).toHaveAccessibleDescription('250 g ₹9.00 में');
    await user.type(screen.getByRole('textbox', { name: /^एक ऑर्डर में ज़्यादा से ज़्यादा \(g\)/ }), '5000');
    expect(
      screen.getByRole('textbox', { name: /^एक ऑर्डर में ज़्यादा से ज़्यादा \(g\)/ }),
    ).toHaveAccessibleDescription('एक ऑर्डर में 5 kg तक।');
    await user.click(screen.getByRole('switch', { name: 'स्टॉक गिनें' }));
    await user.type(screen.getByRole('textbox', { name: /^स्टॉक \(g\)/ }), '40000');
    expect(screen.getByRole('textbox', { name: /^स्टॉक \(g\)/ })).toHaveAccessibleDescription(
      'अभी कितने ग्राम हैं: 40 kg।',
    );
    expect(screen.getByRole('textbox', { name: /^कम स्टॉक की सीमा \(g\)/ })).toHaveAccessibleDescription(
      'इतने ग्राम या उससे कम होने पर कम; खाली छोड़ें तो 5 स्टेप (1.25 kg)।',
    );
  });
});
