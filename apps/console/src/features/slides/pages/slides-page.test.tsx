import { messages } from '@storedesk/shared/messages';
import axe from 'axe-core';
import type { Slide } from '@storedesk/shared/slides/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listOf, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';
import en from '@/i18n/en.json';

function slide(n: number, changes: Partial<Slide> = {}): Slide {
  return {
    id: `e0000000-0000-4000-8000-00000000000${n}`,
    title: `Slide ${n}`,
    titleHi: null,
    titleKn: null,
    position: n,
    imageUrl: `/files/slides/${n}.png`,
    version: 2,
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...changes,
  };
}

const first = slide(1, { title: 'Fresh mangoes' });
const second = slide(2, { title: 'Free delivery', imageUrl: null });

/** The slides as a small server: deletes and restores act on them. */
function slidesServer(overrides: Record<string, Handler> = {}) {
  let slides = [first, second];
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/slides': () => json(200, listOf(slides)),
    [`DELETE /api/slides/${first.id}`]: () => {
      slides = slides.filter((each) => each.id !== first.id);
      return noContent();
    },
    [`POST /api/trash/slides/${first.id}/restore`]: () => {
      slides = [first, ...slides];
      return json(200, { kind: 'slides', id: first.id });
    },
    ...overrides,
  });
  return { ...renderApp('/slides'), api };
}

describe('slides list', () => {
  it('names a slide without a picture in a way assistive technology may read (axe: no prohibited ARIA)', async () => {
    slidesServer();
    const table = await screen.findByRole('table', { name: 'Slides' });
    expect(
      await within(table).findByRole('img', { name: 'Free delivery: no image yet' }),
    ).toBeInTheDocument();
    const { violations } = await axe.run(document.body, {
      runOnly: ['aria-prohibited-attr', 'aria-allowed-attr'],
    });
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
    ).toEqual([]);
  });

  it('shows position, title, a thumbnail named after the slide, and its actions', async () => {
    slidesServer();

    const table = await screen.findByRole('table', { name: 'Slides' });
    await within(table).findByText('Fresh mangoes');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Position', 'Title', 'Image', 'Action']);
    expect(within(table).getByRole('img', { name: 'Fresh mangoes' })).toHaveAttribute('src', first.imageUrl);
    expect(within(table).getByLabelText('Free delivery: no image yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Fresh mangoes' })).toHaveAttribute(
      'href',
      `/slides/${first.id}/edit`,
    );
    expect(screen.getByRole('searchbox', { name: 'Search slide' })).toBeInTheDocument();
  });

  it('deletes after the confirmation and brings the slide back with Undo', async () => {
    const { user, api } = slidesServer();

    await user.click(await screen.findByRole('button', { name: 'Delete Fresh mangoes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete slide “Fresh mangoes”?' });
    expect(dialog).toHaveTextContent(messages.deleteSlide);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Fresh mangoes deleted')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/slides/${first.id}`)[0]?.query.get('version')).toBe('2');
    await waitFor(() => expect(screen.queryByText('Fresh mangoes')).not.toBeInTheDocument());

    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Fresh mangoes restored')).toBeInTheDocument();
    expect(await screen.findByText('Fresh mangoes')).toBeInTheDocument();
  });

  it('puts the focus on the heading when the deleted row took the focused button with it, keyboard only', async () => {
    const { user } = slidesServer();
    const remove = await screen.findByRole('button', { name: 'Delete Fresh mangoes' });
    remove.focus();

    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete slide “Fresh mangoes”?' });
    within(dialog).getByRole('button', { name: 'Delete' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Fresh mangoes' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Slides' })).toHaveFocus());
  });

  it('says so in the Error dialog when the delete is refused', async () => {
    const { user } = slidesServer({
      [`DELETE /api/slides/${first.id}`]: () => apiError(403, 'forbidden', messages.forbidden),
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Fresh mangoes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.forbidden);
    expect(screen.getByText('Fresh mangoes')).toBeInTheDocument();
  });

  it('shows each slide as one row with its picture, title and position on a phone', async () => {
    setViewportWidth(375);
    slidesServer();

    const table = await screen.findByRole('table', { name: 'Slides' });
    await within(table).findByText('Fresh mangoes');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Slide', 'Action']);
    const row = screen.getByText('Fresh mangoes').closest('tr')!;
    expect(within(row).getByRole('img', { name: 'Fresh mangoes' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Fresh mangoesPosition 1');
    expect(within(row).getByRole('button', { name: 'Delete Fresh mangoes' })).toBeInTheDocument();
  });

  it('says there are no slides yet and offers to add one', async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/slides': () => json(200, listOf([])),
    });
    renderApp('/slides');

    expect(await screen.findByText('No slides yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add slide' })).toHaveLength(2);
  });
});

describe('slides in the language chosen', () => {
  it('asks the delete question, and the image one, in English as the spec writes them', () => {
    const catalogue: Record<string, string> = en;
    expect(catalogue['slides.deleteQuestion']).toBe(messages.deleteSlide);
    expect(catalogue['slides.imageDialogTitle']).toBe(messages.slideImageTitle);
    expect(catalogue['slides.imageDialogText']).toBe(messages.slideImage);
  });

  it('speaks Hindi: title, Add slide, columns, a slide without a picture, the delete question', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = slidesServer();

    expect(await screen.findByRole('heading', { level: 1, name: 'स्लाइड' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'स्लाइड जोड़ें' })[0]).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'स्लाइड' });
    await within(table).findByText('Fresh mangoes');
    expect(screen.getByRole('region', { name: 'स्लाइड, तालिका' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['पोज़िशन', 'शीर्षक', 'इमेज', 'कार्रवाई']);
    expect(within(table).getByRole('img', { name: 'Free delivery: अभी तक कोई इमेज नहीं' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'स्लाइड खोजें' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Fresh mangoes/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('क्या आप पक्का इस स्लाइड को डिलीट करना चाहते हैं?');
    localStorage.removeItem('storedesk:console:language');
  });

  it('speaks Hindi when there are no slides yet', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    slidesServer({ 'GET /api/slides': () => json(200, listOf([])) });

    expect(await screen.findByText('कस्टमर ऐप के ऊपर ऑफ़र और खबरें दिखाने के लिए स्लाइड जोड़ें।')).toBeInTheDocument();
    localStorage.removeItem('storedesk:console:language');
  });
});
