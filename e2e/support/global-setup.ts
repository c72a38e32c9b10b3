import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runningEmbeddedPostgresUrl } from '../../apps/server/src/db/embedded-postgres.ts';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data directory (DATA_DIR), for tools that find its embedded database there. */
    dataDir: string;
    /** The demo business's customer-app key, for specs that place orders as a customer would. */
    storefrontKey: string;
    /** The demo business's customer app, on its own origin (SHOP_URL's default, ADR 0055). */
    shopUrl: string;
  }
}

/** One server, seeded with the demo business, for the whole browser suite. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('shopUrl', `http://demo-fresh-mart.localhost:${new URL(server.baseUrl).port}`);
  const client = new pg.Client({ connectionString: runningEmbeddedPostgresUrl(server.dataDir)! });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string }>(
      `SELECT storefront_key AS key FROM businesses WHERE name = 'Demo Fresh Mart'`,
    );
    project.provide('storefrontKey', rows[0]!.key);
  } finally {
    await client.end();
  }
  return () => server.stop();
}
