import type { Database } from './db/client.ts';
import { positionPolicy } from '@storedesk/shared/delivery/rules';
import { purgeAuditLog } from './modules/audit/audit.service.ts';
import { pruneAuthRecords } from './modules/auth/auth.service.ts';
import { pruneTextCounts } from './modules/limits/limits.service.ts';
import { pruneOrderTexts } from './modules/notifications/order-texts.service.ts';
import { pruneOnboardingAccounts } from './modules/onboarding/onboarding.service.ts';
import { pruneCustomerRecords } from './modules/customers/customer-accounts.service.ts';
import { prunePositions } from './modules/delivery/delivery.repository.ts';
import { purgeTrash } from './modules/trash/trash.service.ts';
import type { EventHub } from './realtime/hub.ts';
import type { Storage } from './storage/storage.ts';

type Log = {
  info: (obj: unknown, msg?: string) => void;
  warn: (obj: unknown, msg?: string) => void;
};

const EVERY_MS = 60 * 60 * 1000;
/** The first run comes soon after start, so instances restarted more often than hourly still run it. */
const FIRST_AFTER_MS = 60 * 1000;

/**
 * Removes what has outlived its use: ended sessions, throttle counts whose
 * window has passed, the counts of texts of days over 35 days ago, sign-ups
 * whose link expired unused, old live events, what has been in the trash longer
 * than its 30 days, and audit log entries older than their year.
 */
export async function runHousekeeping(
  db: Database,
  hub: EventHub,
  storage: Storage,
  log: Log,
): Promise<void> {
  await pruneAuthRecords(db);
  await pruneCustomerRecords(db);
  await pruneTextCounts(db);
  await pruneOrderTexts(db);
  await pruneOnboardingAccounts(db);
  await prunePositions(db, new Date(Date.now() - positionPolicy.retentionDays * 24 * 60 * 60 * 1000));
  await hub.prune();
  await purgeTrash(db, storage, log);
  await purgeAuditLog(db);
}

/**
 * Runs the housekeeping a minute after start, then once an hour. Every instance
 * may: the pruning steps are idempotent, and the purge runs on one instance at
 * a time (the others skip it).
 */
export function startHousekeeping(db: Database, hub: EventHub, storage: Storage, log: Log): () => void {
  const run = () => {
    runHousekeeping(db, hub, storage, log).catch((error: unknown) =>
      log.warn({ err: error }, 'housekeeping failed'),
    );
  };
  const first = setTimeout(run, FIRST_AFTER_MS);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
