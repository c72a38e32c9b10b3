import type { Writable } from 'node:stream';

/*
 * Writing to a client at the pace it reads: the live stream (events.routes.ts) and the orders CSV
 * (orders-export.ts).
 */

/**
 * What a live stream may hold in memory for a client that is not reading it. Past this the
 * stream is dropped rather than grown: the browser reconnects with Last-Event-ID and the
 * replay, which waits for the client between pages, sends what it missed from the database.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;

/** Writes `chunk`, or drops the connection if the client has left too much unread. False once dropped. */
export function writeOrDrop(
  out: Writable,
  chunk: string | Uint8Array,
  maxUnsent = MAX_UNSENT_BYTES,
): boolean {
  if (out.destroyed) return false;
  out.write(chunk);
  if (out.writableLength <= maxUnsent) return true;
  out.destroy();
  return false;
}

/** Resolves once the client has read what was written (true), or the connection has closed (false). */
export function drained(out: Writable): Promise<boolean> {
  if (out.destroyed) return Promise.resolve(false);
  if (!out.writableNeedDrain) return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (ok: boolean) => () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      resolve(ok);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    out.once('drain', onDrain);
    out.once('close', onClose);
  });
}
