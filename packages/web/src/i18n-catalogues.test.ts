import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { languages, localeOf, type Language } from './languages.ts';
import { englishTexts, webMessages, type WebMessageId } from './texts.ts';

/*
 * Every app's catalogues (apps/<app>/src/i18n/<language>.json, ADR 0076), checked as CI runs the
 * tests: one for each language; the same keys in each; every message valid ICU; each translation
 * with the same placeholders, selects and tags as the English, and only its language's plural
 * forms; the shared pieces' words in each; no key the app does not use.
 */

const root = path.resolve(import.meta.dirname, '../../..');

const catalogueApps = fs
  .readdirSync(path.join(root, 'apps'))
  .filter((app) => fs.existsSync(path.join(root, 'apps', app, 'src/i18n')))
  .sort();

const read = (app: string, language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(root, 'apps', app, 'src/i18n', `${language}.json`), 'utf8')) as Record<
    string,
    string
  >;

/**
 * What a message needs from the app, as a sorted list: each argument and how it is formatted, each
 * select's options, each plural's argument, each tag. A translation says it in its own words and
 * order, and its plurals have its own forms, but needs exactly these.
 */
function needs(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        into.add(`{${element.value}}`);
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(`{${element.value}, ${TYPE[element.type]}, ${JSON.stringify(element.style ?? null)}}`);
        break;
      case TYPE.select:
        into.add(`{${element.value}, select, ${Object.keys(element.options).sort().join(' ')}}`);
        for (const option of Object.values(element.options)) needs(option.value, into);
        break;
      case TYPE.plural:
        into.add(`{${element.value}, ${element.pluralType === 'ordinal' ? 'selectordinal' : 'plural'}}`);
        for (const option of Object.values(element.options)) needs(option.value, into);
        break;
      case TYPE.tag:
        into.add(`<${element.value}>`);
        needs(element.children, into);
        break;
      default:
        break;
    }
  }
  return into;
}

/** Each plural's forms in a message, with the argument it counts. */
function pluralForms(elements: MessageFormatElement[], into: Array<{ value: string; forms: string[] }> = []) {
  for (const element of elements) {
    if (element.type === TYPE.plural) {
      into.push({ value: element.value, forms: Object.keys(element.options) });
      for (const option of Object.values(element.options)) pluralForms(option.value, into);
    } else if (element.type === TYPE.select) {
      for (const option of Object.values(element.options)) pluralForms(option.value, into);
    } else if (element.type === TYPE.tag) pluralForms(element.children, into);
  }
  return into;
}

/** Where a catalogue breaks the rules against the English one: one line each. */
function catalogueProblems(
  english: Record<string, string>,
  translation: Record<string, string>,
  language: Language,
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english))
    if (!(key in translation)) problems.push(`${language}: "${key}" is missing`);
  for (const key of Object.keys(translation))
    if (!(key in english)) problems.push(`${language}: "${key}" is not in English`);
  const categories = new Set(new Intl.PluralRules(localeOf[language]).resolvedOptions().pluralCategories);
  for (const [key, text] of Object.entries(translation)) {
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`${language}: "${key}" is empty`);
      continue;
    }
    let parsed: MessageFormatElement[];
    try {
      parsed = parse(text);
    } catch (error) {
      problems.push(`${language}: "${key}" is not valid ICU: ${(error as Error).message}`);
      continue;
    }
    for (const { value, forms } of pluralForms(parsed))
      for (const form of forms)
        if (!categories.has(form as Intl.LDMLPluralRule) && !/^=\d+$/.test(form))
          problems.push(
            `${language}: "${key}" has the plural form "${form}" of {${value}}, which ${language} has not`,
          );
    const source = english[key];
    if (source === undefined) continue;
    const wanted = [...needs(parse(source))].sort();
    const given = [...needs(parsed)].sort();
    if (wanted.join('\n') !== given.join('\n'))
      problems.push(
        `${language}: "${key}" has ${given.join(' ') || 'no placeholders'}; English has ${wanted.join(' ') || 'none'}`,
      );
  }
  return problems;
}

/** The version of the package that holds `file`. */
function versionOf(file: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest))
      return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
  }
  throw new Error(`no package.json above ${file}`);
}

