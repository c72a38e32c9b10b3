import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { messages } from '@storedesk/shared/messages';
import type { Slide, SlideUpdate } from '@storedesk/shared/slides/schemas';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { listOf, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const slide: Slide = {
  id: 'e0000000-0000-4000-8000-000000000001',
  title: 'Monsoon offers',
  titleHi: null,
  titleKn: null,
  position: 2,
  imageUrl: '/files/slides/monsoon.png',
  version: 3,
  updatedAt: '2025-01-02T00:00:00.000Z',
};
const slidePath = `/api/slides/${slide.id}`;

const slideChanged: LiveEvent = {
  id: '51',
  topic: 'slides',
  action: 'updated',
  recordId: slide.id,
  zoneId: null,
  at: '2025-01-03T00:00:00.000Z',
};

function renderEdit(handlers: Record<string, Handler> = {}) {
  const state = { slide };
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/slides': () => json(200, listOf([state.slide])),
    [`GET ${slidePath}`]: () => json(200, state.slide),
    [`PATCH ${slidePath}`]: (call) => {
      const update = call.body as SlideUpdate;
      if (update.version !== state.slide.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: state.slide });
      }
      state.slide = { ...state.slide, ...update, version: state.slide.version + 1 };
      return json(200, state.slide);
    },
    ...handlers,
  });
  return { ...renderApp(`/slides/${slide.id}/edit`), api, state };
}

describe('edit slide', () => {
  it('sends an unknown slide back to the slides list', async () => {
    const { router } = renderEdit({
      [`GET ${slidePath}`]: () => apiError(404, 'not_found', messages.notFound),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/slides'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Slides' })).toBeInTheDocument();
  });

  it('counts the saved image, so a change of title saves without choosing one again', async () => {
    const { user, api } = renderEdit();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.getByRole('img', { name: 'Slide image' })).toHaveAttribute('src', slide.imageUrl);
    expect(screen.getByRole('combobox', { name: /^Position/ })).toHaveTextContent('2');

    await user.clear(title);
    await user.type(title, 'Monsoon sale{Enter}');

    expect(await screen.findByText('Slide saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${slidePath}`)[0]?.body).toEqual({
      title: 'Monsoon sale',
      titleHi: null,
      titleKn: null,
      position: 2,
      version: 3,
    });
    expect(api.callsTo(`PUT ${slidePath}/image`)).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: messages.slideImageTitle })).not.toBeInTheDocument();
  });

  it('Cancel leaves the edits unsaved and goes back to the list', async () => {
    const { user, api, router } = renderEdit();
    const title = await screen.findByRole('textbox', { name: 'Title' });

    await user.clear(title);
    await user.type(title, 'Not this');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/slides'));
    expect(api.callsTo(`PATCH ${slidePath}`)).toHaveLength(0);
  });

  it('asks for an image when the slide has none yet', async () => {
    const { user, api } = renderEdit({ [`GET ${slidePath}`]: () => json(200, { ...slide, imageUrl: null }) });

    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(screen.getByRole('button', { name: 'Save slide' }));

    expect(await screen.findByRole('dialog', { name: messages.slideImageTitle })).toHaveTextContent(
      messages.slideImage,
    );
    expect(api.callsTo(`PATCH ${slidePath}`)).toHaveLength(0);
  });

  it('saves with the version the edits started from and names what a colleague changed meanwhile (D9)', async () => {
    const { user, api, state, queryClient } = renderEdit();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Rainy day deals');

    state.slide = { ...slide, position: 5, imageUrl: '/files/slides/other.png', version: 4 };
    act(() => applyLiveEvent(queryClient, slideChanged));
    await waitFor(() => expect(api.callsTo(`GET ${slidePath}`)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Save slide' }));

    expect(api.callsTo(`PATCH ${slidePath}`)[0]?.body).toEqual({
      title: 'Rainy day deals',
      titleHi: null,
      titleKn: null,
      position: 2,
      version: 3,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this slide while you were editing: Position and Image changed. The form now shows their version; make your changes again.',
    );
    expect(title).toHaveValue('Monsoon offers');
    expect(screen.getByRole('combobox', { name: /^Position/ })).toHaveTextContent('5');
  });

  it('keeps what was saved when the new image is refused, so saving again is not a conflict', async () => {
    const { user, api } = renderEdit({
      [`PUT ${slidePath}/image`]: () => apiError(415, 'unsupported_media_type', messages.imageType),
    });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Monsoon sale');
    await user.upload(
      screen.getByLabelText('Change slide image'),
      new File([new Uint8Array(2_000)], 'sale.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save slide' }));

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.imageType);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument());
    expect(title).toHaveValue('Monsoon sale');
    await user.upload(
      screen.getByLabelText('Change slide image'),
      new File([new Uint8Array(2_000)], 'sale.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save slide' }));

    await waitFor(() => expect(api.callsTo(`PUT ${slidePath}/image`)).toHaveLength(2));
    expect(api.callsTo(`PATCH ${slidePath}`).map((call) => (call.body as SlideUpdate).version)).toEqual([
      3, 4,
    ]);
  });
});
