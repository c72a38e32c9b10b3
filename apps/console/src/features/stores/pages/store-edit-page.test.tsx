import { messages } from '@storedesk/shared/messages';
import type { Store } from '@storedesk/shared/stores/schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, listOf, storeFixture } from '../../../testing/fixtures.ts';
import type { Handler } from '../../../testing/mock-api.ts';
import { apiError, json, meHandler, mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const store = storeFixture({ imageUrl: '/files/stores/front.jpg' });
const storePath = `/api/stores/${store.id}`;

function renderEdit(handlers: Record<string, Handler>, entry = `/stores/${store.id}/edit`) {
  const api = mockApi({
    'GET /api/auth/me': meHandler(adminSession),
    'GET /api/stores': () => json(200, listOf([store])),
    ...handlers,
  });
  return { ...renderApp(entry), api };
}

describe('edit store', { timeout: 30_000 }, () => {
  it('sends the unknown store back to the stores list', async () => {
    const { router } = renderEdit(
      {
        'GET /api/stores/a0000000-0000-4000-8000-000000000999': () =>
          apiError(404, 'not_found', messages.notFound),
      },
      '/stores/a0000000-0000-4000-8000-000000000999/edit',
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/stores'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stores' })).toBeInTheDocument();
  });

  it('fills the form with the store, times shown as hh:mm A, and saves with its version', async () => {
    const { user, api } = renderEdit({
      [`GET ${storePath}`]: () => json(200, store),
      [`PATCH ${storePath}`]: (call) => json(200, { ...store, ...(call.body as Partial<Store>), version: 5 }),
    });

    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue(store.name);
    expect(screen.getByRole('combobox', { name: /^Open time/ })).toHaveTextContent('09:00 AM');
    expect(screen.getByRole('combobox', { name: /^Close time/ })).toHaveTextContent('09:30 PM');
    expect(screen.getByText('Location: 12.97160, 77.64120')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Store image' })).toHaveAttribute('src', store.imageUrl);

    await user.clear(name);
    await user.type(name, 'Fresh Mart HAL{Enter}');

    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toEqual({
      name: 'Fresh Mart HAL',
      featured: 2,
      location: store.location,
      description: store.description,
      phone: store.phone,
      openTime: '09:00',
      closeTime: '21:30',
      latitude: store.latitude,
      longitude: store.longitude,
      version: 4,
    });
  });

  it('says the store changed and shows the latest one on a 409', async () => {
    const current = storeFixture({ name: 'Fresh Mart (renamed)', closeTime: '22:00', version: 6 });
    const { user, api } = renderEdit({
      [`GET ${storePath}`]: () => json(200, store),
      [`PATCH ${storePath}`]: () => apiError(409, 'conflict', 'Version is stale', { current }),
    });

    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'My edit');
    await user.click(screen.getByRole('button', { name: 'Save store' }));

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.staleRecord);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(name).toHaveValue('Fresh Mart (renamed)');
    expect(screen.getByRole('combobox', { name: /^Close time/ })).toHaveTextContent('10:00 PM');
    await user.click(screen.getByRole('button', { name: 'Save store' }));
    await waitFor(() => expect(api.callsTo(`PATCH ${storePath}`)).toHaveLength(2));
    expect(api.callsTo(`PATCH ${storePath}`)[1]?.body).toMatchObject({
      name: 'Fresh Mart (renamed)',
      version: 6,
    });
  });

  it("shows the server's refusal of an image in the Error dialog", async () => {
    const { user } = renderEdit({
      [`GET ${storePath}`]: () => json(200, store),
      [`PATCH ${storePath}`]: () => json(200, { ...store, version: 5 }),
      [`PUT ${storePath}/image`]: () => apiError(413, 'too_large', messages.imageTooLarge),
    });

    await screen.findByRole('textbox', { name: /^Name/ });
    await user.upload(
      screen.getByLabelText('Change store image'),
      new File([new Uint8Array(2_000)], 'front.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save store' }));

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.imageTooLarge);
  });

  it('is disabled and says so while saving', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = renderEdit({
      [`GET ${storePath}`]: () => json(200, store),
      [`PATCH ${storePath}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });

    await screen.findByRole('textbox', { name: /^Name/ });
    await user.click(screen.getByRole('button', { name: 'Save store' }));
    expect(await screen.findByRole('button', { name: /Saving/ })).toBeDisabled();
    answer(json(200, { ...store, version: 5 }));
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
  });
});