describe('the apps’ catalogues', () => {
  it('are found (the delivery app and the customer app have some)', () => {
    expect(catalogueApps).toEqual(expect.arrayContaining(['delivery', 'storefront']));
  });

  for (const app of catalogueApps) {
    describe(app, () => {
      it('has one catalogue for each language and no other', () => {
        const files = fs
          .readdirSync(path.join(root, 'apps', app, 'src/i18n'))
          .filter((f) => f.endsWith('.json'));
        expect(files.sort()).toEqual(languages.map((language) => `${language}.json`).sort());
      });

      const english = read(app, 'en');

      it('has valid English messages', () => {
        for (const [key, text] of Object.entries(english))
          expect(() => parse(text), `en: "${key}"`).not.toThrow();
      });

      for (const language of languages.filter((l) => l !== 'en')) {
        it(`has every key in ${language}, with English's placeholders, valid ICU`, () => {
          expect(catalogueProblems(english, read(app, language), language)).toEqual([]);
        });
      }

      it('has the shared pieces’ words, the English as they show without catalogues', () => {
        const intl = createIntl({ locale: 'en-IN', messages: english, onError: () => undefined });
        // Values for the words that take them ("over {fromKm} km"), the same to both.
        const values = { fromKm: '2', toKm: '5', amount: '₹499.00' };
        for (const key of Object.keys(webMessages) as WebMessageId[]) {
          expect(english[key], `${app}: "${key}"`).toBeDefined();
          expect(intl.formatMessage({ id: key }, values), `${app}: "${key}"`).toBe(
            englishTexts.text(key, values),
          );
        }
      });

      it('uses every key it has', () => {
        const sources: string[] = [];
        const walk = (dir: string) => {
          for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(full);
            else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
              sources.push(fs.readFileSync(full, 'utf8'));
          }
        };
        walk(path.join(root, 'apps', app, 'src'));
        // The apps' shared code names keys too (packages/web/src/order-codes.ts).
        walk(path.join(root, 'packages', 'web', 'src'));
        const code = sources.join('\n');
        // Keys made from a code: `status.${status}` uses every status.<code>.
        const prefixes = [...code.matchAll(/`([\w.-]+\.)\$\{/g)].map((match) => match[1]!);
        const unused = Object.keys(english).filter(
          (key) =>
            !key.startsWith('web.') &&
            !code.includes(`'${key}'`) &&
            !code.includes(`"${key}"`) &&
            !prefixes.some((prefix) => key.startsWith(prefix)),
        );
        expect(unused).toEqual([]);
      });
    });
  }

  it('finds a key missing from a translation, a placeholder changed, a select option lost and a tag lost', () => {
    const english = {
      a: 'Order #{number}',
      b: '{count, plural, one {# change} other {# changes}}',
      c: 'Sent when {online, select, yes {it answers} other {back online}}.',
      d: 'Dismiss<hidden> the note</hidden>',
      e: 'Plain',
    };
    expect(
      catalogueProblems(
        english,
        {
          a: 'ऑर्डर #{num}',
          b: '{count, plural, one {# बदलाव} few {# बदलाव} other {# बदलाव}}',
          c: '{online, select, other {ऑनलाइन आते ही}} भेजा जाएगा।',
          d: 'हटाएँ',
          f: 'extra',
        },
        'hi',
      ),
    ).toEqual([
      'hi: "e" is missing',
      'hi: "f" is not in English',
      'hi: "a" has {num}; English has {number}',
      'hi: "b" has the plural form "few" of {count}, which hi has not',
      'hi: "c" has {online, select, other}; English has {online, select, other yes}',
      'hi: "d" has no placeholders; English has <hidden>',
    ]);
    expect(catalogueProblems({ a: 'A {x}' }, { a: 'A {x' }, 'kn')[0]).toMatch(/^kn: "a" is not valid ICU/);
  });

  it('are parsed at build by the parser version FormatJS formats with, with one version of its formatter', () => {
    const fromWeb = createRequire(import.meta.url);
    const compiler = fromWeb.resolve('@formatjs/icu-messageformat-parser');
    // The formatter: react-intl's @formatjs/intl, its intl-messageformat, that one's parser.
    const reactIntl = fromWeb.resolve('react-intl');
    const formatjsIntl = createRequire(reactIntl).resolve('@formatjs/intl');
    const messageFormat = createRequire(formatjsIntl).resolve('intl-messageformat');
    const runtime = createRequire(messageFormat).resolve('@formatjs/icu-messageformat-parser');
    expect(versionOf(compiler)).toBe(versionOf(runtime));
    // The build gives react-intl @formatjs/intl's intl-messageformat (vite-messages.ts): the same version.
    expect(versionOf(createRequire(reactIntl).resolve('intl-messageformat'))).toBe(versionOf(messageFormat));
  });
});
