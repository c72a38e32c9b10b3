import type { Database } from '#server/db/client.ts';
import { pingDatabase } from './health.repository.ts';

/** Whether the database answers: resolves once it has, rejects when it cannot be reached. */
export function databaseAnswers(db: Database): Promise<void> {
  return pingDatabase(db);
}
