import type pg from 'pg';

/**
 * Drops a test's database once its connections are gone. A pool's end() resolves before its
 * sockets have closed: dropping WITH (FORCE) at once terminates backends a client is still saying
 * goodbye to, and that client then throws "terminating connection due to administrator command"
 * into whatever test runs next. So wait for them (a few ms), and force only what is left after 5 s.
 */
export async function dropTestDatabase(admin: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      // 55006: the database is still being accessed by other users.
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
