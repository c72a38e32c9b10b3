import {
  auditRetentionDays,
  type AuditActorsResponse,
  type AuditEntry,
  type AuditLogQuery,
  type AuditLogResponse,
} from '@storedesk/shared/audit/schemas';
import { idsInChanges } from '@storedesk/shared/audit/values';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';

import * as repo from './audit.repository.ts';

function toEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName, ip: row.ip },
    action: row.action as AuditEntry['action'],
    kind: row.kind as AuditEntry['kind'],
    recordId: row.recordId,
    changes: row.changes,
  };
}

export async function listAuditLog(
  db: Database,
  auth: AuthContext,
  query: AuditLogQuery,
): Promise<AuditLogResponse> {
  const { rows, total } = await repo.findEntries(
    db,
    { businessId: auth.business.id },
    auth.business.timeZone,
    query,
  );
  const items = rows.map(toEntry);
  // Ids that are not a valid uuid cannot be the business's records: idsInChanges takes only those.
  const ids = [...new Set(items.flatMap((entry) => idsInChanges(entry.changes)))];
  return { items, total, names: await repo.findNames(db, { businessId: auth.business.id }, ids) };
}

export async function listAuditActors(db: Database, auth: AuthContext): Promise<AuditActorsResponse> {
  return { items: await repo.findActors(db, { businessId: auth.business.id }) };
}

/**
 * A wrong password for an e-mail: recorded in the log of each business with a live account of that
 * e-mail, naming the e-mail tried (never the password); an e-mail no business knows records nothing.
 */
export async function recordFailedSignIn(db: Executor, email: string, ip: string): Promise<void> {
  const accounts = await repo.findAccountsOfEmail(db, email);
  await repo.insertEntries(
    db,
    accounts.map((account) => ({
      businessId: account.businessId,
      actorId: null,
      actorName: email,
      ip,
      action: 'sign-in-failed',
      kind: 'session',
      recordId: account.id,
      changes: {},
    })),
  );
}

/** Removes what has been in the log longer than its year (run by the housekeeping). */
export function purgeAuditLog(db: Executor, now = new Date()): Promise<number> {
  return repo.deleteEntriesBefore(db, new Date(now.getTime() - auditRetentionDays * 24 * 60 * 60 * 1000));
}
