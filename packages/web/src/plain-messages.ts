import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/*
 * A built message (FormatJS's parsed form) as text without `Intl.NumberFormat` or
 * `Intl.DateTimeFormat` (ADR 0097). A page's first NumberFormat or DateTimeFormat, or the locale
 * check FormatJS makes before either, loads the browser's list of locales with number and date
 * data: tens of milliseconds of a mid-range phone's main thread, on the first screen of every app.
 * Most messages need none of it: text, `{name}`, `{kind, select, …}`, and `{count, plural, …}` with
 * a `#` under 1,000, which is written in digits alike in English, Hindi and Kannada. Those are
 * written here exactly as FormatJS writes them (plain-messages.test.ts compares every message of
 * every catalogue); anything else (numbers, dates, tags, a value of another kind, a value missing)
 * answers undefined, and FormatJS formats it.
 */

/** FormatJS's element types (`TYPE` of @formatjs/icu-messageformat-parser), as the built messages carry them. */
export const elementType = { literal: 0, argument: 1, select: 5, plural: 6, pound: 7 } as const;

type Values = Record<string, unknown> | undefined;

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralRule(locale: string, type: 'cardinal' | 'ordinal' = 'cardinal', value: number): string {
  const key = `${locale} ${type}`;
  let rules = pluralRules.get(key);
  if (!rules) {
    // Plural rules load no number data: a few tenths of a millisecond, not tens.
    rules = new Intl.PluralRules(locale, { type });
    pluralRules.set(key, rules);
  }
  return rules.select(value);
}

/** A number as `#` writes it, where no grouping or digits of a language come into it; else undefined. */
function smallWhole(value: number): string | undefined {
  return Number.isInteger(value) && value >= 0 && value < 1000 ? String(value) : undefined;
}

function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The message's parts as FormatJS's `format` joins them: text runs as one string, other values as they are. */
class Parts {
  readonly list: unknown[] = [];
  add(part: unknown) {
    const last = this.list.length - 1;
    if (typeof part === 'string' && last >= 0 && typeof this.list[last] === 'string') {
      this.list[last] = `${this.list[last] as string}${part}`;
    } else {
      this.list.push(part);
    }
  }
}

function written(
  elements: readonly MessageFormatElement[],
  locale: string,
  values: Values,
  pound: number | undefined,
  into: Parts,
): boolean {
  for (const element of elements) {
    if (element.type === elementType.literal) {
      into.add(element.value);
      continue;
    }
    if (element.type === elementType.pound) {
      // Outside a plural's option (a select's option inside one, too) FormatJS writes nothing.
      if (pound === undefined) continue;
      const digits = smallWhole(pound);
      if (digits === undefined) return false;
      into.add(digits);
      continue;
    }
    if (
      element.type !== elementType.argument &&
      element.type !== elementType.select &&
      element.type !== elementType.plural
    ) {
      return false;
    }
    if (!values || !Object.hasOwn(values, element.value)) return false;
    const value = values[element.value];
    if (element.type === elementType.argument) {
      // FormatJS's rule: text and numbers as text, other false values as nothing, anything else (a
      // React element) as it is.
      if (typeof value === 'string' || typeof value === 'number') into.add(String(value));
      else if (!value) into.add('');
      else into.add(value);
      continue;
    }
    if (element.type === elementType.select) {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return false;
      const option = own(element.options, String(value)) ?? own(element.options, 'other');
      if (!option || !written(option.value, locale, values, undefined, into)) return false;
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    const counted = value - (element.offset || 0);
    const option =
      own(element.options, `=${value}`) ??
      own(element.options, pluralRule(locale, element.pluralType, counted)) ??
      own(element.options, 'other');
    if (!option || !written(option.value, locale, values, counted, into)) return false;
  }
  return true;
}

/**
 * `message` in `locale` with `values` as FormatJS's `format` answers it (text, or a list of text and
 * the values that are not, such as React elements) when it needs no number or date data; undefined
 * when it does, or is not in the built form, or FormatJS would fail or call a value.
 */
export function plainMessage(
  message: string | readonly MessageFormatElement[] | undefined,
  locale: string,
  values?: Values,
): unknown {
  if (!Array.isArray(message)) return undefined;
  if (values && Object.values(values).some((value) => typeof value === 'function')) return undefined;
  const parts = new Parts();
  if (!written(message, locale, values, undefined, parts)) return undefined;
  return parts.list.length <= 1 ? parts.list[0] || '' : parts.list;
}
