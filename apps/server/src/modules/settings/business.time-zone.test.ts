import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type * as DailyStats from '#server/modules/orders/daily-stats.repository.ts';
import {
  caller,
  createBusiness,
  createTestApp,
  errorOf,
  signIn,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

/** The dashboard's recount, watched: what the save's transaction shows it, and whether it fails. */
const recount = vi.hoisted(() => ({
  calls: [] as Array<{ businessId: string; zoneInTransaction: string; zoneOutside: string }>,
  fail: false,
}));
let ctx: TestApp;

vi.mock('#server/modules/orders/daily-stats.repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof DailyStats>();
  return {
    ...actual,
    recountDailyStats: async (tx: Executor, scope: { businessId: string }) => {
      const { businessId } = scope;
      const zoneOf = async (db: Executor) =>
        (
          await db.execute<{ time_zone: string }>(
            sql`SELECT time_zone FROM businesses WHERE id = ${businessId}`,
          )
        ).rows[0]!.time_zone;
      recount.calls.push({
        businessId,
        zoneInTransaction: await zoneOf(tx),
        zoneOutside: await zoneOf(ctx.db),
      });
      if (recount.fail) throw new Error('recount failed');
      await actual.recountDailyStats(tx, scope);
    },
  };
});

let biz: TestBusiness;
let owner: Session;
let call: Call;
const url = '/api/settings/business';

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  owner = await signIn(ctx.app, biz.owner.email);
  call = caller(ctx.app);
});
afterAll(() => ctx.close());
beforeEach(() => {
  recount.calls = [];
  recount.fail = false;
});

const current = async () => (await call(owner, 'GET', url)).json<{ version: number; timeZone: string }>();

describe('changing the time zone', () => {
  it('counts the dashboard’s days again, inside the save’s own transaction', async () => {
    const { version } = await current();
    const res = await call(owner, 'PATCH', url, { version, timeZone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(200);
    // The recount sees the new zone before anyone else can: it runs before the save commits.
    expect(recount.calls).toEqual([
      { businessId: biz.id, zoneInTransaction: 'America/New_York', zoneOutside: 'Asia/Kolkata' },
    ]);
  });

  it('does not recount when the zone stays as it was or is not saved', async () => {
    const { version, timeZone } = await current();
    expect((await call(owner, 'PATCH', url, { version, timeZone })).statusCode).toBe(200);
    expect((await call(owner, 'PATCH', url, { version: version + 1, name: 'Renamed' })).statusCode).toBe(200);
    expect(recount.calls).toEqual([]);
  });

  it('a failed recount undoes the save', async () => {
    recount.fail = true;
    const before = await current();
    const res = await call(owner, 'PATCH', url, { version: before.version, timeZone: 'UTC', name: 'Lost' });
    expect(res.statusCode).toBe(500);
    expect(errorOf(res).code).toBe('internal');
    expect(await current()).toEqual(before);
  });
});
