import type { Item } from '@storedesk/shared/catalogue/schemas';
import type { LowStockRow, StockAdjustment } from '@storedesk/shared/catalogue/variants';
import { messages } from '@storedesk/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminSession,
  itemFixture,
  listOf,
  ownerSession,
  storeFixture,
  variantFixture,
  zoneSouth,
  zones,
} from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

const store = storeFixture();

function lowRow(number: number, changes: Partial<LowStockRow> = {}): LowStockRow {
  const id = String(number).padStart(12, '0');
  return {
    storeId: store.id,
    storeName: store.name,
    itemId: `d0000000-0000-4000-8000-${id}`,
    itemName: `Item ${number}`,
    variantId: `e0000000-0000-4000-8000-${id}`,
    variantLabel: '',
    stepGrams: null,
    stock: 2,
    lowStockAt: 5,
    ...changes,
  };
}

const atta = lowRow(1, { itemName: 'Aashirvaad atta', variantLabel: '5 kg', stock: 0, lowStockAt: 3 });
const paneer = lowRow(2, { itemName: 'Paneer', stock: 4 });
/** Twelve in all: two pages of ten. */
const rows = [atta, paneer, ...Array.from({ length: 10 }, (_, index) => lowRow(index + 3))];

function lowStockServer(all: LowStockRow[]): Record<string, Handler> {
  return {
    'GET /api/stock/low': (call) => {
      const page = Number(call.query.get('page') ?? 0);
      const pageSize = Number(call.query.get('pageSize') ?? 10);
      return json(200, listOf(all.slice(page * pageSize, (page + 1) * pageSize), all.length));
    },
  };
}

