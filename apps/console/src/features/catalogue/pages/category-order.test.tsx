import type { Category, CategoryMove } from '@storedesk/shared/catalogue/schemas';
import { orderAfterMove } from '@storedesk/shared/catalogue/category-order';
import { messages } from '@storedesk/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, categoryFixture, listOf, storeFixture } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const store = storeFixture();
const base = `/api/stores/${store.id}`;

const named = (names: string[]): Category[] =>
  names.map((name, index) =>
    categoryFixture({
      id: `c0000000-0000-4000-8000-00000000000${index + 1}`,
      name,
      position: index + 1,
      version: 1,
    }),
  );

/** A store's categories as a small server: pages and searches them, and moves one as the server does. */
function categoryServer(names: string[], overrides: Record<string, Handler> = {}) {
  let categories = named(names);
  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': sessionHandler(adminSession),
    [`GET ${base}`]: () => json(200, store),
    [`GET ${base}/categories`]: (call) => {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      const page = Number(call.query.get('page') ?? 0);
      const pageSize = Number(call.query.get('pageSize') ?? 10);
      const found = categories.filter((category) => category.name.toLowerCase().includes(q));
      return json(200, listOf(found.slice(page * pageSize, (page + 1) * pageSize), found.length));
    },
  };
  for (const { id } of categories) {
    handlers[`PUT ${base}/categories/${id}/position`] = (call) => {
      const { position, version } = call.body as CategoryMove;
      const moving = categories.find((category) => category.id === id)!;
      if (moving.version !== version)
        return apiError(409, 'conflict', messages.staleRecord, { current: moving });
      const order = orderAfterMove(
        categories.map((category) => category.id),
        id,
        position,
      );
      categories = order.map((each, index) => {
        const category = categories.find((one) => one.id === each)!;
        return { ...category, position: index + 1, version: category.version + (each === id ? 1 : 0) };
      });
      return json(
        200,
        categories.find((category) => category.id === id),
      );
    };
  }
  const api = mockApi({ ...handlers, ...overrides });
  return {
    api,
    /** A colleague's move, made on the server behind the screen's back. */
    bump: (name: string) => {
      categories = categories.map((category) =>
        category.name === name ? { ...category, version: category.version + 1 } : category,
      );
    },
  };
}

const shownNames = () =>
  within(screen.getByRole('table', { name: 'Categories' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('the order of a store’s categories', () => {
  it('is changed with Move up and Move down from the keyboard, each move saved at once, the focus kept', async () => {
    const { api } = categoryServer(['Vegetables', 'Dairy', 'Bakery']);
    const { user } = renderApp(`/stores/${store.id}/catalog`);
    await screen.findByText('Dairy');
    expect(shownNames()).toEqual(['Vegetables', 'Dairy', 'Bakery']);
    // The ends cannot go further.
    expect(screen.getByRole('button', { name: 'Move Vegetables up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Bakery down' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move Dairy up' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Dairy moved up')).toBeInTheDocument();
    await waitFor(() => expect(shownNames()).toEqual(['Dairy', 'Vegetables', 'Bakery']));
    expect(api.callsTo(`PUT ${base}/categories/${named(['x', 'Dairy'])[1]!.id}/position`)[0]?.body).toEqual({
      position: 1,
      version: 1,
    });
    // First now: its Move up is off, so the focus is on its Move down.
    expect(screen.getByRole('button', { name: 'Move Dairy up' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Dairy down' })).toHaveFocus());
    // The numbers follow the order.
    expect(within(screen.getByText('Dairy').closest('tr')!).getByText('1')).toBeInTheDocument();

    // Space works too, and the moved category keeps the focus on the button pressed.
    await user.keyboard(' ');
    await waitFor(() => expect(shownNames()).toEqual(['Vegetables', 'Dairy', 'Bakery']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Dairy down' })).toHaveFocus());
    expect(api.callsTo(`PUT ${base}/categories/${named(['x', 'Dairy'])[1]!.id}/position`)[1]?.body).toEqual({
      position: 2,
      version: 2,
    });
  });

  it('follows a category moved onto another page there', async () => {
    const names = ['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2'];
    categoryServer(names);
    const { user, router } = renderApp(`/stores/${store.id}/catalog?page=1&pageSize=5`);
    await screen.findByText('B1');
    expect(shownNames()).toEqual(['B1', 'B2']);

    await user.click(screen.getByRole('button', { name: 'Move B1 up' }));

    await waitFor(() => expect(router.state.location.search).not.toContain('page=1'));
    await waitFor(() => expect(shownNames()).toEqual(['A1', 'A2', 'A3', 'A4', 'B1']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move B1 up' })).toHaveFocus());
  });

  it('says when a colleague changed the category first (409), and shows the list as it is', async () => {
    const { bump } = categoryServer(['Vegetables', 'Dairy']);
    const { user } = renderApp(`/stores/${store.id}/catalog`);
    await screen.findByText('Dairy');
    bump('Dairy');

    await user.click(screen.getByRole('button', { name: 'Move Dairy up' }));

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(messages.staleRecord);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(shownNames()).toEqual(['Vegetables', 'Dairy']);
  });

  it('offers no moves while a search narrows the list', async () => {
    categoryServer(['Vegetables', 'Dairy', 'Bakery']);
    renderApp(`/stores/${store.id}/catalog?q=a`);
    await screen.findByText('Dairy');
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Dairy' })).toBeInTheDocument();
  });
});
