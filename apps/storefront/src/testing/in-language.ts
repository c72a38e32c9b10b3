import { createElement, type ReactElement } from 'react';

/**
 * For the app's screen tests: a screen as the app shows it, inside its language layer with the
 * language loaded first, as main.tsx does: English, unless the phone keeps another choice
 * (`storedesk:dev:language`) or the browser asks for one. Imported afresh, as the tests import the
 * screens after `vi.resetModules()`.
 */
export async function inLanguage(screen: ReactElement): Promise<ReactElement> {
  const { LanguageProvider } = await import('@storedesk/web/i18n');
  const { i18n } = await import('../i18n/index.ts');
  await i18n.start();
  return createElement(LanguageProvider, { i18n, children: screen });
}
