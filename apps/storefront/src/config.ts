import {
  shopPath,
  storefrontConfigElementId,
  type StorefrontPageConfig,
} from '@storedesk/shared/storefront/page';

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

/** The app's own address: every link and the router work below it. */
export const base = config ? shopPath(config.slug) : '';
