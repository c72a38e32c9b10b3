import { messages } from '@storedesk/shared/messages';
import type { Store } from '@storedesk/shared/stores/schemas';
import { act, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { adminSession, listOf, storeFixture } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * B19, ADR 0085: a store's description in Hindi and in Kannada, shown to customers who chose that
 * language. Blank is none (sent as null: the English shows); the form always sends both.
 */

const store = storeFixture({
  descriptionHi: 'फल, सब्ज़ियाँ और रोज़ की ज़रूरतें।',
  descriptionKn: 'ಹಣ್ಣು, ತರಕಾರಿ ಮತ್ತು ದಿನಸಿ.',
});
const storePath = `/api/stores/${store.id}`;

function renderEdit(handlers: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    'GET /api/stores': () => json(200, listOf([store])),
    [`GET ${storePath}`]: () => json(200, store),
    [`PATCH ${storePath}`]: (call) => json(200, { ...store, ...(call.body as Partial<Store>), version: 5 }),
    ...handlers,
  });
  return { ...renderApp(`/stores/${store.id}/edit`), api };
}

const hindi = () => screen.getByRole('textbox', { name: 'Description in Hindi' });
const kannada = () => screen.getByRole('textbox', { name: 'Description in Kannada' });

describe('a store’s description in Hindi and Kannada', () => {
  it('fills the form with them, marked with their language, and saves them with its version', async () => {
    const { user, api } = renderEdit();
    await screen.findByDisplayValue(store.descriptionHi!);
    expect(hindi()).toHaveAttribute('lang', 'hi');
    expect(kannada()).toHaveAttribute('lang', 'kn');
    expect(kannada()).toHaveValue(store.descriptionKn);
    expect(
      screen.getByText('Optional. Shown to customers who chose Hindi; blank shows the English.'),
    ).toBeInTheDocument();

    // Nothing in the two fields that assistive technology would stumble on.
    const fields = [hindi(), kannada()].map((input) => input.closest<HTMLElement>('.MuiTextField-root')!);
    const { violations } = await axe.run(
      { include: fields },
      { rules: { 'color-contrast': { enabled: false } } },
    );
    expect(
      violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
    ).toEqual([]);

    await user.clear(hindi());
    await user.type(hindi(), 'ताज़े फल और सब्ज़ियाँ');
    await user.clear(kannada());
    await user.type(kannada(), '  ');
    await user.click(screen.getByRole('button', { name: 'Save store' }));

    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toMatchObject({
      description: store.description,
      descriptionHi: 'ताज़े फल और सब्ज़ियाँ',
      descriptionKn: null,
      version: 4,
    });
  });

  it("names a colleague's change of the Hindi description when their save came first (D9)", async () => {
    const current: Store = { ...store, descriptionHi: 'नया विवरण', version: 5 };
    const { user, api, queryClient } = renderEdit({
      [`PATCH ${storePath}`]: () => apiError(409, 'conflict', messages.staleRecord, { current }),
    });
    await screen.findByDisplayValue(store.descriptionHi!);
    await user.clear(kannada());
    act(() => queryClient.setQueryData(['stores', 'detail', store.id], current));
    await user.click(screen.getByRole('button', { name: 'Save store' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this store while you were editing: Description in Hindi changed.',
    );
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toMatchObject({
      descriptionHi: store.descriptionHi,
      descriptionKn: null,
      version: 4,
    });
    expect(hindi()).toHaveValue('नया विवरण');
  });

  it("puts the server's refusal of the Hindi description on its field", async () => {
    const { user } = renderEdit({
      [`PATCH ${storePath}`]: () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { descriptionHi: 'must be at most 1000 characters' },
        }),
    });
    await screen.findByDisplayValue(store.descriptionHi!);
    await user.click(screen.getByRole('button', { name: 'Save store' }));

    expect(await screen.findByText('must be at most 1000 characters')).toBeInTheDocument();
    expect(hindi()).toHaveAttribute('aria-invalid', 'true');
    expect(hindi()).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });
});
