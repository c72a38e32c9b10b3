import type { SQL } from 'drizzle-orm';

/**
 * Work one module adds to another's write, run in that write's own statement (ADR 0067): its CTEs
 * come first in the statement's WITH list, and `gate` names the one that yields a single row once
 * the part has done its work (or raises, so the statement writes nothing). The write reads
 * through the gate, so the part runs, and takes its locks, before the write does.
 */
export type StatementPart = { ctes: Array<{ name: string; query: SQL }>; gate: SQL };
