import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { cleanup, render, screen } from '@testing-library/react';
import { createIntl, createIntlCache, FormattedMessage } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, intlOf, LanguageProvider, useT } from './i18n.tsx';
import { languages, localeOf } from './languages.ts';
import { elementType, plainMessage } from './plain-messages.ts';
import { webMessages } from './texts.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const apps = fs
  .readdirSync(path.join(root, 'apps'))
  .filter((app) => fs.existsSync(path.join(root, 'apps', app, 'src/i18n')))
  .sort();

function catalogue(app: string, language: string): Record<string, string> {
  return JSON.parse(
    fs.readFileSync(path.join(root, 'apps', app, 'src/i18n', `${language}.json`), 'utf8'),
  ) as Record<string, string>;
}

/** Each argument a message reads, with the values worth trying for it. */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, unknown[]>()) {
  const add = (name: string, values: unknown[]) => into.set(name, [...(into.get(name) ?? []), ...values]);
  for (const element of elements) {
    if (element.type === TYPE.argument) add(element.value, ['Asha', '', 7, null, <strong>+12.50%</strong>]);
    if (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) {
      add(element.value, [3]);
    }
    if (element.type === TYPE.select) {
      add(element.value, [...Object.keys(element.options), 'none of them']);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.plural) {
      add(element.value, [0, 1, 2, 3, 5, 11, 21, 999, 1000, 12_345]);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) {
      add(element.value, [(chunks: unknown[]) => <em>{chunks as string[]}</em>]);
      argumentsOf(element.children, into);
    }
  }
  return into;
}

/** Sets of values trying each value of each argument, the others at their first. */
function valueSets(elements: MessageFormatElement[]): Record<string, unknown>[] {
  const tried = argumentsOf(elements);
  const first = Object.fromEntries([...tried].map(([name, values]) => [name, values[0]]));
  const sets = [first];
  for (const [name, values] of tried)
    for (const value of values.slice(1)) sets.push({ ...first, [name]: value });
  return sets;
}

describe('plainMessage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('knows FormatJS’s element types by their numbers', () => {
    expect(elementType).toEqual({
      literal: TYPE.literal,
      argument: TYPE.argument,
      select: TYPE.select,
      plural: TYPE.plural,
      pound: TYPE.pound,
    });
  });

  for (const app of apps) {
    for (const language of languages) {
      it(`writes every message of ${app}'s ${language} catalogue exactly as FormatJS does`, () => {
        const messages = { ...webMessages, ...catalogue(app, language) };
        const built = Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));
        const locale = localeOf[language];
        const formatJs = createIntl({ locale, messages: built, onError: () => undefined });
        // What FormatJS reports of a message it cannot format (none here) goes to the console.
        vi.spyOn(console, 'error').mockImplementation(() => undefined);
        const ours = intlOf(locale, built, createIntlCache());
        let taken = 0;
        let left = 0;
        for (const [id, elements] of Object.entries(built)) {
          for (const values of valueSets(elements)) {
            if (plainMessage(elements, locale, values) === undefined) left += 1;
            else taken += 1;
            expect(
              ours.formatMessage({ id }, values as never),
              `${id} with ${JSON.stringify(values)}`,
            ).toEqual(formatJs.formatMessage({ id }, values as never));
          }
        }
        // Most of what an app says is plain: the first screens' messages are among them.
        expect(taken).toBeGreaterThan(left * 4);
      });
    }
  }

  it('leaves FormatJS what needs number or date data, a tag, or a value it does not take', () => {
    const locale = 'en-IN';
    expect(plainMessage(parse('{count, plural, other {# items}}'), locale, { count: 1000 })).toBeUndefined();
    expect(plainMessage(parse('{count, plural, other {# items}}'), locale, { count: 2.5 })).toBeUndefined();
    expect(plainMessage(parse('{amount, number}'), locale, { amount: 3 })).toBeUndefined();
    expect(plainMessage(parse('{at, date, short}'), locale, { at: new Date(0) })).toBeUndefined();
    expect(plainMessage(parse('<b>bold</b>'), locale, { b: (parts: string[]) => parts })).toBeUndefined();
    expect(plainMessage(parse('Hello, {name}'), locale, {})).toBeUndefined();
    expect(plainMessage(parse('Hello, {name}'), locale, { name: () => 'x' })).toBeUndefined();
    expect(plainMessage('Hello, {name}', locale, { name: 'Asha' })).toBeUndefined();
    expect(plainMessage(undefined, locale, {})).toBeUndefined();
  });

  it('writes the plain ones', () => {
    const locale = 'en-IN';
    expect(plainMessage(parse('Hello, {name}'), locale, { name: 'Asha' })).toBe('Hello, Asha');
    expect(plainMessage(parse('{count, plural, one {# item} other {# items}}'), locale, { count: 1 })).toBe(
      '1 item',
    );
    expect(plainMessage(parse('{count, plural, =0 {Full} other {# left}}'), locale, { count: 0 })).toBe(
      'Full',
    );
    expect(
      plainMessage(parse('{count, plural, offset:1 one {you and # more} other {you and # others}}'), locale, {
        count: 3,
      }),
    ).toBe('you and 2 others');
    expect(plainMessage(parse('{kind, select, cash {Cash} other {Online}}'), locale, { kind: 'upi' })).toBe(
      'Online',
    );
    expect(plainMessage(parse('{count, plural, one {# चीज़} other {# चीज़ें}}'), 'hi-IN', { count: 2 })).toBe(
      '2 चीज़ें',
    );
    expect(plainMessage(parse('{a}{b}'), locale, { a: null, b: false })).toBe('');
    const change = { element: 'the change' };
    expect(plainMessage(parse('{change} since last month'), locale, { change })).toEqual([
      change,
      ' since last month',
    ]);
    expect(plainMessage(parse('{change}'), locale, { change })).toBe(change);
  });
});

describe('an app in the language', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a screen of plain messages without loading Intl’s number or date data', () => {
    const built = Object.fromEntries(
      Object.entries({
        ...webMessages,
        title: 'Deliveries',
        cart: '{count, plural, one {Cart, # item} other {Cart, # items}}',
        hello: 'Hello, {name}',
        since: '{change} since last month',
      }).map(([id, text]) => [id, parse(text)]),
    );
    const i18n = createI18n({
      storageKey: 'test:plain',
      english: built,
      load: {
        hi: () => Promise.reject(new Error('not here')),
        kn: () => Promise.reject(new Error('not here')),
      },
    });
    // FormatJS reports an unset locale as an error; the layer sets none on purpose and keeps quiet about it.
    const errors = vi.spyOn(console, 'error');
    const numberData = [
      vi.spyOn(Intl, 'NumberFormat'),
      vi.spyOn(Intl, 'DateTimeFormat'),
      vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf'),
      vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf'),
    ];
    function Screen() {
      const t = useT();
      return (
        <p>
          {t('cart', { count: 3 })} · <FormattedMessage id="hello" values={{ name: 'Asha' }} /> ·{' '}
          <FormattedMessage id="since" values={{ change: <strong>+12.50%</strong> }} />
        </p>
      );
    }
    render(
      <LanguageProvider i18n={i18n}>
        <Screen />
      </LanguageProvider>,
    );
    const shown = screen.getByText(/^Cart, 3 items/);
    expect(shown.textContent).toBe('Cart, 3 items · Hello, Asha · +12.50% since last month');
    expect(shown.querySelector('strong')?.textContent).toBe('+12.50%');
    for (const spy of numberData) expect(spy).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });
});
