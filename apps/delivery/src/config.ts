import {
  deliverConfigElementId,
  deliverPath,
  type DeliverPageConfig,
} from '@storedesk/shared/delivery/rules';

/**
 * What the server wrote into the page (the map's tiles). Vite's dev server has no such page: there
 * the app runs without a map.
 */
function readConfig(): DeliverPageConfig | null {
  const element = document.getElementById(deliverConfigElementId);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as DeliverPageConfig;
  } catch {
    return null;
  }
}

export const config = readConfig();

/** The app's own address: every link and the router work below it (Vite's dev server: its own folder). */
export const base = config ? deliverPath : '/deliver/_app';
