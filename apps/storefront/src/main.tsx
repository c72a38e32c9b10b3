import { createRoot } from 'react-dom/client';
import { brandVariables } from '@storedesk/web/brand';
import { App } from './app.tsx';
import { config } from './config.ts';
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

createRoot(document.getElementById('root')!).render(<App />);

// The worker keeps the app opening offline and shows the shop's notifications; the shop's origin is
// its own, so the worker's scope is all of it.
if (config && 'serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without it the app still works online.
    });
  });
}
