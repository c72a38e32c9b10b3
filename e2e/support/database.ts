import pg from 'pg';
import { inject } from 'vitest';
import { runningEmbeddedPostgresUrl } from '../../apps/server/src/db/embedded-postgres.ts';

/** Runs `work` on the suite's database: a spec prepares what it needs there and puts it back. */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: runningEmbeddedPostgresUrl(inject('dataDir'))! });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
