import type { Database } from './db/client.ts';
import { pruneAuthRecords } from './modules/auth/auth.service.ts';
import type { EventHub } from './realtime/hub.ts';

type Log = { warn: (obj: unknown, msg?: string) => void };

const EVERY_MS = 60 * 60 * 1000;

/** Removes what has outlived its use: ended sessions, old throttle counts, old live events. */
export async function runHousekeeping(db: Database, hub: EventHub): Promise<void> {
  await pruneAuthRecords(db);
  await hub.prune();
}

/** Runs the housekeeping once an hour; every instance may, as each step is idempotent. */
export function startHousekeeping(db: Database, hub: EventHub, log: Log): () => void {
  const timer = setInterval(() => {
    runHousekeeping(db, hub).catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed'));
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
