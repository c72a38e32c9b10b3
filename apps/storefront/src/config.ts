import { storefrontConfigElementId, type StorefrontPageConfig } from '@storedesk/shared/storefront/page';

/**
 * The business this page is for, as the server wrote it into the page. Vite's dev server has no
 * such page: there the slug comes from `?slug=` and the rest from the API (see main.tsx).
 */
function readConfig(): StorefrontPageConfig | null {
  const element = document.getElementById(storefrontConfigElementId);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as StorefrontPageConfig;
  } catch {
    return null;
  }
}

export const config = readConfig();

/** The app's own address below its origin: each business's app has an origin of its own (ADR 0055). */
export const base = '';
