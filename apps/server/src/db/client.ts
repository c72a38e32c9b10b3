import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { currentActor } from './actor.ts';
import { prepareOftenUsed, StatementNames } from './prepared-statements.ts';
import * as schema from './schema.ts';

/** Drizzle over a pg pool; `$client` is that pool (its use is reported by GET /api/metrics). */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both. */
export type Executor = Database | Transaction;

// bigint columns (counts, sequences) come back as JS numbers; every value we store fits.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDatabase(url: string, max = 10): { pool: pg.Pool; db: Database } {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  // A client checked out of the pool (a transaction between two statements, an export waiting for
  // its reader) has no listener of the pool's: without one of its own, the database dying would
  // throw its error out of the process. Its holder's next statement fails instead (answered 503),
  // and the pool drops it when it is released.
  // The pool's often-run statements are prepared once per connection (ADR 0095).
  const names = new StatementNames();
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepareOftenUsed(client, names);
  });
  return { pool, db: withReleasingTransactions(drizzle(pool, { schema }), pool) };
}

/**
 * The database that reports, exports and the dashboard read (ADR 0052): with `url` (DATABASE_READ_URL)
 * a pool of its own on the standby, made as the primary's is (size, idle time, an error handler on
 * every connection); without it the primary itself, the same object, so nothing changes. `end`
 * closes only a pool made here.
 */
export function createReadDatabase(
  url: string | undefined,
  primary: { pool: pg.Pool; db: Database },
  max = 10,
): { pool: pg.Pool; db: Database; end: () => Promise<void> } {
  if (url === undefined) return { ...primary, end: async () => undefined };
  const { pool, db } = createDatabase(url, max);
  return { pool, db, end: () => pool.end() };
}

/**
 * The ORM's transaction takes a client from the pool and sends BEGIN before
 * its try block: when the connection is lost during BEGIN, that client is
 * never given back, and each such loss shrinks the pool for good until
 * requests wait for ever. Here the client is taken and given back around the
 * whole transaction, whatever fails; the ORM's per-client handle is made once.
 * A transaction opened for a staff request also names who acts, for the audit log.
 */
function withReleasingTransactions(db: Database, pool: pg.Pool): Database {
  const handles = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();
  const transaction: Database['transaction'] = async (run, config) => {
    const client = await pool.connect();
    try {
      let handle = handles.get(client);
      if (!handle) {
        handle = drizzle(client, { schema });
        handles.set(client, handle);
      }
      // A staff request's transaction names its actor first, so the audit log's triggers record
      // its writes in it (ADR 0047); other transactions name none and record nothing.
      const actor = currentActor();
      if (!actor) return await handle.transaction(run, config);
      return await handle.transaction(async (tx) => {
        await client.query("SELECT set_config('storedesk.actor', $1, true)", [JSON.stringify(actor)]);
        return run(tx);
      }, config);
    } finally {
      // A client whose connection was lost is dropped by the pool, not reused.
      client.release();
    }
  };
  return Object.assign(db, { transaction });
}
