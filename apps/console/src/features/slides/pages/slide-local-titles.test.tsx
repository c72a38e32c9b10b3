import { messages } from '@storedesk/shared/messages';
import type { Slide, SlideInput, SlideUpdate } from '@storedesk/shared/slides/schemas';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { listOf, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * B19, ADR 0085: a slide's title in Hindi and in Kannada, shown to customers who chose that
 * language. Blank is none (sent as null: the English shows); the form always sends both.
 */

const slide: Slide = {
  id: 'e0000000-0000-4000-8000-000000000001',
  title: 'Monsoon offers',
  titleHi: 'मानसून ऑफ़र',
  titleKn: 'ಮಳೆಗಾಲದ ಕೊಡುಗೆಗಳು',
  position: 2,
  imageUrl: '/files/slides/monsoon.png',
  version: 3,
  updatedAt: '2025-01-02T00:00:00.000Z',
};
const slidePath = `/api/slides/${slide.id}`;

function renderSlide(entry: string, handlers: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/slides': () => json(200, listOf([slide])),
    [`GET ${slidePath}`]: () => json(200, slide),
    [`PATCH ${slidePath}`]: (call) =>
      json(200, { ...slide, ...(call.body as SlideUpdate), version: slide.version + 1 }),
    ...handlers,
  });
  return { ...renderApp(entry), api };
}

const hindi = () => screen.getByRole('textbox', { name: 'Title in Hindi' });
const kannada = () => screen.getByRole('textbox', { name: 'Title in Kannada' });

describe('a slide’s title in Hindi and Kannada', () => {
  it('adds a slide with its Hindi title, the blank Kannada one as null', async () => {
    const picture = new File([new Uint8Array(3_000)], 'monsoon.png', { type: 'image/png' });
    const { user, api } = renderSlide('/slides/add', {
      'POST /api/slides': (call) => json(201, { ...slide, ...(call.body as SlideInput), imageUrl: null }),
      [`PUT ${slidePath}/image`]: () => json(200, slide),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Rice festival');
    expect(hindi()).toHaveAttribute('lang', 'hi');
    expect(kannada()).toHaveAttribute('lang', 'kn');
    expect(
      screen.getByText('Optional. Shown to customers who chose Kannada; blank shows the English.'),
    ).toBeInTheDocument();
    await user.type(hindi(), 'चावल उत्सव');
    await user.click(screen.getByRole('combobox', { name: /^Position/ }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    await user.upload(screen.getByLabelText('Choose slide image'), picture);

    // Nothing in the two fields that assistive technology would stumble on.
    const fields = [hindi(), kannada()].map((input) => input.closest<HTMLElement>('.MuiTextField-root')!);
    const { violations } = await axe.run(
      { include: fields },
      { rules: { 'color-contrast': { enabled: false } } },
    );
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
    ).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add slide' }));

    expect(await screen.findByText('Slide added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/slides')[0]?.body).toEqual({
      title: 'Rice festival',
      titleHi: 'चावल उत्सव',
      titleKn: null,
      position: 2,
    });
  });

  it('fills the edit form with the titles and saves them with its version', async () => {
    const { user, api } = renderSlide(`/slides/${slide.id}/edit`);
    await screen.findByDisplayValue(slide.titleHi!);
    expect(kannada()).toHaveValue(slide.titleKn);
    await user.clear(hindi());
    await user.type(hindi(), 'बारिश की छूट');
    await user.clear(kannada());
    await user.click(screen.getByRole('button', { name: 'Save slide' }));

    expect(await screen.findByText('Slide saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${slidePath}`)[0]?.body).toEqual({
      title: slide.title,
      titleHi: 'बारिश की छूट',
      titleKn: null,
      position: 2,
      version: 3,
    });
  });

  it("puts the server's refusal of the Hindi title on its field", async () => {
    const { user } = renderSlide(`/slides/${slide.id}/edit`, {
      [`PATCH ${slidePath}`]: () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { titleHi: 'must be at most 100 characters' },
        }),
    });
    await screen.findByDisplayValue(slide.titleHi!);
    await user.click(screen.getByRole('button', { name: 'Save slide' }));

    expect(await screen.findByText('must be at most 100 characters')).toBeInTheDocument();
    expect(hindi()).toHaveAttribute('aria-invalid', 'true');
    expect(hindi()).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });
});