function renderLowStock(entry: string, session = adminSession, overrides: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/zones': () => json(200, listOf(zones)),
    ...lowStockServer(rows),
    ...overrides,
  });
  return { ...renderApp(entry), api };
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('low stock', () => {
  it('lists the variants that are low, each linked to its item, out of stock first, ten to a page', async () => {
    const { user, router, api } = renderLowStock('/low-stock');

    expect(await screen.findByRole('heading', { level: 1, name: 'Low stock' })).toBeInTheDocument();
    const attaLink = await screen.findByRole('link', { name: 'Aashirvaad atta · 5 kg' });
    expect(attaLink).toHaveAttribute('href', `/stores/${store.id}/items/${atta.itemId}/edit`);
    expect(within(rowOf('Aashirvaad atta · 5 kg')).getByText('Out of stock')).toBeInTheDocument();
    expect(within(rowOf('Aashirvaad atta · 5 kg')).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(within(rowOf('Paneer')).getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(within(rowOf('Paneer')).getByRole('cell', { name: store.name })).toBeInTheDocument();
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    // The navigation says how many are low.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Low stock 12' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByRole('link', { name: 'Item 12' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');
    expect(api.callsTo('GET /api/stock/low').at(-1)?.query.get('page')).toBe('1');
    // An admin's list is their zone's, which the server keeps them to: no zone is asked for.
    expect(api.callsTo('GET /api/stock/low').every((call) => !call.query.has('zoneId'))).toBe(true);
  });

  it("follows the owner's zone filter", async () => {
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, zoneSouth.id);
    // The remembered zone exists: the top bar names it (a zone answered 404 falls back to all zones).
    const { api } = renderLowStock('/low-stock', ownerSession, {
      [`GET /api/zones/${zoneSouth.id}`]: () => json(200, zoneSouth),
    });

    await screen.findByRole('link', { name: 'Paneer' });
    const reads = api.callsTo('GET /api/stock/low');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((call) => call.query.get('zoneId') === zoneSouth.id)).toBe(true);
  });

  it('shows one store’s when a store is chosen, kept in the URL', async () => {
    const other = storeFixture({ id: 'c0000000-0000-4000-8000-000000000009', name: 'Fresh Mart Bandra' });
    const { user, router, api } = renderLowStock('/low-stock?page=1', adminSession, {
      'GET /api/stores': () => json(200, listOf([store, other])),
      [`GET /api/stores/${other.id}`]: () => json(200, other),
    });

    await screen.findByRole('link', { name: 'Item 12' });
    await user.click(screen.getByRole('combobox', { name: 'Store' }));
    await user.click(await screen.findByRole('option', { name: other.name }));

    await waitFor(() => expect(router.state.location.search).toBe(`?storeId=${other.id}`));
    await waitFor(() =>
      expect(api.callsTo('GET /api/stock/low').at(-1)?.query.get('storeId')).toBe(other.id),
    );
    expect(api.callsTo('GET /api/stock/low').at(-1)?.query.get('page')).toBe('0');
    expect(screen.getByRole('combobox', { name: 'Store' })).toHaveValue(other.name);
  });

  it('says when nothing is low, and has no count in the navigation', async () => {
    renderLowStock('/low-stock', adminSession, lowStockServer([]));

    expect(await screen.findByText('Nothing is low on stock')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Low stock' })).toBeInTheDocument();
  });

  it('says what failed, and retries', async () => {
    let fail = true;
    const { user } = renderLowStock('/low-stock', adminSession, {
      'GET /api/stock/low': (call) =>
        fail
          ? apiError(500, 'internal', messages.internal)
          : lowStockServer(rows)['GET /api/stock/low']!(call),
    });

    expect(await screen.findByText('Could not load the low stock')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Paneer' })).toBeInTheDocument();
  });

  it('adjusts a stock from its row, and the list is read again', async () => {
    let all = rows;
    const received: StockAdjustment[] = [];
    const attaItem: Item = itemFixture({
      id: atta.itemId,
      name: atta.itemName,
      variants: [variantFixture({ id: atta.variantId, label: '5 kg', stock: 0, lowStockAt: 3 })],
    });
    const { user } = renderLowStock('/low-stock', adminSession, {
      'GET /api/stock/low': (call) => lowStockServer(all)['GET /api/stock/low']!(call),
      [`POST /api/stores/${store.id}/items/${atta.itemId}/variants/${atta.variantId}/stock`]: (call) => {
        received.push(call.body as StockAdjustment);
        all = all.filter((row) => row !== atta);
        return json(200, { ...attaItem, variants: [{ ...attaItem.variants[0]!, stock: 24 }] });
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Adjust stock of Aashirvaad atta · 5 kg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    expect(dialog).toHaveTextContent('In stock now0');
    await user.type(within(dialog).getByRole('textbox', { name: /^Quantity received/ }), '24{Enter}');

    expect(await screen.findByText('Aashirvaad atta · 5 kg: 24 in stock')).toBeInTheDocument();
    expect(received).toEqual([{ reason: 'received', quantity: 24 }]);
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Aashirvaad atta · 5 kg' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('1–10 of 11')).toBeInTheDocument();
  });

  it('shows the stock and the mark of a variant sold loose as weights, and adjusts it in grams', async () => {
    const onions = lowRow(20, { itemName: 'Onions', stepGrams: 250, stock: 1_000, lowStockAt: 1_250 });
    const { user } = renderLowStock('/low-stock', adminSession, lowStockServer([onions]));

    const row = (await screen.findByRole('link', { name: 'Onions' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Onions', store.name, '1 kg', '1.25 kg', 'Adjust stock']);
    await user.click(within(row).getByRole('button', { name: 'Adjust stock of Onions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    expect(within(dialog).getByRole('textbox', { name: /^Grams received/ })).toHaveFocus();
    expect(dialog).toHaveTextContent('In stock now1 kgAfter—');
  });

  it('reads as one line per variant on a phone', async () => {
    setViewportWidth(375);
    renderLowStock('/low-stock');

    const attaLink = await screen.findByRole('link', { name: 'Aashirvaad atta · 5 kg' });
    const row = attaLink.closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([`Aashirvaad atta · 5 kg${store.name} · low at 3`, 'Out of stockAdjust']);
  });
});

describe('low stock in the language chosen', () => {
  it('speaks Hindi: the title, the store filter, the columns, out of stock and Adjust stock', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderLowStock('/low-stock');

    expect(await screen.findByRole('heading', { level: 1, name: 'कम स्टॉक' })).toBeInTheDocument();
    expect(
      screen.getByText('गिने जाने वाले वेरिएंट जो कम स्टॉक की सीमा पर या उससे नीचे हैं, पहले वे जिनका स्टॉक ख़त्म है।'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'स्टोर' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Aashirvaad atta · 5 kg' });
    expect(
      within(screen.getByRole('table', { name: 'कम स्टॉक' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['आइटम', 'स्टोर', 'स्टॉक', 'कम स्टॉक की सीमा', 'कार्रवाई']);
    expect(within(rowOf('Aashirvaad atta · 5 kg')).getByText('स्टॉक में नहीं')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Paneer का स्टॉक बदलें' }));
    expect(await screen.findByRole('dialog', { name: 'स्टॉक बदलें' })).toBeInTheDocument();
  });

  it('says in Hindi when nothing is low', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderLowStock('/low-stock', adminSession, lowStockServer([]));

    expect(await screen.findByText('किसी का स्टॉक कम नहीं है')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'कम स्टॉक' })).getByRole('link', { name: 'स्टोर' }),
    ).toHaveAttribute('href', '/stores');
  });
});
