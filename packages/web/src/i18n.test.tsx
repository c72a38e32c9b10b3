import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import { ApiError } from './api.ts';
import { createI18n, LanguageChooser, LanguageProvider, useFormat, useT, type Catalogue } from './i18n.tsx';
import { chooseLanguage, languageFromBrowser } from './languages.ts';
import { ErrorPanel } from './states.tsx';
import { webMessages } from './texts.ts';

/** A small app's catalogues: a greeting, a count, and the shared pieces' words. */
const en: Catalogue = {
  ...webMessages,
  title: 'Deliveries',
  hello: 'Hello, {name}',
  open: '{count, plural, one {# order} other {# orders}}',
};
const hi: Catalogue = {
  ...webMessages,
  'web.tryAgain': 'फिर से कोशिश करें',
  'web.language': 'भाषा (Language)',
  'web.error.offlineRead': 'आप ऑफ़लाइन हैं। नेटवर्क आते ही यह दिखेगा।',
  title: 'डिलीवरी',
  hello: 'नमस्ते, {name}',
  open: '{count, plural, one {# ऑर्डर} other {# ऑर्डर}}',
};
const kn: Catalogue = {
  ...webMessages,
  'web.language': 'ಭಾಷೆ (Language)',
  title: 'ಡೆಲಿವರಿ',
  hello: 'ನಮಸ್ಕಾರ, {name}',
  open: '{count, plural, one {# ಆರ್ಡರ್} other {# ಆರ್ಡರ್‌ಗಳು}}',
};

const key = 'test:language';
let browser: readonly string[] = ['en-US'];
let loads: string[] = [];

/** The layer as an app makes it, each language's catalogue a chunk that counts its loads. */
function make(load: { hi?: () => Promise<{ default: Catalogue }> } = {}) {
  return createI18n({
    storageKey: key,
    english: en,
    load: {
      hi:
        load.hi ??
        (async () => {
          loads.push('hi');
          return { default: hi };
        }),
      kn: async () => {
        loads.push('kn');
        return { default: kn };
      },
    },
    titleId: 'title',
  });
}

function Screen() {
  const t = useT();
  const { money, number, dateTime } = useFormat();
  return (
    <>
      <h1>{t('hello', { name: 'Ravi' })}</h1>
      <p data-testid="open">{t('open', { count: 3 })}</p>
      <p data-testid="money">{money(123_456_750)}</p>
      <p data-testid="number">{number(1_234_567)}</p>
      <p data-testid="date">{dateTime('2026-12-02T09:00:00.000Z', 'Asia/Kolkata')}</p>
      <LanguageChooser />
    </>
  );
}

beforeEach(() => {
  browser = ['en-US'];
  loads = [];
  vi.spyOn(navigator, 'languages', 'get').mockImplementation(() => browser);
  document.documentElement.lang = 'en';
  document.title = '';
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the language a phone shows', () => {
  it('is the first of the browser’s languages that the apps speak, by its primary subtag', () => {
    expect(languageFromBrowser(['hi-IN', 'en-IN'])).toBe('hi');
    expect(languageFromBrowser(['kn'])).toBe('kn');
    expect(languageFromBrowser(['fr-FR', 'kn-IN', 'hi'])).toBe('kn');
    expect(languageFromBrowser(['EN-gb', 'hi'])).toBe('en');
    expect(languageFromBrowser(['hi_IN'])).toBe('hi');
  });

  it('is English when the browser speaks none of them, or says nothing', () => {
    expect(languageFromBrowser(['ta-IN', 'fr'])).toBe('en');
    expect(languageFromBrowser([])).toBe('en');
    expect(languageFromBrowser(undefined)).toBe('en');
    // "hindi" is not a language tag, nor is a tag that only starts with the letters.
    expect(languageFromBrowser(['hil', 'knn'])).toBe('en');
  });

  it('is the saved choice first, whatever the browser says; a damaged choice counts as none', () => {
    expect(chooseLanguage('kn', ['hi-IN'])).toBe('kn');
    expect(chooseLanguage('en', ['hi-IN'])).toBe('en');
    expect(chooseLanguage(null, ['hi-IN'])).toBe('hi');
    expect(chooseLanguage('xx', ['kn-IN'])).toBe('kn');
    expect(chooseLanguage({ language: 'hi' }, ['fr'])).toBe('en');
  });
});

