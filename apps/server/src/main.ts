import pino from 'pino';
import pretty from 'pino-pretty';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, createReadDatabase } from './db/client.ts';
import { DataDirInUseError, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { isLoopback, listeningOrigin } from './lib/public-origin.ts';
import { loadVapidKeys } from './modules/push/vapid.ts';
import { startHousekeeping } from './housekeeping.ts';
import { startPaymentsSweep } from './modules/payments/payments.service.ts';
import { startOrderTexts } from './modules/notifications/order-texts.service.ts';
import { EventHub } from './realtime/hub.ts';
import { demoCredentials, isDatabaseEmpty, seedDemo } from './seed/demo.ts';
import { createStorage } from './storage/storage.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`Invalid configuration: ${problem}`);
      process.exit(1);
    }
    throw error;
  }
  // Readable lines for a person at a terminal; JSON lines, one per entry, for everything else.
  const log = process.stdout.isTTY
    ? pino(
        { level: config.logLevel },
        pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
      )
    : pino({ level: config.logLevel });

  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  if (!config.databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres(
        config.dataDir,
        { info: (msg) => log.info(msg), warn: (msg) => log.warn(msg), error: (msg) => log.error(msg) },
        // Without its database the server can do nothing: exit, so that its supervisor restarts it.
        { onGiveUp: () => void shutdown('the embedded database is gone', 1) },
      );
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const { pool, db } = createDatabase(databaseUrl, config.databasePoolSize);
  // Reports, exports and the dashboard read a standby when DATABASE_READ_URL names one (ADR 0052).
  const reads = createReadDatabase(config.databaseReadUrl, { pool, db }, config.databasePoolSize);
  const hub = new EventHub(databaseUrl, db, log);
  // Shared by the app and the housekeeping, whose purge deletes the files of what it removes.
  const storage = createStorage(config.storage);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopHousekeeping: (() => void) | undefined;
  let stopPaymentsSweep: (() => void) | undefined;
  let stopOrderTexts: (() => void) | undefined;

  let stopping = false;
  async function shutdown(reason: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    if (exitCode === 0) log.info(`${reason} received, shutting down`);
    else log.fatal(`${reason}: shutting down`);
    const force = setTimeout(() => process.exit(1), 45_000);
    force.unref();
    try {
      stopHousekeeping?.();
      stopPaymentsSweep?.();
      stopOrderTexts?.();
      await app?.close();
      await hub.stop();
      await storage.close();
      await reads.end();
      await pool.end();
      await embedded?.stop();
    } finally {
      process.exit(exitCode);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await runMigrations(pool);
    await loadVapidKeys(db, config.vapidKeys); // made at the first start (ADR 0017)
    if (config.seedDemo || (!config.databaseUrl && (await isDatabaseEmpty(db))))
      await seedDemo(db, storage, log);
    const demo = await demoCredentials(db);
    await hub.start();
    stopHousekeeping = startHousekeeping(db, hub, storage, log);
    app = await buildApp({ config, db, readDb: reads.db, hub, storage, logger: log });
    // Orders not paid online in time lapse, and gateway refunds not yet taken are sent again (ADR 0072).
    if (app.payments) {
      stopPaymentsSweep = startPaymentsSweep(app.payments, log);
      log.info('payments online through the gateway of PAYMENTS_URL');
    }
    // Order updates to customers by text, as the business chose (ADR 0075).
    stopOrderTexts = startOrderTexts(app.orderTexts, log);
    if (config.databaseReadUrl) log.info('reports, exports and the dashboard read from DATABASE_READ_URL');
    await app.listen({ port: config.port, host: config.host });
    const local = listeningOrigin(config.host, config.port);
    if (!config.publicUrl && !isLoopback(config.host)) {
      log.warn(
        `PUBLIC_URL is not set: links in e-mails point at ${local}${config.publicHosts.length > 0 ? ' (or a host of PUBLIC_HOSTS)' : ''}. Set PUBLIC_URL to the address people use.`,
      );
    }
    console.log(`\nStoredesk is running at ${local}`);
    if (demo.length > 0) {
      console.log('Demo accounts of "Demo Fresh Mart":');
      for (const line of demo) console.log(`  ${line}`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `Port ${config.port} on ${config.host} is in use: stop what uses it, or set PORT to another port.`,
      );
    } else {
      log.error({ err: error }, 'the server could not start');
    }
    await app?.close().catch(() => undefined);
    await hub.stop();
    await storage.close().catch(() => undefined);
    await reads.end().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await embedded?.stop();
    process.exit(1);
  }
}

void main();
