import type { ItemCopyInput } from '@storedesk/shared/catalogue/copies';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, categoryFixture, itemFixture, listOf, storeFixture } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const store = storeFixture({ name: 'Fresh Mart Koramangala' });
const jayanagar = storeFixture({ id: 'c0000000-0000-4000-8000-000000000002', name: 'Fresh Mart Jayanagar' });
const bandra = storeFixture({ id: 'c0000000-0000-4000-8000-000000000003', name: 'Fresh Mart Bandra' });
const base = `/api/stores/${store.id}`;
const dal = itemFixture({ name: 'Toor dal' });

function render(entry: string, overrides: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    [`GET ${base}`]: () => json(200, store),
    [`GET ${base}/categories`]: () => json(200, listOf([categoryFixture()])),
    [`GET ${base}/items`]: () => json(200, listOf([])),
    [`GET ${base}/items/${dal.id}`]: () => json(200, dal),
    'GET /api/stores': (call) => {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      return json(200, listOf([store, jayanagar, bandra].filter((s) => s.name.toLowerCase().includes(q))));
    },
    [`GET /api/stores/${jayanagar.id}`]: () => json(200, jayanagar),
    ...overrides,
  });
  return { ...renderApp(entry), api };
}

describe('one item in many stores', () => {
  it('copies an item to the stores ticked, and says which kept it already', async () => {
    const { user, api } = render(`/stores/${store.id}/items/${dal.id}/edit`, {
      [`POST ${base}/items/${dal.id}/copies`]: (call) => {
        const { storeIds } = call.body as ItemCopyInput;
        expect(storeIds).toEqual([jayanagar.id, bandra.id]);
        return json(200, { copied: [{ storeId: jayanagar.id, itemId: 'new' }], skipped: [bandra.id] });
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Copy to stores' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Toor dal to stores' });
    expect(dialog).toHaveAccessibleDescription(
      'Name, tax, image and variants are shared with the copies; each store keeps its own price, stock and availability.',
    );
    // Every store but this one.
    await within(dialog).findByRole('checkbox', { name: jayanagar.name });
    expect(within(dialog).queryByRole('checkbox', { name: store.name })).not.toBeInTheDocument();
    const copy = within(dialog).getByRole('button', { name: 'Copy to stores' });
    expect(copy).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: jayanagar.name }));

    // A search narrows the list; the ticks stay.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search stores' }), 'bandra');
    // The rows stay, marked busy, until the search answers.
    const stores = within(dialog).getByRole('group', { name: 'Stores' });
    await waitFor(() => expect(stores).toHaveAttribute('aria-busy', 'false'));
    expect(
      within(stores)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual([bandra.name]);
    await user.click(within(dialog).getByRole('checkbox', { name: bandra.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy to 2 stores' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      `Copied to ${jayanagar.name}. Already kept by ${bandra.name}.`,
    );
    expect(api.callsTo(`POST ${base}/items/${dal.id}/copies`)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('starts an empty store from another store’s catalogue after a confirmation', async () => {
    const { user, api } = render(`/stores/${store.id}/catalog?tab=items`, {
      [`POST ${base}/catalogue/copy`]: () => json(200, { copied: 40, skipped: 0 }),
    });

    expect(await screen.findByText('No items yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy another store’s catalogue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy another store’s catalogue' });
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Copy from' }));
    await user.click(await screen.findByRole('option', { name: jayanagar.name }));
    expect(screen.queryByRole('option', { name: store.name })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(dialog).toHaveTextContent(
      `Copy every item of ${jayanagar.name} that ${store.name} does not keep yet?`,
    );
    expect(api.callsTo(`POST ${base}/catalogue/copy`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Copy items' }));

    expect(await within(dialog).findByText(`Copied 40 items from ${jayanagar.name}.`)).toBeInTheDocument();
    expect(api.callsTo(`POST ${base}/catalogue/copy`)[0]?.body).toEqual({ fromStoreId: jayanagar.id });
  });
});

describe('copies in the language chosen', () => {
  it('copies an item in Kannada, and says where it went', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    const { user } = render(`/stores/${store.id}/items/${dal.id}/edit`, {
      [`POST ${base}/items/${dal.id}/copies`]: () =>
        json(200, { copied: [{ storeId: jayanagar.id, itemId: 'new' }], skipped: [bandra.id] }),
    });

    await user.click(await screen.findByRole('button', { name: 'ಅಂಗಡಿಗಳಿಗೆ ಕಾಪಿ ಮಾಡಿ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Toor dal ಅನ್ನು ಅಂಗಡಿಗಳಿಗೆ ಕಾಪಿ ಮಾಡಿ' });
    await user.click(await within(dialog).findByRole('checkbox', { name: jayanagar.name }));
    expect(within(dialog).getByRole('button', { name: '1 ಅಂಗಡಿಗೆ ಕಾಪಿ ಮಾಡಿ' })).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: bandra.name }));
    await user.click(within(dialog).getByRole('button', { name: '2 ಅಂಗಡಿಗಳಿಗೆ ಕಾಪಿ ಮಾಡಿ' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      `${jayanagar.name} ಗೆ ಕಾಪಿ ಆಯಿತು. ${bandra.name} ನಲ್ಲಿ ಈಗಾಗಲೇ ಇದೆ.`,
    );
    expect(within(dialog).getByRole('button', { name: 'ಮುಚ್ಚಿ' })).toBeInTheDocument();
  });

  it('starts an empty store from another’s catalogue in Hindi', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = render(`/stores/${store.id}/catalog?tab=items`, {
      [`POST ${base}/catalogue/copy`]: () => json(200, { copied: 40, skipped: 1 }),
    });

    await user.click(await screen.findByRole('button', { name: 'दूसरे स्टोर का कैटलॉग कॉपी करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'दूसरे स्टोर का कैटलॉग कॉपी करें' });
    await user.click(within(dialog).getByRole('combobox', { name: 'किस स्टोर से' }));
    await user.click(await screen.findByRole('option', { name: jayanagar.name }));
    await user.click(within(dialog).getByRole('button', { name: 'आगे बढ़ें' }));
    expect(dialog).toHaveTextContent(`${jayanagar.name} के वे सभी आइटम कॉपी करें जो ${store.name} में अभी नहीं हैं?`);
    await user.click(within(dialog).getByRole('button', { name: 'आइटम कॉपी करें' }));

    expect(
      await within(dialog).findByText(`${jayanagar.name} से 40 आइटम कॉपी हुए। 1 आइटम पहले से यहाँ था।`),
    ).toBeInTheDocument();
  });
});
