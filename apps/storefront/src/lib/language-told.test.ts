import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The server's answers to PATCH /account: the customer with what was sent; the bodies sent. */
function serve() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body)) as { language: string };
      sent.push({ method: init.method, url, body });
      return new Response(JSON.stringify({ id: 'c1', name: 'Asha', language: body.language }), {
        status: 200,
      });
    }),
  );
  return sent;
}

/** The app afresh in the language `kept` on the phone, signed in as a customer the server knows in `told` (or not signed in). */
async function load(kept: string | null, told: string | null | undefined) {
  if (kept) localStorage.setItem('storedesk:dev:language', JSON.stringify(kept));
  vi.resetModules();
  const { useLanguageTold } = await import('./language-told.ts');
  const { session } = await import('./state.ts');
  const { LanguageProvider } = await import('@storedesk/web/i18n');
  const { i18n } = await import('../i18n/index.ts');
  await i18n.start();
  if (told !== null)
    session.set({ token: 't1', customer: { id: 'c1', name: 'Asha', language: told } } as never);
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(LanguageProvider, { i18n, children });
  renderHook(() => useLanguageTold(), { wrapper });
  return { session, i18n };
}

describe('the customer’s language, told to the server', () => {
  it('is said when the app shows another than the one kept, and kept with the customer', async () => {
    const sent = serve();
    const { session } = await load('hi', 'en');
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'PATCH', url: '/api/storefront/account', body: { language: 'hi' } }]),
    );
    await waitFor(() => expect(session.get()?.customer.language).toBe('hi'));
    expect(sent).toHaveLength(1);
  });

  it('is said again when the customer chooses another', async () => {
    const sent = serve();
    const { session, i18n } = await load(null, 'en');
    await act(() => i18n.choose('kn'));
    await waitFor(() => expect(session.get()?.customer.language).toBe('kn'));
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/storefront/account', body: { language: 'kn' } }]);
  });

  it('is not said when the server has it already (English for a customer who never said), nor when signed out', async () => {
    const sent = serve();
    for (const [kept, told] of [
      [null, undefined],
      ['kn', 'kn'],
      ['hi', null],
    ] as const) {
      cleanup();
      localStorage.clear();
      await load(kept, told);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });
});
