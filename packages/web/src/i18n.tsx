import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  createIntl,
  createIntlCache,
  RawIntlProvider,
  useIntl,
  type IntlCache,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formatDateTime, formatDay } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';
import { formatCount } from '@storedesk/shared/numbers';
import {
  chooseLanguage,
  isLanguage,
  languageNames,
  languages,
  localeOf,
  type Language,
} from './languages.ts';
import { persisted } from './persisted.ts';
import { plainMessage } from './plain-messages.ts';
import { appErrorId, TextsContext, useTexts, type Texts } from './texts.ts';

/*
 * The phone apps in English, Hindi and Kannada (ADR 0076), on FormatJS (react-intl, ICU messages).
 * Each app keeps its catalogues (`src/i18n/en.json`, `hi.json`, `kn.json`: a key, and its ICU
 * message) and makes one translation layer with `createI18n`: English comes with the app, Hindi and
 * Kannada are chunks of their own, fetched only by a phone that shows them and before the first
 * screen in them, so no one sees another language's words or a key. The build turns the messages
 * into FormatJS's parsed form and leaves FormatJS's parser out (vite-messages.ts); tests read the
 * JSON as it is, with the parser.
 */

export { FormattedMessage, useIntl } from 'react-intl';
export { languageNames, languages, localeOf, type Language } from './languages.ts';

/** A language's messages by key: ICU text, or (built) FormatJS's parsed form of it. */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

/** An app's message keys (its English catalogue's, once the app registers them with FormatJS). */
export type MessageId = NonNullable<MessageDescriptor['id']>;

type Shown = { language: Language; messages: Catalogue };

const LanguageContext = createContext<{
  language: Language;
  choose: (language: Language) => Promise<void>;
} | null>(null);

export type I18n = {
  /** Loads the language to show first; render once it settles, and the first screen is in it. */
  start: () => Promise<void>;
  /** The person's choice: kept on the phone, shown once its catalogue is here. */
  choose: (language: Language) => Promise<void>;
  /** The language shown now. */
  shown: () => Language;
  /** For `LanguageProvider`: what is shown, told of each change; the choice kept; the title's key. */
  store: {
    subscribe: (listener: () => void) => () => void;
    get: () => Shown;
    useChoice: () => Language | null;
    apply: () => Promise<void>;
    titleId: MessageId | undefined;
  };
};

/**
 * An app's translation layer. `storageKey` is where the person's choice is kept (the app's own key,
 * as its other values); `english` its English catalogue; `load` the import of each other language's
 * catalogue; `titleId` the key of the page's title.
 */
export function createI18n(options: {
  storageKey: string;
  english: Catalogue;
  load: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>>;
  titleId?: MessageId;
}): I18n {
  const saved = persisted<Language | null>(options.storageKey, null);
  const catalogues = new Map<Language, Promise<Catalogue>>([['en', Promise.resolve(options.english)]]);
  let shown: Shown = { language: 'en', messages: options.english };
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  const wanted = (): Language =>
    chooseLanguage(saved.get(), typeof navigator === 'undefined' ? undefined : navigator.languages);

  const catalogueOf = (language: Language): Promise<Catalogue> => {
    let catalogue = catalogues.get(language);
    if (!catalogue) {
      catalogue = options.load[language as Exclude<Language, 'en'>]().then((module) => module.default);
      // A chunk that could not be fetched (offline before the worker kept it) is asked for again next time.
      catalogue.catch(() => catalogues.delete(language));
      catalogues.set(language, catalogue);
    }
    return catalogue;
  };

  /** Shows the wanted language once its catalogue is here; until then, or when it cannot load, the shown one stays. */
  const apply = async (): Promise<void> => {
    const language = wanted();
    let messages: Catalogue;
    try {
      messages = await catalogueOf(language);
    } catch {
      return;
    }
    // A later choice, made while this one loaded, wins.
    if (wanted() !== language || shown.language === language) return;
    shown = { language, messages };
    for (const listener of listeners) listener();
  };

  return {
    start: apply,
    choose: (language) => {
      saved.set(language);
      return apply();
    },
    shown: () => shown.language,
    store: { subscribe, get: () => shown, useChoice: saved.use, apply, titleId: options.titleId },
  };
}

/** An app in the language of the moment (its `createI18n`), with `<html lang>` and the page's title following it. */
export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const { store } = i18n;
  const { language, messages } = useSyncExternalStore(store.subscribe, store.get, store.get);
  // A choice made in another tab, or a first render without start().
  const choice = store.useChoice();
  useEffect(() => {
    void store.apply();
  }, [store, choice]);
  const [cache] = useState(createIntlCache);
  const intl = useMemo(() => intlOf(localeOf[language], messages, cache), [language, messages, cache]);
  return (
    <RawIntlProvider value={intl}>
      <Bridge language={language} choose={i18n.choose} titleId={store.titleId}>
        {children}
      </Bridge>
    </RawIntlProvider>
  );
}

/**
 * FormatJS's messages in `locale`, those that need no number or date data written without `Intl`
 * (plain-messages.ts, ADR 0097), so that a first screen loads none of it.
 */
