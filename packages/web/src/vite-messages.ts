import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** An app's catalogues: `src/i18n/<language>.json`. */
const cataloguePattern = /[\\/]src[\\/]i18n[\\/][a-z]{2}\.json$/;

/**
 * FormatJS's way to a small bundle (ADR 0076): each catalogue's ICU messages parsed at build, into
 * the form FormatJS formats from, so the browser gets no parser (`no-parser.js` in its place, about
 * 40% of FormatJS's bytes). A message that does not parse fails the build, naming its key. The
 * parser is the version react-intl's own (packages/web/src/i18n-catalogues.test.ts checks it), as
 * the parsed form is that version's. And one copy of FormatJS's formatter, intl-messageformat:
 * npm nests one under react-intl and another under @formatjs/intl (the root's is another version,
 * a dev tool's); react-intl's import takes @formatjs/intl's.
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'storedesk:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    async resolveId(source, importer, options) {
      if (source !== 'intl-messageformat' || !importer) return null;
      // From @formatjs/intl itself this resolves to the same copy.
      const intl = await this.resolve('@formatjs/intl', importer, { ...options, skipSelf: true });
      return intl ? this.resolve(source, intl.id, { ...options, skipSelf: true }) : null;
    },
    transform(code, id) {
      if (!cataloguePattern.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const parsed: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          parsed[key] = parse(message);
        } catch (error) {
          this.error(`${id}: the message "${key}" is not valid ICU: ${(error as Error).message}`);
        }
      }
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}
