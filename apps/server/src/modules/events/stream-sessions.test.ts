/**
 * Open live streams end with their sessions (ADR 0051), checked together rather than one query
 * per stream: over real HTTP, for the console's staff, the delivery app's executives and the
 * customer app's customers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  createExecutive,
  createTestApp,
  signIn,
  signInCustomer,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { closeOpenStreams, openStream } from '#test/sse.ts';
import { hashToken } from '#server/modules/auth/auth.service.ts';

let ctx: TestApp;
let biz: TestBusiness;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeOpenStreams());
afterAll(() => ctx?.close());

/** The staff session of a bearer token. */
async function sessionOf(token: string) {
  const rows = await ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM sessions WHERE token_hash = ${hashToken(token)}`,
  );
  return rows.rows[0]!;
}

/** The newest customer session: the one the test just made. */
async function newestCustomerSession() {
  const rows = await ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM customer_sessions ORDER BY created_at DESC LIMIT 1`,
  );
  return rows.rows[0]!;
}

const staffStream = (session: Session) => openStream(ctx.app, session.headers);

describe('the sessions of open live streams', () => {
  it('a session that expires ends its streams at the next sweep, and no other; one that idles is kept alive by its stream', async () => {
    const kept = await signIn(ctx.app, biz.owner.email);
    const keptSession = await sessionOf(kept.token);
    const ending = await signIn(ctx.app, biz.admin.email);
    const endingSession = await sessionOf(ending.token);
    const [keptStream, positions, endingStream] = await Promise.all([
      staffStream(kept),
      openStream(ctx.app, kept.headers, 20_000, '/api/dispatch/positions'),
      staffStream(ending),
    ]);
    expect([keptStream.status, positions.status, endingStream.status]).toEqual([200, 200, 200]);

    // Expired, with no announcement (as the clock ends it); the other last seen two minutes ago.
    await ctx.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${endingSession.id}`,
    );
    await ctx.db.execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE id = ${keptSession.id}`,
    );
    await ctx.hub.sessions.sweep();

    await endingStream.waitForEnd();
    expect(keptStream.ended).toBe(false);
    expect(positions.ended).toBe(false);
    const seen = await ctx.db.execute<{ seconds: number }>(
      sql`SELECT extract(epoch FROM now() - last_seen_at)::float AS seconds FROM sessions WHERE id = ${keptSession.id}`,
    );
    expect(seen.rows[0]!.seconds).toBeLessThan(5);
  });

  it('a person removed without an announcement loses their streams at the next sweep', async () => {
    const session = await signIn(ctx.app, biz.otherAdmin.email);
    const stream = await staffStream(session);
    await ctx.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${biz.otherAdmin.id}`);
    await ctx.hub.sessions.sweep();
    await stream.waitForEnd();
  });

  it('an executive’s stream ends when their session is deleted, at the next sweep', async () => {
    const rider = await createExecutive(ctx, {
      businessId: biz.id,
      zoneId: biz.zones[0],
      name: 'Ravi Kumar',
    });
    const stream = await openStream(ctx.app, rider.session.headers, 20_000, '/api/delivery/events');
    expect(stream.status).toBe(200);
    await ctx.db.execute(sql`DELETE FROM sessions WHERE user_id = ${rider.id}`);
    await ctx.hub.sessions.sweep();
    await stream.waitForEnd();
  });

  it('a customer who signs out has their stream closed at once; another customer’s stays', async () => {
    const asha = await signInCustomer(ctx, biz.storefrontKey, '9811111111', 'Asha');
    const ravi = await signInCustomer(ctx, biz.storefrontKey, '9822222222', 'Ravi');
    const headers = (token: string) => ({
      'x-storefront-key': biz.storefrontKey,
      authorization: `Bearer ${token}`,
    });
    const [ashas, ravis] = await Promise.all([
      openStream(ctx.app, headers(asha.token), 20_000, '/api/storefront/events'),
      openStream(ctx.app, headers(ravi.token), 20_000, '/api/storefront/events'),
    ]);
    expect([ashas.status, ravis.status]).toEqual([200, 200]);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/auth/sign-out',
      headers: headers(asha.token),
    });
    expect(out.statusCode, out.body).toBe(204);
    await ashas.waitForEnd();
    expect(ravis.ended).toBe(false);
  });

  it('a customer session that expires ends its stream at the next sweep', async () => {
    const meena = await signInCustomer(ctx, biz.storefrontKey, '9833333333', 'Meena');
    const stream = await openStream(
      ctx.app,
      { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${meena.token}` },
      20_000,
      '/api/storefront/events',
    );
    const session = await newestCustomerSession();
    await ctx.db.execute(
      sql`UPDATE customer_sessions SET expires_at = now() - interval '1 second' WHERE id = ${session.id}`,
    );
    await ctx.hub.sessions.sweep();
    await stream.waitForEnd();
  });
});
