/**
 * The server's listening connection to the database lost and made again, with streams of every
 * kind open (the console's staff, the customer app's customer, the delivery app's executive): each
 * gets exactly what was committed after the last event it was sent, in order, and nothing older,
 * whatever the events table held before the server started.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishEvent } from '#server/realtime/events.repository.ts';
import {
  createBusiness,
  createExecutive,
  createTestApp,
  createTestDatabase,
  signIn,
  signInCustomer,
  type CustomerSession,
  type Session,
  type TestApp,
  type TestBusiness,
  type TestDatabase,
} from '#test/harness.ts';
import { closeOpenStreams, openStream, type SseStream } from '#test/sse.ts';

let database: TestDatabase;
let ctx: TestApp;
let biz: TestBusiness;
let owner: Session;
let customer: CustomerSession;
let rider: { id: string; session: Session };

/** An order's event that the owner's, the customer's and the executive's streams all carry. */
const publishOrderEvent = (recordId: string) =>
  publishEvent(database.db, {
    businessId: biz.id,
    zoneId: biz.zones[0],
    topic: 'orders',
    action: 'status',
    recordId,
    customerId: customer.customer.id,
    executiveIds: [rider.id],
  });

beforeAll(async () => {
  database = await createTestDatabase();
  // The people, their sessions and a past of events, made by a server that then stops: the
  // server under test starts on a database that already holds them.
  const before = await createTestApp({ database });
  biz = await createBusiness(database.db);
  owner = await signIn(before.app, biz.owner.email);
  customer = await signInCustomer(before, biz.storefrontKey, '9811111111', 'Asha');
  rider = await createExecutive(before, { businessId: biz.id, zoneId: biz.zones[0], name: 'Ravi' });
  for (let n = 1; n <= 30; n++) await publishOrderEvent(`before-start-${n}`);
  await before.close();

  ctx = await createTestApp({ database });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeOpenStreams());
afterAll(async () => {
  if (!ctx) return database?.drop();
  for (let waited = 0; ctx.hub.size > 0 && waited < 2000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  ctx.app.server.closeAllConnections();
  await ctx.close();
  await database.drop();
});

/** The backend of the hub's listening connection: the only one of this database that listens. */
async function listenerPid(): Promise<number | undefined> {
  const { rows } = await database.db.execute<{ pid: number }>(
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
  );
  return rows[0]?.pid;
}

async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the listening connection lost and made again', () => {
  it('sends each open stream what was committed after its last event, in order, and nothing older', async () => {
    await publishOrderEvent('before-open');
    const streams: Record<string, SseStream> = {
      staff: await openStream(ctx.app, owner.headers),
      customer: await openStream(
        ctx.app,
        { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${customer.token}` },
        20_000,
        '/api/storefront/events',
      ),
      executive: await openStream(ctx.app, rider.session.headers, 20_000, '/api/delivery/events'),
    };
    for (const stream of Object.values(streams)) expect(stream.status).toBe(200);
    await publishOrderEvent('opened');
    for (const stream of Object.values(streams)) await stream.waitForRecord('opened');

    const lost = await listenerPid();
    expect(lost).toBeDefined();
    await database.db.execute(sql`SELECT pg_terminate_backend(${lost}::int)`);
    for (const n of [1, 2, 3]) await publishOrderEvent(`while-away-${n}`);
    await until('a new listening connection', listenerPid, (pid) => pid !== undefined && pid !== lost);
    await publishOrderEvent('after');
    // The last event, written once the hub listens again: what came before it is all that came.
    await publishOrderEvent('marker');

    const expected = ['opened', 'while-away-1', 'while-away-2', 'while-away-3', 'after', 'marker'];
    for (const [kind, stream] of Object.entries(streams)) {
      await stream.waitForRecord('marker');
      expect(
        stream.messages.map((m) => m.data.recordId),
        kind,
      ).toEqual(expected);
    }
  });
});
