/**
 * The tab's live streams (live-events.ts opens them), apart so that the query client, which
 * closes them when the session ends, does not bring the stream's code to the first screen.
 */
export type Connection = { pause(): void; resume(): void };

export const connections = new Set<Connection>();

/** Closes the stream of this tab (sign-out stops live updates before it signs out). */
export function stopLiveEvents(): void {
  for (const connection of connections) connection.pause();
}

/** Opens it again, e.g. when signing out failed and the user is still signed in. */
export function resumeLiveEvents(): void {
  for (const connection of connections) connection.resume();
}
