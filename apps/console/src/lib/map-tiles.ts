import type { MapTiles } from '@storedesk/shared/map/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** GET /api/map/tiles: the server's MAP_TILE_URL and its credit; they change only with a restart. */
export function useMapTiles() {
  return useQuery({
    queryKey: ['map', 'tiles'],
    queryFn: ({ signal }) => apiJson<MapTiles>('/map/tiles', { signal }),
    staleTime: Infinity,
  });
}
