import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';

/**
 * Work one module adds to another's write, run in that write's own statement (ADR 0067): its CTEs
 * come first in the statement's WITH list, and `gate` names the one that yields a single row once
 * the part has done its work (or raises, so the statement writes nothing). The write reads
 * through the gate, so the part runs, and takes its locks, before the write does.
 */
export type StatementPart = { ctes: Array<{ name: string; query: SQL }>; gate: SQL };

/** Runs a part as a statement of its own, for work that has no write to go into (B18: an order's edit moving its stock). */
export async function runPart(tx: Executor, part: StatementPart): Promise<void> {
  const ctes = sql.join(
    part.ctes.map((cte) => sql`${sql.identifier(cte.name)} AS (${cte.query})`),
    sql`, `,
  );
  await tx.execute(sql`WITH ${ctes} SELECT 1 FROM ${part.gate}`);
}