export function intlOf(locale: string, messages: Catalogue, cache: IntlCache): IntlShape {
  // Given no `locale` (an empty one), FormatJS takes `defaultLocale` as the locale without first
  // asking `Intl` whether it has the locale's number and date data (which loads them, for a warning).
  const intl = createIntl(
    {
      locale: '',
      defaultLocale: locale,
      messages,
      onError: (error) => {
        if (error.code === 'INVALID_CONFIG' && error.message.includes('"locale" was not configured')) return;
        if (process.env.NODE_ENV !== 'production') console.error(error);
      },
    },
    cache,
  );
  const formatMessage = ((
    descriptor: MessageDescriptor,
    values?: Record<string, unknown>,
    options?: Parameters<IntlShape['formatMessage']>[2],
  ) => {
    const id = String(descriptor.id);
    const message = Object.hasOwn(messages, id) ? messages[id] : undefined;
    const plain = plainMessage(message, locale, values);
    if (plain === undefined) return intl.formatMessage(descriptor, values as never, options);
    // Text and elements keyed by their place, as react-intl gives them.
    return Array.isArray(plain)
      ? Children.toArray(plain as ReactNode[]).map((child, index) =>
          isValidElement(child) ? <Fragment key={index}>{child}</Fragment> : child,
        )
      : plain;
  }) as IntlShape['formatMessage'];
  return { ...intl, formatMessage, $t: formatMessage };
}

/** The shared pieces' words and the language's chooser, from the messages shown; the page's language and title. */
function Bridge({
  language,
  choose,
  titleId,
  children,
}: {
  language: Language;
  choose: (language: Language) => Promise<void>;
  titleId: MessageId | undefined;
  children: ReactNode;
}) {
  const intl = useIntl();
  const texts = useMemo<Texts>(
    () => ({
      text: (id, values) => intl.formatMessage({ id }, values),
      error: (error) => {
        const id = appErrorId(error);
        return id ? intl.formatMessage({ id }) : error.message;
      },
    }),
    [intl],
  );
  const chooser = useMemo(() => ({ language, choose }), [language, choose]);
  // A part of a page in the language (the console's signed-in screens) gives the page its own back
  // when it goes: read before the next effect sets it.
  useLayoutEffect(() => {
    const before = document.documentElement.lang;
    return () => {
      document.documentElement.lang = before;
    };
  }, []);
  useLayoutEffect(() => {
    document.documentElement.lang = language;
    if (titleId) document.title = intl.formatMessage({ id: titleId });
  }, [intl, language, titleId]);
  return (
    <LanguageContext value={chooser}>
      <TextsContext value={texts}>{children}</TextsContext>
    </LanguageContext>
  );
}

/** The language shown, inside an app's Provider (English outside one). */
export function useLanguage(): Language {
  return useContext(LanguageContext)?.language ?? 'en';
}

/**
 * A chooser's state, for a chooser of the app's own look: the language it shows (the one asked for,
 * while its catalogue comes) and what picking one in it does. Null outside an app's Provider.
 */
export function useLanguagePicker(): { value: Language; pick: (value: string) => void } | null {
  const chooser = useContext(LanguageContext);
  const [asked, setAsked] = useState<Language | null>(null);
  if (!chooser) return null;
  return {
    value: asked ?? chooser.language,
    pick: (value) => {
      if (!isLanguage(value)) return;
      setAsked(value);
      void chooser.choose(value).finally(() => setAsked(null));
    },
  };
}

type Values = Record<string, string | number | boolean | Date | null | undefined>;

/** A message as text: `t('home.title')`, `t('home.open', { count })`. For words with markup, `FormattedMessage`. */
export function useT(): (id: MessageId, values?: Values) => string {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: Values) => intl.formatMessage({ id }, values), [intl]);
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** DD/MM/YYYY and the 12-hour clock of a moment in `timeZone`, in Hindi's or Kannada's own words for the time of day. */
function localDateTime(language: Language, value: string | number | Date, timeZone: string): string {
  const key = `${language} ${timeZone}`;
  let format = dateTimes.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf[language], {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    });
    dateTimes.set(key, format);
  }
  return format.format(new Date(value));
}

/** Lists joined by "and" in each language, each made when first asked for. */
const listFormats = new Map<Language, Intl.ListFormat>();

/** Names joined as `language` lists them: "#12, #13 and #14", "Name, Phone, और Image". */
export function joinList(language: Language, names: readonly string[]): string {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(localeOf[language], { type: 'conjunction' });
    listFormats.set(language, format);
  }
  return format.format(names);
}

export type Formats = {
  /** Paise as rupees, "₹12,34,567.50", as bills show them in every language. */
  money: (paise: number) => string;
  /** A count, "12,34,567", grouped the Indian way whatever the language (Kannada's own CLDR pattern groups by thousands). */
  number: (value: number) => string;
  /** A moment in the business's time zone: "02/12/2026 02:30 PM" (English, as the console), "02/12/2026, 02:30 pm" (Hindi). */
  dateTime: (value: string | number | Date, timeZone: string) => string;
  /** A calendar day (YYYY-MM-DD) as DD/MM/YYYY. */
  day: (day: string) => string;
  /** Names joined as the language lists them: "Name, Phone and Image", "Name, Phone, और Image". */
  list: (names: readonly string[]) => string;
};

/** Money, counts and dates in the Indian style of `language`. */
export function formatsOf(language: Language): Formats {
  return {
    money: formatRupees,
    number: formatCount,
    dateTime: (value, timeZone) =>
      language === 'en' ? formatDateTime(value, timeZone) : localDateTime(language, value, timeZone),
    day: formatDay,
    list: (names) => joinList(language, names),
  };
}

/** Money, counts and dates in the Indian style of the language shown. */
export function useFormat(): Formats {
  const language = useLanguage();
  return useMemo(() => formatsOf(language), [language]);
}

/**
 * The language's chooser: a labelled list of the languages, each in its own words, that switches the
 * app at once and is remembered on the phone. Nothing outside an app's Provider.
 */
export function LanguageChooser() {
  const picker = useLanguagePicker();
  const { text } = useTexts();
  const id = useId();
  if (!picker) return null;
  return (
    <div className="language-chooser">
      <label htmlFor={id}>{text('web.language')}</label>
      <select id={id} value={picker.value} onChange={(event) => picker.pick(event.target.value)}>
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
