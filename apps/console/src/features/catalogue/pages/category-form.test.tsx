import { messages } from '@storedesk/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, categoryFixture, storeFixture } from '@/testing/fixtures.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const store = storeFixture();
const base = `/api/stores/${store.id}`;
const fruits = categoryFixture();
const taken = () =>
  apiError(409, 'conflict', messages.categoryNameTaken, { fields: { name: messages.categoryNameTaken } });

function renderForm(entry: string) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    [`GET ${base}`]: () => json(200, store),
    [`GET ${base}/categories/${fruits.id}`]: () => json(200, fruits),
    [`POST ${base}/categories`]: taken,
    [`PATCH ${base}/categories/${fruits.id}`]: taken,
  });
  return { ...renderApp(entry), api };
}

describe('a category name the store already has', () => {
  it('is refused on the Name field when adding, and the form stays', async () => {
    const { user, router } = renderForm(`/stores/${store.id}/categories/add`);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'DAIRY{Enter}');

    expect(await screen.findByText(messages.categoryNameTaken)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/stores/${store.id}/categories/add`);
  });

  it('is refused on the Name field when renaming, keeping what was typed', async () => {
    const { user, api } = renderForm(`/stores/${store.id}/categories/${fruits.id}/edit`);

    const name = await screen.findByRole('textbox', { name: 'Name' });
    await screen.findByDisplayValue('Fruits');
    await user.clear(name);
    await user.type(name, 'Dairy{Enter}');

    expect(await screen.findByText(messages.categoryNameTaken)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('Dairy');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`PATCH ${base}/categories/${fruits.id}`)[0]?.body).toEqual({
      name: 'Dairy',
      nameHi: null,
      nameKn: null,
      version: 2,
    });
  });
});
