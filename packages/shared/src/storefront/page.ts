import type { Theme } from '../auth/schemas.ts';
import type { MapTiles } from '../map/schemas.ts';

/** The header the customer app sends the business's publishable key in (no zod here: the app loads none). */
export const storefrontKeyHeader = 'x-storefront-key';

/** The header the customer app sends its own random id of the device in (ADR 0058). */
export const deviceIdHeader = 'x-device-id';

/**
 * The customer app's page (at every path of the business's shop origin) carries the business it is for in a
 * `<script type="application/json">` of this id, so the app's first request is for
 * what it shows, never for who it is.
 */
export const storefrontConfigElementId = 'storefront-config';

export type StorefrontPageConfig = {
  /** The business's publishable storefront key, which the app sends with every request. */
  key: string;
  slug: string;
  name: string;
  theme: Theme;
  /** Same-origin address of its logo, or null. */
  logoUrl: string | null;
  /** The map's tile server (MAP_TILE_URL), for picking a delivery point. */
  tiles: MapTiles;
};

/**
 * The folder the app's own files are served from, on every shop's origin (ADR 0055); below /shop,
 * where no slug can be it (slugs have no `_`).
 */
export const shopAssetsPath = '/shop/_app/';

/**
 * How often the customer app asks again for the stores and a store's catalogue while they are in
 * sight (a store opened or closed, an item sold out), having no live stream of them.
 */
export const storefrontRefreshMs = 15_000;
