import type { TrashEntry } from '@storedesk/shared/trash/schemas';
import { restoreParentFirstMessage } from '@storedesk/shared/trash/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listOf, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

const store: TrashEntry = {
  kind: 'stores',
  id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Fresh Mart Indiranagar',
  storeId: null,
  storeName: null,
  deletedAt: '2025-01-02T18:40:00.000Z',
  deletedBy: 'Olivia Owner',
};
const item: TrashEntry = {
  kind: 'items',
  id: 'd0000000-0000-4000-8000-000000000001',
  name: 'Alphonso mango',
  storeId: store.id,
  storeName: store.name,
  deletedAt: '2025-01-02T18:45:00.000Z',
  deletedBy: 'Arjun Admin',
};
const slide: TrashEntry = {
  kind: 'slides',
  id: 'e0000000-0000-4000-8000-000000000001',
  name: 'Monsoon offers',
  storeId: null,
  storeName: null,
  deletedAt: '2024-12-20T04:00:00.000Z',
  deletedBy: null,
};

/** The trash as a small server: restores take entries out; `kind` and `q` filter. */
function renderTrash(entry = '/trash', overrides: Record<string, Handler> = {}) {
  let entries = [item, store, slide];
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/trash': (call) => {
      const kind = call.query.get('kind');
      const q = call.query.get('q')?.toLowerCase() ?? '';
      return json(
        200,
        listOf(
          entries.filter((each) => (!kind || each.kind === kind) && each.name.toLowerCase().includes(q)),
        ),
      );
    },
    [`POST /api/trash/slides/${slide.id}/restore`]: () => {
      entries = entries.filter((each) => each.id !== slide.id);
      return json(200, { kind: 'slides', id: slide.id });
    },
    [`POST /api/trash/items/${item.id}/restore`]: () =>
      apiError(409, 'conflict', restoreParentFirstMessage(store.name)),
    ...overrides,
  });
  return { ...renderApp(entry), api };
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

function cellsOf(name: string): string[] {
  return [...rowOf(name).querySelectorAll('td')].map((cell) => cell.textContent ?? '');
}

