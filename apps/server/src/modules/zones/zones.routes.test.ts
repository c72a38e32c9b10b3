import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as t from '#server/db/schema.ts';
import {
  createBusiness,
  createTestApp,
  errorOf,
  signIn,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;

type ZoneList = {
  items: Array<{ id: string; name: string; version: number; updatedAt: string }>;
  total: number;
};

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  rival = await createBusiness(ctx.db);
  // 12 more zones (14 in all), one deleted, and look-alike names in the rival business.
  await ctx.db.insert(t.zones).values([
    ...Array.from({ length: 12 }, (_, i) => ({
      businessId: biz.id,
      name: `Zone ${String(i + 1).padStart(2, '0')}`,
    })),
    { businessId: biz.id, name: 'Zone 99 (closed)', deletedAt: new Date() },
    { businessId: rival.id, name: 'Zone 50' },
    { businessId: rival.id, name: 'North-East' },
    { businessId: rival.id, name: '100% Rival' },
  ]);
  owner = await signIn(ctx.app, biz.owner.email);
});
afterAll(() => ctx.close());

const list = (query: string, session: Session = owner) =>
  ctx.app.inject({ url: `/api/zones${query}`, headers: session.headers });

describe('GET /api/zones', () => {
  it('lists the business zones by name with the total; 10 per page by default', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json<ZoneList>();
    expect(body.total).toBe(14);
    expect(body.items).toHaveLength(10);
    expect(body.items.map((z) => z.name)).toEqual([
      'North',
      'South',
      ...Array.from({ length: 8 }, (_, i) => `Zone ${String(i + 1).padStart(2, '0')}`),
    ]);
    expect(body.items[0]).toEqual({
      id: biz.zones[0],
      name: 'North',
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('pages with page (from 0) and pageSize 5, 10 or 25', async () => {
    const pages = await Promise.all([0, 1, 2].map((page) => list(`?pageSize=5&page=${page}`)));
    const bodies = pages.map((r) => r.json<ZoneList>());
    expect(bodies.map((b) => b.items.length)).toEqual([5, 5, 4]);
    expect(bodies.every((b) => b.total === 14)).toBe(true);
    const ids = bodies.flatMap((b) => b.items.map((z) => z.id));
    expect(new Set(ids).size).toBe(14);

    const all = (await list('?pageSize=25')).json<ZoneList>();
    expect(all.items.map((z) => z.id)).toEqual(ids);
    expect((await list('?pageSize=10&page=1')).json<ZoneList>().items).toHaveLength(4);
    expect((await list('?pageSize=10&page=9')).json<ZoneList>()).toEqual({ items: [], total: 14 });
  });

  it('refuses any other page size with 400 on pageSize', async () => {
    for (const pageSize of ['7', '0', '100', 'ten', '-5']) {
      const res = await list(`?pageSize=${pageSize}`);
      expect(res.statusCode, pageSize).toBe(400);
      expect(errorOf(res).code).toBe('invalid_input');
      expect(errorOf(res).fields, pageSize).toHaveProperty('pageSize');
    }
    expect(errorOf(await list('?pageSize=7')).fields).toEqual({ pageSize: 'must be 5, 10 or 25' });
  });

  it('refuses a negative or fractional page with 400 on page', async () => {
    for (const page of ['-1', '1.5', 'x']) {
      const res = await list(`?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(errorOf(res).fields, page).toHaveProperty('page');
    }
  });

  it('searches names with q, ignoring case, and counts only matches', async () => {
    const res = await list('?q=zONE%200');
    expect(res.statusCode).toBe(200);
    const body = res.json<ZoneList>();
    expect(body.total).toBe(9);
    expect(body.items.map((z) => z.name)).toEqual(Array.from({ length: 9 }, (_, i) => `Zone 0${i + 1}`));
    expect((await list('?q=south')).json<ZoneList>().items.map((z) => z.id)).toEqual([biz.zones[1]]);
    expect((await list('?q=%20%20north%20')).json<ZoneList>().total).toBe(1);
  });

  it('takes % and _ in q literally', async () => {
    expect((await list('?q=%25')).json<ZoneList>()).toEqual({ items: [], total: 0 });
    expect((await list('?q=Zone_0')).json<ZoneList>()).toEqual({ items: [], total: 0 });
  });

  it('hides deleted zones', async () => {
    const body = (await list('?q=closed')).json<ZoneList>();
    expect(body).toEqual({ items: [], total: 0 });
  });

  it("never shows another business's zones", async () => {
    const names = (await list('?pageSize=25')).json<ZoneList>().items.map((z) => z.name);
    expect(names).not.toContain('Zone 50');
    expect(names).not.toContain('North-East');
    expect((await list('?q=Rival')).json<ZoneList>().total).toBe(0);

    const rivalOwner = await signIn(ctx.app, rival.owner.email);
    const theirs = (await list('?pageSize=25', rivalOwner)).json<ZoneList>();
    expect(theirs.total).toBe(5);
    expect(theirs.items.map((z) => z.id)).not.toContain(biz.zones[0]);
  });

  it('answers 403 to an admin, of either zone', async () => {
    for (const admin of [biz.admin, biz.otherAdmin]) {
      const res = await list('', await signIn(ctx.app, admin.email));
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'forbidden', message: "You don't have permission to do that" });
    }
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ url: '/api/zones' });
    expect(res.statusCode).toBe(401);
  });

  it('sees a renamed zone at once', async () => {
    await ctx.db.execute(
      sql`UPDATE zones SET name = 'Zone 00', version = version + 1 WHERE id = ${biz.zones[1]}`,
    );
    const body = (await list('?q=zone%2000')).json<ZoneList>();
    expect(body.items).toEqual([expect.objectContaining({ id: biz.zones[1], name: 'Zone 00', version: 2 })]);
  });
});
