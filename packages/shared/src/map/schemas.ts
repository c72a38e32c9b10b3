import { z } from 'zod';

/** GET /api/map/tiles: a Leaflet tile address ({z}/{x}/{y}) and the plain-text credit to show on the map. */
export const mapTilesSchema = z.object({ url: z.string(), attribution: z.string() });
export type MapTiles = z.infer<typeof mapTilesSchema>;
