import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** Resolves once the database answers a query; rejects when it cannot be reached. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