describe('trash', () => {
  it('lists what was deleted: kind, name and store, who deleted it and when', async () => {
    renderTrash();

    const table = await screen.findByRole('table', { name: 'Trash' });
    await within(table).findByText('Alphonso mango');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Kind', 'Name', 'Deleted by', 'Deleted', 'Restore']);
    expect(cellsOf('Alphonso mango')).toEqual([
      'Item',
      'Alphonso mango in Fresh Mart Indiranagar',
      'Arjun Admin',
      '03/01/2025 12:15 AM',
      'Restore',
    ]);
    expect(cellsOf('Fresh Mart Indiranagar')).toEqual([
      'Store',
      'Fresh Mart Indiranagar',
      'Olivia Owner',
      '03/01/2025 12:10 AM',
      'Restore',
    ]);
    expect(cellsOf('Monsoon offers')[2]).toBe('Not recorded');
    expect(screen.getByRole('button', { name: 'Restore Alphonso mango' })).toBeInTheDocument();
  });

  it('filters by kind, kept in the address, and back to all', async () => {
    const { user, api, router } = renderTrash('/trash?page=1');
    await screen.findByText('Alphonso mango');

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All',
      'Stores',
      'Categories',
      'Items',
      'Slides',
      'Zones',
    ]);
    await user.click(screen.getByRole('option', { name: 'Slides' }));

    await waitFor(() => expect(screen.queryByText('Alphonso mango')).not.toBeInTheDocument());
    expect(screen.getByText('Monsoon offers')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kind=slides');
    expect(Object.fromEntries(api.callsTo('GET /api/trash').at(-1)!.query)).toEqual({
      kind: 'slides',
      page: '0',
      pageSize: '10',
    });

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    expect(await screen.findByText('Alphonso mango')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens with the kind of the address', async () => {
    const { api } = renderTrash('/trash?kind=stores');

    expect(await screen.findByText('Fresh Mart Indiranagar')).toBeInTheDocument();
    expect(screen.queryByText('Alphonso mango')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Stores');
    expect(api.callsTo('GET /api/trash')[0]?.query.get('kind')).toBe('stores');
  });

  it('restores a record and says so', async () => {
    const { user, api } = renderTrash();

    await user.click(await screen.findByRole('button', { name: 'Restore Monsoon offers' }));

    expect(await screen.findByText('Monsoon offers restored')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Monsoon offers')).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/trash/slides/${slide.id}/restore`)).toHaveLength(1);
  });

  it('shows why a record cannot come back yet in the Error dialog', async () => {
    const { user } = renderTrash();

    await user.click(await screen.findByRole('button', { name: 'Restore Alphonso mango' }));

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(
      'Restore the store “Fresh Mart Indiranagar” first: it is in the trash too.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByText('Alphonso mango')).toBeInTheDocument();
  });

  it('says the trash is empty and how long deleted records stay', async () => {
    renderTrash('/trash', { 'GET /api/trash': () => json(200, listOf([])) });

    expect(await screen.findByText('Nothing in the trash')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /stay here for 30 days/ })).toBeInTheDocument();
  });

  it('says when nothing of a kind is there, with a way back to everything', async () => {
    const { user, router } = renderTrash('/trash?kind=zones');

    expect(await screen.findByText('No zones in the trash')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show everything in the trash' }));
    expect(await screen.findByText('Alphonso mango')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says when nothing matches the search', async () => {
    const { api } = renderTrash('/trash?q=paneer');

    expect(await screen.findByText('No records in the trash match “paneer”')).toBeInTheDocument();
    expect(api.callsTo('GET /api/trash')[0]?.query.get('q')).toBe('paneer');
  });

  it('shows each record on two lines with its Restore button on a phone', async () => {
    setViewportWidth(375);
    renderTrash();

    await screen.findByText('Alphonso mango');
    expect(cellsOf('Alphonso mango')).toEqual([
      'ItemAlphonso mangoin Fresh Mart Indiranagar · 03/01/2025 12:15 AM by Arjun Admin',
      'Restore',
    ]);
    expect(screen.getByRole('button', { name: 'Restore Alphonso mango' })).toBeInTheDocument();
  });
});

describe('trash in the language chosen', () => {
  it('speaks Hindi: title, columns, kinds, who deleted and the Restore button', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderTrash();

    expect(await screen.findByRole('heading', { level: 1, name: 'ट्रैश' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'ट्रैश' });
    await within(table).findByText('Alphonso mango');
    expect(screen.getByRole('region', { name: 'ट्रैश, तालिका' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['प्रकार', 'नाम', 'किसने डिलीट किया', 'डिलीट हुआ', 'रिस्टोर करें']);
    expect(cellsOf('Alphonso mango').slice(0, 3)).toEqual([
      'आइटम',
      'Alphonso mango Fresh Mart Indiranagar में',
      'Arjun Admin',
    ]);
    expect(cellsOf('Monsoon offers')[2]).toBe('दर्ज नहीं');
    expect(screen.getByRole('searchbox', { name: 'ट्रैश में खोजें' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Monsoon offers रिस्टोर करें' }));
    expect(await screen.findByText('Monsoon offers रिस्टोर हो गया')).toBeInTheDocument();
    localStorage.removeItem('storedesk:console:language');
  });

  it('speaks Hindi when nothing of a kind is there', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderTrash('/trash?kind=zones');

    expect(await screen.findByText('ट्रैश में कोई ज़ोन नहीं')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'प्रकार' })).toHaveTextContent('ज़ोन');
    await user.click(screen.getByRole('button', { name: 'ट्रैश में सब कुछ दिखाएँ' }));
    expect(await screen.findByText('Alphonso mango')).toBeInTheDocument();
    localStorage.removeItem('storedesk:console:language');
  });
});