describe('an app’s translation layer', () => {
  it('starts in the browser’s language, loading only that catalogue, and sets <html lang> and the title', async () => {
    browser = ['hi-IN', 'en'];
    const i18n = make();
    await i18n.start();
    expect(loads).toEqual(['hi']);
    expect(i18n.shown()).toBe('hi');
    render(
      <LanguageProvider i18n={i18n}>
        <Screen />
      </LanguageProvider>,
    );
    // The first render is in Hindi: no English, no key.
    expect(screen.getByRole('heading').textContent).toBe('नमस्ते, Ravi');
    expect(screen.getByTestId('open').textContent).toBe('3 ऑर्डर');
    expect(document.documentElement.lang).toBe('hi');
    expect(document.title).toBe('डिलीवरी');
    expect(screen.getByRole('combobox', { name: 'भाषा (Language)' })).toHaveProperty('value', 'hi');
  });

  it('loads nothing for an English phone, or one whose languages it does not speak', async () => {
    browser = ['ta-IN'];
    const i18n = make();
    await i18n.start();
    render(
      <LanguageProvider i18n={i18n}>
        <Screen />
      </LanguageProvider>,
    );
    expect(loads).toEqual([]);
    expect(screen.getByRole('heading').textContent).toBe('Hello, Ravi');
    expect(screen.getByTestId('open').textContent).toBe('3 orders');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Deliveries');
  });

  it('switches at once when the person chooses, keeps the choice, and a new page load follows it', async () => {
    browser = ['hi-IN'];
    const user = userEvent.setup();
    const i18n = make();
    await i18n.start();
    render(
      <LanguageProvider i18n={i18n}>
        <Screen />
      </LanguageProvider>,
    );
    const chooser = screen.getByRole('combobox', { name: 'भाषा (Language)' });
    // Each language in its own words, marked as that language for screen readers.
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((option) => [option.textContent, option.lang]),
    ).toEqual([
      ['English', 'en'],
      ['हिन्दी', 'hi'],
      ['ಕನ್ನಡ', 'kn'],
    ]);
    await user.selectOptions(chooser, 'ಕನ್ನಡ');
    await screen.findByText('ನಮಸ್ಕಾರ, Ravi');
    expect(screen.getByTestId('open').textContent).toBe('3 ಆರ್ಡರ್‌ಗಳು');
    expect(document.documentElement.lang).toBe('kn');
    expect(document.title).toBe('ಡೆಲಿವರಿ');
    expect(localStorage.getItem(key)).toBe('"kn"');
    expect(screen.getByRole('combobox', { name: 'ಭಾಷೆ (Language)' })).toHaveProperty('value', 'kn');
    cleanup();

    // The next page load: the phone still says Hindi, the choice wins.
    loads = [];
    const again = make();
    await again.start();
    expect(again.shown()).toBe('kn');
    expect(loads).toEqual(['kn']);
  });

  it('keeps the language shown when another’s catalogue cannot load (offline), and tries again later', async () => {
    let online = false;
    const i18n = make({
      hi: async () => {
        if (!online) throw new TypeError('Failed to fetch dynamically imported module');
        return { default: hi };
      },
    });
    await i18n.start();
    render(
      <LanguageProvider i18n={i18n}>
        <Screen />
      </LanguageProvider>,
    );
    await act(() => i18n.choose('hi'));
    expect(i18n.shown()).toBe('en');
    expect(screen.getByRole('heading').textContent).toBe('Hello, Ravi');
    expect(document.documentElement.lang).toBe('en');
    online = true;
    await act(() => i18n.choose('hi'));
    expect(screen.getByRole('heading').textContent).toBe('नमस्ते, Ravi');
  });

  it('shows the last choice when two are made before the first one’s catalogue comes', async () => {
    let release: () => void = () => undefined;
    const i18n = make({
      hi: () =>
        new Promise((resolve) => {
          release = () => resolve({ default: hi });
        }),
    });
    const first = i18n.choose('hi');
    await i18n.choose('kn');
    release();
    await first;
    expect(i18n.shown()).toBe('kn');
  });

  it('follows a choice made in another tab', async () => {
    const i18n = make();
    await i18n.start();
    render(
      <LanguageProvider i18n={i18n}>
        <Screen />
      </LanguageProvider>,
    );
    localStorage.setItem(key, '"hi"');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: '"hi"' }));
    });
    await screen.findByText('नमस्ते, Ravi');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('formats money and counts the Indian way in every language, and times in the business’s zone', async () => {
    const shown = async (language: 'en' | 'hi' | 'kn') => {
      localStorage.setItem(key, JSON.stringify(language));
      const i18n = make();
      await i18n.start();
      render(
        <LanguageProvider i18n={i18n}>
          <Screen />
        </LanguageProvider>,
      );
      const figures = ['money', 'number', 'date'].map((id) => screen.getByTestId(id).textContent);
      cleanup();
      return figures;
    };
    expect(await shown('en')).toEqual(['₹12,34,567.50', '12,34,567', '02/12/2026 02:30 PM']);
    const [money, count, date] = await shown('hi');
    expect([money, count]).toEqual(['₹12,34,567.50', '12,34,567']);
    expect(date).toMatch(/^02\/12\/2026, 02:30 /);
    expect(await shown('kn')).toEqual([
      '₹12,34,567.50',
      '12,34,567',
      expect.stringMatching(/^02\/12\/2026, 02:30 /),
    ]);
  });

  it('gives the shared pieces their words, and errors made here, in the language; the server’s stay its own', async () => {
    browser = ['hi'];
    const i18n = make();
    await i18n.start();
    const unreached = new ApiError({ status: 0, code: 'network', message: messages.offlineRead });
    const refused = new ApiError({ status: 409, code: 'conflict', message: 'This order is closed' });
    render(
      <LanguageProvider i18n={i18n}>
        <ErrorPanel error={unreached} onRetry={() => undefined} />
        <ErrorPanel error={refused} />
      </LanguageProvider>,
    );
    const [first, second] = screen.getAllByRole('alert');
    expect(first!.querySelector('p')?.textContent).toBe('आप ऑफ़लाइन हैं। नेटवर्क आते ही यह दिखेगा।');
    expect(within(first!).getByRole('button').textContent).toBe('फिर से कोशिश करें');
    expect(second!.querySelector('p')?.textContent).toBe('This order is closed');
  });

  it('has no chooser outside an app’s layer, and the shared pieces speak English there', () => {
    render(
      <>
        <LanguageChooser />
        <ErrorPanel
          error={new ApiError({ status: 0, code: 'network', message: messages.offline })}
          onRetry={() => undefined}
        />
      </>,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(`${messages.offline}Try again`);
  });
});
