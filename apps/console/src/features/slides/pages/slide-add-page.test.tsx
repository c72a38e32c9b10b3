import { messages } from '@storedesk/shared/messages';
import type { Slide, SlideInput } from '@storedesk/shared/slides/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listOf, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const slideId = 'e0000000-0000-4000-8000-000000000001';

function slideOf(
  input: Pick<SlideInput, 'title' | 'position'> & Partial<SlideInput>,
  imageUrl: string | null = null,
): Slide {
  return {
    id: slideId,
    titleHi: null,
    titleKn: null,
    ...input,
    imageUrl,
    version: 1,
    updatedAt: '2025-01-02T00:00:00.000Z',
  };
}

function renderAdd(handlers: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/slides': () => json(200, listOf([])),
    'POST /api/slides': (call) => json(201, slideOf(call.body as SlideInput)),
    [`PUT /api/slides/${slideId}/image`]: () =>
      json(200, slideOf({ title: 'Monsoon offers', position: 2 }, '/files/slide.png')),
    ...handlers,
  });
  return { ...renderApp('/slides/add'), api };
}

async function fillDetails(user: UserEvent) {
  await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Monsoon offers');
  await user.click(screen.getByRole('combobox', { name: /^Position/ }));
  await user.click(await screen.findByRole('option', { name: '2' }));
}

const picture = () => new File([new Uint8Array(3_000)], 'monsoon.png', { type: 'image/png' });

describe('add slide', () => {
  it('asks for the image in the Slide Image dialog and saves nothing without one', async () => {
    const { user, api } = renderAdd();
    await fillDetails(user);

    await user.click(screen.getByRole('button', { name: 'Add slide' }));

    const dialog = await screen.findByRole('dialog', { name: messages.slideImageTitle });
    expect(dialog).toHaveTextContent(messages.slideImage);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/slides')).toHaveLength(0);
  });

  it('requires the title and a position from 1 to 10', async () => {
    const { user, api } = renderAdd();
    await user.upload(await screen.findByLabelText('Choose slide image'), picture());

    await user.click(screen.getByRole('button', { name: 'Add slide' }));

    expect(await screen.findAllByText('is required')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('combobox', { name: /^Position/ }));
    const choices = await screen.findAllByRole('option');
    expect(choices.map((choice) => choice.textContent)).toEqual(
      Array.from({ length: 10 }, (_, index) => String(index + 1)),
    );
    expect(api.callsTo('POST /api/slides')).toHaveLength(0);
  });

  it('adds the slide, then its image, and goes back to the list', async () => {
    const { user, api, router } = renderAdd();
    await fillDetails(user);
    await user.upload(screen.getByLabelText('Choose slide image'), picture());

    await user.click(screen.getByRole('button', { name: 'Add slide' }));

    expect(await screen.findByText('Slide added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/slides')[0]?.body).toEqual({
      title: 'Monsoon offers',
      titleHi: null,
      titleKn: null,
      position: 2,
    });
    const upload = api.callsTo(`PUT /api/slides/${slideId}/image`)[0];
    expect(((upload?.body as FormData).get('image') as File).name).toBe('monsoon.png');
    await waitFor(() => expect(router.state.location.pathname).toBe('/slides'));
  });

  it('goes on from the edit screen, with a warning, when the image is refused after the slide was added', async () => {
    const { user, router } = renderAdd({
      [`GET /api/slides/${slideId}`]: () => json(200, slideOf({ title: 'Monsoon offers', position: 2 })),
      [`PUT /api/slides/${slideId}/image`]: () => apiError(413, 'too_large', messages.imageTooLarge),
    });
    await fillDetails(user);
    await user.upload(screen.getByLabelText('Choose slide image'), picture());

    await user.click(screen.getByRole('button', { name: 'Add slide' }));

    expect(
      await screen.findByText(`Slide added, but its image was not saved: ${messages.imageTooLarge}`),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/slides/${slideId}/edit`));
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Monsoon offers');
  });

  it("puts the server's field reasons on their fields, the first taking the focus, with no dialog over them", async () => {
    const { user } = renderAdd({
      'POST /api/slides': () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { position: messages.slidePosition },
        }),
    });
    await fillDetails(user);
    await user.upload(screen.getByLabelText('Choose slide image'), picture());

    await user.click(screen.getByRole('button', { name: 'Add slide' }));

    expect(await screen.findByText(messages.slidePosition)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Position/ })).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });
});

describe('add slide in the language chosen', () => {
  it('speaks Hindi: title, the fields, the image question and the saved message', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderAdd();

    expect(await screen.findByRole('heading', { level: 1, name: 'स्लाइड जोड़ें' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'शीर्षक' }), 'Monsoon offers');
    await user.click(screen.getByRole('combobox', { name: /^पोज़िशन/ }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    expect(screen.getByText('स्लाइड कस्टमर ऐप में 1 से 10 तक के क्रम में दिखती हैं।')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'स्लाइड जोड़ें' }));

    const dialog = await screen.findByRole('dialog', { name: 'स्लाइड इमेज' });
    expect(dialog).toHaveTextContent('कृपया स्लाइड इमेज चुनें');
    localStorage.removeItem('storedesk:console:language');
  });
});
