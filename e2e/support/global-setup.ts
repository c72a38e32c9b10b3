import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runningEmbeddedPostgresUrl } from '../../apps/server/src/db/embedded-postgres.ts';
import { startServer } from './server.ts';
import { startPaymentsGateway } from '../../apps/server/test/payments-gateway.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data directory (DATA_DIR), for tools that find its embedded database there. */
    dataDir: string;
    /** The demo business's customer-app key, for specs that place orders as a customer would. */
    storefrontKey: string;
    /** The demo business's customer app, on its own origin (SHOP_URL's default, ADR 0055). */
    shopUrl: string;
    /** A secret API key of the demo business, for specs that place orders as its own systems do (ADR 0056). */
    apiKey: string;
  }
}

/** A secret API key of the demo business, made once for the suite as its owner makes one in Settings › Others. */
async function demoApiKey(baseUrl: string): Promise<string> {
  const signedIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-1' }),
  });
  if (signedIn.status !== 200) throw new Error(`the demo owner's sign-in answered ${signedIn.status}`);
  const { token } = (await signedIn.json()) as { token: string };
  const made = await fetch(`${baseUrl}/api/settings/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Browser tests' }),
  });
  if (made.status !== 201) throw new Error(`making a secret API key answered ${made.status}`);
  return ((await made.json()) as { secret: string }).secret;
}

/**
 * One server, seeded with the demo business, for the whole browser suite; it takes payment online
 * through the stand-in gateway (ADR 0072), whose webhooks come back to it.
 */
export default async function setup(project: TestProject) {
  const gateway = await startPaymentsGateway();
  const server = await startServer({ PAYMENTS_URL: gateway.paymentsUrl });
  gateway.webhookUrl = `${server.baseUrl}/api/payments/razorpay/webhook`;
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('shopUrl', `http://demo-fresh-mart.localhost:${new URL(server.baseUrl).port}`);
  project.provide('apiKey', await demoApiKey(server.baseUrl));
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
  return async () => {
    await server.stop();
    await gateway.close();
  };
}
