import type { Dispatch, PositionBatch } from '@storedesk/shared/delivery/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiUrl } from '@/lib/api-client.ts';
import { dispatchKeys } from './dispatch-keys.ts';

/** The board with a batch of positions applied to its executives (others are left as they are). */
export function withPositions(board: Dispatch, batch: PositionBatch): Dispatch {
  const latest = new Map(batch.positions.map((position) => [position.id, position]));
  if (!board.executives.some((executive) => latest.has(executive.id))) return board;
  return {
    ...board,
    executives: board.executives.map((executive) => {
      const position = latest.get(executive.id);
      if (!position) return executive;
      // A batch may arrive after a fresher read of the board: keep whichever was seen later.
      if (executive.seenAt !== null && executive.seenAt > position.seenAt) return executive;
      const { lat, lng, accuracy, seenAt } = position;
      return { ...executive, lat, lng, accuracy, seenAt };
    }),
  };
}

function isBatch(data: unknown): data is PositionBatch {
  return (
    typeof data === 'object' &&
    data !== null &&
    'positions' in data &&
    Array.isArray((data as { positions: unknown }).positions)
  );
}

/**
 * GET /api/dispatch/positions (Server-Sent Events, ADR 0042): batches of positions about every
 * 500 ms, written into the board's cached data so the map moves without a reload. Positions are
 * not replayed: each (re)connection reads the board again for what it missed meanwhile.
 */
export function usePositions(zoneId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const key = dispatchKeys.board(zoneId);
    const source = new EventSource(apiUrl('/dispatch/positions', { zoneId }));
    source.onopen = () => {
      // What moved while the stream was down is not replayed: read the board again, unless a read
      // is under way already (the screen's first).
      if (queryClient.isFetching({ queryKey: key, exact: true }) === 0) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      if (!isBatch(data)) return;
      queryClient.setQueryData<Dispatch>(key, (board) => (board ? withPositions(board, data) : board));
    };
    return () => source.close();
  }, [queryClient, zoneId]);
}
