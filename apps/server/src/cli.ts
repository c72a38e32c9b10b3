/**
 * Operator tasks, run beside or instead of the server:
 *   npm run service -- status
 *   npm run service -- extend --days 30 [--business <id>]
 *   npm run service -- end [--business <id>]
 * With the embedded database it uses the running server's PostgreSQL, or
 * starts one on DATA_DIR when no server is running.
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { businesses } from './db/schema.ts';
import { publishEvent } from './realtime/publish.ts';

const usage = `Usage:
  npm run service -- status                              list businesses and when their service ends
  npm run service -- extend --days N [--business ID]     extend service by N days from today or its end, whichever is later
  npm run service -- end [--business ID]                 end service now (the console shows the expired screen)`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { days: { type: 'string' }, business: { type: 'string' } },
  });
  const [command] = positionals;
  if (!command || !['status', 'extend', 'end'].includes(command)) {
    console.error(usage);
    process.exit(2);
  }
  const days = Number(values.days);
  if (command === 'extend' && !(Number.isInteger(days) && days > 0 && days <= 3650)) {
    console.error('--days must be a whole number of days from 1 to 3650');
    process.exit(2);
  }

  const config = loadConfig();
  const quiet = { info: () => undefined, warn: (msg: string) => console.warn(msg) };
  const running = config.databaseUrl ? null : runningEmbeddedPostgresUrl(config.dataDir);
  const embedded = config.databaseUrl || running ? null : await startEmbeddedPostgres(config.dataDir, quiet);
  const { pool, db } = createDatabase(config.databaseUrl ?? running ?? embedded!.url, 2);
  try {
    await runMigrations(pool);
    const all = await db.select().from(businesses).orderBy(businesses.createdAt);
    const chosen = values.business ? all.filter((b) => b.id === values.business) : all;
    if (values.business && chosen.length === 0) throw new Error(`No business with id ${values.business}`);
    for (const business of chosen) {
      if (command !== 'status') {
        const endsAt =
          command === 'end'
            ? sql`now()`
            : sql`greatest(now(), coalesce(${businesses.serviceEndsAt}, now())) + make_interval(days => ${days})`;
        await db.transaction(async (tx) => {
          await tx
            .update(businesses)
            .set({ serviceEndsAt: endsAt, updatedAt: sql`now()` })
            .where(eq(businesses.id, business.id));
          await publishEvent(tx, {
            businessId: business.id,
            zoneId: null,
            topic: 'business',
            action: 'updated',
            recordId: business.id,
          });
        });
      }
      const [row] = await db.select().from(businesses).where(eq(businesses.id, business.id));
      const ends = row!.serviceEndsAt;
      const state =
        ends === null
          ? 'no end date'
          : ends <= new Date()
            ? `ended ${ends.toISOString()}`
            : `ends ${ends.toISOString()}`;
      console.log(`${row!.id}  ${row!.name}: service ${state}`);
    }
    if (chosen.length === 0) console.log('No businesses yet.');
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
