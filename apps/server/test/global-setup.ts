/**
 * Once per test run: a PostgreSQL server (the embedded one in a temporary
 * folder, or the one DATABASE_URL names) and a template database with every
 * migration applied, from which each test file clones its own database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { releaseAbandonedDataDir, startEmbeddedPostgres } from '#server/db/embedded-postgres.ts';
import { runMigrations } from '#server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const TEST_DIR_PREFIX = 'storedesk-test-';

/** A run that was killed leaves its cluster behind: stop and remove those whose runner is gone. */
async function reapAbandonedTestClusters(log: { info: (msg: string) => void; warn: (msg: string) => void }) {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(TEST_DIR_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    // A concurrent run may have just created its folder and not yet locked it.
    if (Date.now() - fs.statSync(dir).mtimeMs < 60_000) continue;
    if (await releaseAbandonedDataDir(dir, log)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject) {
  const quiet = { info: () => undefined, warn: (msg: string) => console.warn(msg) };
  let dataDir: string | undefined;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    await reapAbandonedTestClusters(quiet);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), TEST_DIR_PREFIX));
    const embedded = await startEmbeddedPostgres(dataDir, quiet);
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `storedesk_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  // Held for the whole run: if the server goes away meanwhile, the tests say so; the runner must not crash.
  admin.on('error', (error) =>
    console.warn(`The test database server dropped its connection: ${error.message}`),
  );
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template), max: 1 });
  await runMigrations(pool);
  await pool.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    await stopEmbedded?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
