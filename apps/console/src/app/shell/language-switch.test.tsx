import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardFigures, ownerSession, zones } from '@/testing/fixtures.ts';
import { json, mockApi, noContent, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/*
 * The console in the language chosen (ADR 0089): the shell and the dashboard in Hindi or Kannada,
 * chosen beside the theme or from the browser's languages, remembered by the browser, and the page's
 * language given back when the shell goes (the sign-in page has no catalogue yet).
 */

function renderDashboard() {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
    'GET /api/dashboard': () => json(200, dashboardFigures),
    'GET /api/stores': () => json(200, { items: [], total: 1 }),
    'POST /api/auth/sign-out': () => noContent(),
  });
  return { ...renderApp('/dashboard'), api };
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: /^(Main|मुख्य|ಮುಖ್ಯ)$/ }))
    .getAllByRole('link')
    .map((link) => link.textContent);

// The page's own language, as the console's index.html says it.
beforeEach(() => {
  document.documentElement.lang = 'en';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the console’s language', () => {
  it('switches the shell and the dashboard to Hindi beside the theme, and the browser remembers it', async () => {
    const { user } = renderDashboard();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const chooser = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'हिन्दी', 'ಕನ್ನಡ']);

    await user.selectOptions(chooser, 'hi');

    expect(await screen.findByRole('heading', { level: 1, name: 'डैशबोर्ड' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('storedesk:console:language')).toBe('"hi"');
    expect(navLinks().slice(0, 4)).toEqual(['डैशबोर्ड', 'स्टोर', 'कम स्टॉक', 'ऑर्डर']);
    expect(screen.getByText('नमस्ते, Olivia Owner')).toBeInTheDocument();
    // The top bar's zone switcher: every zone, in Hindi.
    expect(await screen.findByRole('combobox', { name: 'ज़ोन' })).toHaveValue('सभी ज़ोन');
    expect(screen.getByText('मार्च 2025 अब तक, फ़रवरी 2025 की तुलना में।')).toBeInTheDocument();
    const users = await screen.findByRole('region', { name: 'कुल उपयोगकर्ता' });
    // Figures keep the Indian grouping and the rupee; the change reads in Hindi's order.
    expect(users).toHaveTextContent('1,234');
    expect(users).toHaveTextContent('पिछले महीने से +12.50%');
    expect(screen.getByRole('region', { name: 'कुल कमाई' })).toHaveTextContent('₹1,23,456.78');
    expect(screen.getByRole('combobox', { name: 'भाषा (Language)' })).toHaveValue('hi');
    expect(screen.getByRole('button', { name: 'साइन आउट' })).toBeInTheDocument();
  });

  it('opens in the language chosen before, and says the words of the charts in it', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'ಡ್ಯಾಶ್‌ಬೋರ್ಡ್' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('kn');
    const byStatus = await screen.findByRole('region', { name: 'ಸ್ಥಿತಿಯ ಪ್ರಕಾರ ಆರ್ಡರ್‌ಗಳು' });
    expect(within(byStatus).getByText('ಇಂದು, 10/03/2025')).toBeInTheDocument();
    expect(
      within(within(byStatus).getByRole('list', { name: 'ಸ್ಥಿತಿಯ ಪ್ರಕಾರ ಆರ್ಡರ್‌ಗಳ ಸೂಚಿ' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ಬಾಕಿ2 (40%)', 'ಡೆಲಿವರ್ ಆದವು2 (40%)', 'ರದ್ದಾದವು1 (20%)']);
  });

  it('follows the browser’s languages when nobody chose, and English when it speaks none of the three', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'en-GB']);
    const first = renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'डैशबोर्ड' })).toBeInTheDocument();
    expect(localStorage.getItem('storedesk:console:language')).toBeNull();
    first.unmount();

    languages.mockReturnValue(['fr-FR']);
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('gives the page back its own language when the shell goes: the sign-in page is in English', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderDashboard();
    await screen.findByRole('heading', { level: 1, name: 'डैशबोर्ड' });
    expect(document.documentElement.lang).toBe('hi');

    await user.click(screen.getByRole('button', { name: 'साइन आउट' }));

    expect(await screen.findByRole('button', { name: 'Sign in now' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });
});
