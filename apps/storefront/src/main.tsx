import { createRoot } from 'react-dom/client';
import { brandVariables } from '@storedesk/web/brand';
import { LanguageProvider } from '@storedesk/web/i18n';
import { App } from './app.tsx';
import { config } from './config.ts';
import { i18n } from './i18n/index.ts';
import { api } from './lib/api.ts';
import './styles.css';

// The business's colours, light and dark, as the style sheet's variables: a sheet made through the
// CSS object model, which the shop's security policy allows where it refuses inline <style>.
if (config && 'adoptedStyleSheets' in document) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    `:root { ${brandVariables(config.theme, 'light')} }\n` +
      `@media (prefers-color-scheme: dark) { :root { ${brandVariables(config.theme, 'dark')} } }`,
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

// The first screen shows in the phone's language (or the one chosen here), its catalogue loaded first.
void i18n.start().then(() =>
  createRoot(document.getElementById('root')!).render(
    <LanguageProvider i18n={i18n}>
      <App />
    </LanguageProvider>,
  ),
);

// The worker keeps the app opening offline and shows the shop's notifications; the shop's origin is
// its own, so the worker's scope is all of it.
if (config && 'serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without it the app still works online.
    });
  });
  // On the first visit the worker takes the page over after the shell was loaded: the shell's
  // answers are asked again through it, so the app opens offline with the business from then on.
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        for (const path of ['/business', '/slides']) void api('GET', path).catch(() => undefined);
      },
      { once: true },
    );
  }
}
