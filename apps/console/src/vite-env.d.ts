/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Map tiles of the store location map; OpenStreetMap's when unset. */
  readonly VITE_TILE_URL?: string;
}
