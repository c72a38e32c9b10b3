import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { HelplineInput } from '@storedesk/shared/settings/helplines';
import type { Executor } from '#server/db/client.ts';
import { helplines } from '#server/db/schema.ts';
import { ofBusiness, type Scope } from '#server/lib/scope.ts';

const columns = {
  id: helplines.id,
  title: helplines.title,
  phoneNumber: helplines.phoneNumber,
  version: helplines.version,
  updatedAt: helplines.updatedAt,
};

export type HelplineRow = {
  id: string;
  title: string;
  phoneNumber: string;
  version: number;
  updatedAt: Date;
};

export async function findHelplines(db: Executor, scope: Scope): Promise<HelplineRow[]> {
  return db
    .select(columns)
    .from(helplines)
    .where(ofBusiness(helplines, scope))
    .orderBy(asc(helplines.createdAt), asc(helplines.title), asc(helplines.id));
}

export async function findHelpline(db: Executor, scope: Scope, id: string): Promise<HelplineRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(helplines)
    .where(and(ofBusiness(helplines, scope), eq(helplines.id, id)));
  return row;
}

/** Holds the business's helpline additions to one at a time until the transaction ends, so the count holds. */
export async function lockHelplineAdditions(db: Executor, scope: Scope): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`helplines:${scope.businessId}`}, 0))`,
  );
}

export async function countHelplines(db: Executor, scope: Scope): Promise<number> {
  const [row] = await db.select({ total: count() }).from(helplines).where(ofBusiness(helplines, scope));
  return row?.total ?? 0;
}

export async function insertHelpline(db: Executor, scope: Scope, input: HelplineInput): Promise<HelplineRow> {
  const [row] = await db
    .insert(helplines)
    .values({ businessId: scope.businessId, ...input })
    .returning(columns);
  return row!;
}

/** Rewrites the helpline if it is still at `version`; undefined when it is not (gone, or changed). */
export async function updateHelpline(
  db: Executor,
  scope: Scope,
  id: string,
  version: number,
  input: HelplineInput,
): Promise<HelplineRow | undefined> {
  const [row] = await db
    .update(helplines)
    .set({ ...input, version: sql`${helplines.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofBusiness(helplines, scope), eq(helplines.id, id), eq(helplines.version, version)))
    .returning(columns);
  return row;
}

/** Deletes the helpline if it is still at `version`; undefined when it is not (gone, or changed). */
export async function deleteHelpline(
  db: Executor,
  scope: Scope,
  id: string,
  version: number,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .delete(helplines)
    .where(and(ofBusiness(helplines, scope), eq(helplines.id, id), eq(helplines.version, version)))
    .returning({ id: helplines.id });
  return row;
}
