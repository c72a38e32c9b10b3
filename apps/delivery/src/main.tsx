import { createRoot } from 'react-dom/client';
import { deliverPath } from '@storedesk/shared/delivery/rules';
import { LanguageProvider } from '@storedesk/web/i18n';
import { App } from './app.tsx';
import { config } from './config.ts';
import { i18n } from './i18n/index.ts';
import './styles.css';

// The app's address ends in a slash, the folder its service worker controls, so a reload opens offline.
if (config && window.location.pathname === deliverPath) {
  window.history.replaceState(null, '', `${deliverPath}/${window.location.search}`);
}

// The first screen shows in the phone's language (or the one chosen here), its catalogue loaded first.
void i18n.start().then(() =>
  createRoot(document.getElementById('root')!).render(
    <LanguageProvider i18n={i18n}>
      <App />
    </LanguageProvider>,
  ),
);

// The worker keeps the app opening offline and shows new orders' notifications.
if (config && 'serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register(`${deliverPath}/sw.js`, { scope: `${deliverPath}/` }).catch(() => {
      // Without it the app still works online.
    });
  });
}
