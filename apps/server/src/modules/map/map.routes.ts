import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapTilesSchema, type MapTiles } from '@storedesk/shared/map/schemas';

/** Where the console's map takes its tiles from (MAP_TILE_URL), for every signed-in user. */
export const mapRoutes: FastifyPluginAsyncZod<{ tiles: MapTiles }> = async (app, { tiles }) => {
  app.get(
    '/map/tiles',
    {
      schema: {
        tags: ['map'],
        summary: "The tile server of the console's map and the credit it asks for",
        response: { 200: mapTilesSchema },
      },
    },
    async () => tiles,
  );
};
