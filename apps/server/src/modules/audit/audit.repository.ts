import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditLogQuery } from '@storedesk/shared/audit/schemas';
import type { Executor } from '#server/db/client.ts';
import { auditLog, categories, customers, items, slides, stores, users, zones } from '#server/db/schema.ts';
import { acrossBusinesses, ofBusiness, type BusinessScope } from '#server/lib/scope.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** A page of a business's log, newest first, under the query's filters (days in `timeZone`). */
export async function findEntries(
  db: Executor,
  scope: BusinessScope,
  timeZone: string,
  query: AuditLogQuery,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: SQL[] = [ofBusiness(auditLog, scope)];
  if (query.actorId) where.push(eq(auditLog.actorId, query.actorId));
  if (query.kind) where.push(eq(auditLog.kind, query.kind));
  if (query.from)
    where.push(gte(auditLog.at, sql`(${query.from}::date::timestamp AT TIME ZONE ${timeZone})`));
  if (query.to)
    where.push(lt(auditLog.at, sql`((${query.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`));
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Everyone the business's log names as an actor, by the name of their latest entry. */
export async function findActors(
  db: Executor,
  scope: BusinessScope,
): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, name: auditLog.actorName })
    .from(auditLog)
    .where(and(ofBusiness(auditLog, scope), isNotNull(auditLog.actorId)))
    .orderBy(auditLog.actorId, desc(auditLog.at));
  return rows.map((row) => ({ id: row.id!, name: row.name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The names of the business's records with these ids (staff and executives, zones, stores,
 * categories, items, customers, slides), removed ones included: what the log's changes name by id.
 */
export async function findNames(
  db: Executor,
  scope: BusinessScope,
  ids: string[],
): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const named = [
    { table: users, name: users.name },
    { table: zones, name: zones.name },
    { table: stores, name: stores.name },
    { table: categories, name: categories.name },
    { table: items, name: items.name },
    { table: customers, name: customers.name },
    { table: slides, name: slides.title },
  ];
  const selects = named.map(
    ({ table, name }) =>
      sql`SELECT ${table.id}::text AS id, ${name} AS name FROM ${table} WHERE ${and(ofBusiness(table, scope), inArray(table.id, ids))}`,
  );
  const { rows } = await db.execute<{ id: string; name: string }>(sql.join(selects, sql` UNION ALL `));
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}

export type NewEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export async function insertEntries(db: Executor, entries: NewEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(auditLog).values(entries);
}

/** The live accounts of an e-mail, in any business: whose a failed sign-in was. */
export function findAccountsOfEmail(db: Executor, email: string) {
  return db
    .select({ id: users.id, businessId: users.businessId })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${users.deletedAt} IS NULL`));
}

/** Removes entries older than `before`; answers how many. */
export async function deleteEntriesBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(auditLog)
    .where(acrossBusinesses('housekeeping: every business’s log is kept as long', lt(auditLog.at, before)))
    .returning({ id: auditLog.id });
  return rows.length;
}
