import { createRoot } from 'react-dom/client';
import { brandVariables } from '@storedesk/web/brand';
import { App } from './app.tsx';
import { config } from './config.ts';
import './styles.css';

// The business's colours, light and dark, as the style sheet's variables.
if (config) {
  const style = document.createElement('style');
  style.textContent =
    `:root { ${brandVariables(config.theme, 'light')} }\n` +
    `@media (prefers-color-scheme: dark) { :root { ${brandVariables(config.theme, 'dark')} } }`;
  document.head.append(style);
}

createRoot(document.getElementById('root')!).render(<App />);

// The worker keeps the app opening offline and shows the shop's notifications.
const slug = config?.slug;
if (slug && 'serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register(`/shop/${slug}/sw.js`, { scope: `/shop/${slug}/` }).catch(() => {
      // Without it the app still works online.
    });
  });
}
