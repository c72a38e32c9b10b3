import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Level } from '@storedesk/shared/levels';
import { messages } from '@storedesk/shared/messages';
import type { DeliveryExecutive, StaffMember } from '@storedesk/shared/staff/schemas';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createStaffWorld,
  errorOf,
  PASSWORD,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let admin: Session;
let southAdmin: Session;
let rivalOwner: Session;
let southDexId: string;
let rivalDexId: string;

beforeAll(async () => {
  ({ ctx, biz, rival, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
  const dex = (businessId: string, zoneId: string, name: string, deleted = false) => ({
    businessId,
    zoneId,
    level: Level.DeliveryExecutive,
    name,
    email: `${name.replace(/\W/g, '.').toLowerCase()}.${businessId.slice(0, 6)}@example.test`,
    phone: '9876500000',
    passwordHash: 'x',
    deletedAt: deleted ? new Date() : null,
  });
  const rows = await ctx.db
    .insert(t.users)
    .values([
      dex(biz.id, biz.zones[1], 'Suresh South'),
      dex(biz.id, biz.zones[0], 'Gone Away', true),
      dex(rival.id, rival.zones[0], 'Rival Rider'),
    ])
    .returning({ id: t.users.id });
  southDexId = rows[0]!.id;
  rivalDexId = rows[2]!.id;
});
afterAll(() => ctx.close());

const tag = () => randomBytes(3).toString('hex');

/** A valid add form; e-mails are unique per call. */
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: `Ravi ${tag()}`,
  email: `ravi.${randomUUID()}@example.test`,
  phone: '+91-9876543210',
  password: 'rider-secret-1',
  ...overrides,
});

async function add(session: Session, kind: string, overrides: Record<string, unknown> = {}) {
  const res = await call(session, 'POST', `/api/${kind}`, valid(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffMember>();
}

/** Every user row as stored and the staff events, to prove a refused request wrote nothing. */
async function snapshot() {
  const users = await ctx.db.execute(sql`
    SELECT id, level, zone_id, name, email, phone, password_hash, version, deleted_at::text
    FROM users ORDER BY id`);
  const events = await ctx.db.execute(sql`SELECT count(*)::int AS n FROM events WHERE topic = 'staff'`);
  const sessions = await ctx.db.execute(sql`SELECT count(*)::int AS n FROM sessions`);
  return { users: users.rows, events: events.rows[0], sessions: sessions.rows[0] };
}

async function names(session: Session, query = ''): Promise<{ names: string[]; total: number }> {
  const res = await call(session, 'GET', `/api/delivery-executives${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ items: DeliveryExecutive[]; total: number }>();
  return { names: body.items.map((dex) => dex.name), total: body.total };
}

async function staffEvents(recordId: string) {
  const { rows } = await ctx.db.execute<{ action: string; zone_id: string }>(sql`
    SELECT action, zone_id FROM events WHERE topic = 'staff' AND record_id = ${recordId} ORDER BY id`);
  return rows;
}

describe('GET /api/delivery-executives', () => {
  it('gives an admin the live delivery executives of their own zone only, whole', async () => {
    expect(await names(admin)).toEqual({ names: [biz.dex.name], total: 1 });
    const res = await call(admin, 'GET', '/api/delivery-executives');
    const [item] = res.json<{ items: DeliveryExecutive[] }>().items;
    expect(item).toEqual({
      id: biz.dex.id,
      name: biz.dex.name,
      email: biz.dex.email,
      phone: '+91-9000000000',
      level: Level.DeliveryExecutive,
      zoneId: biz.zones[0],
      zoneName: 'North',
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(await names(southAdmin)).toEqual({ names: ['Suresh South'], total: 1 });
  });

  it('gives the owner every zone, or the zone named, searchable by name', async () => {
    expect(await names(owner)).toEqual({ names: [biz.dex.name, 'Suresh South'].sort(), total: 2 });
    expect(await names(owner, `?zoneId=${biz.zones[1]}`)).toEqual({ names: ['Suresh South'], total: 1 });
    expect(await names(owner, '?q=SURESH')).toEqual({ names: ['Suresh South'], total: 1 });
  });

  it("refuses an admin another zone (403) and never shows another business's people", async () => {
    const res = await call(admin, 'GET', `/api/delivery-executives?zoneId=${biz.zones[1]}`);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
    expect((await names(owner, `?zoneId=${rival.zones[0]}`)).names).toEqual([]);
  });

  it('answers 400 for a bad page size, page or zone id', async () => {
    for (const [query, field] of [
      ['?pageSize=7', 'pageSize'],
      ['?zoneId=nope', 'zoneId'],
      ['?page=-1', 'page'],
    ] as const) {
      const res = await call(owner, 'GET', `/api/delivery-executives${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(res).fields!), query).toEqual([field]);
    }
  });

  it('pages by name then id with a total', async () => {
    const zone = biz.zones[1];
    const made = [];
    for (let i = 0; i < 6; i++)
      made.push(await add(owner, 'delivery-executives', { name: 'Pager', zoneId: zone }));
    const byId = made.map((m) => m.id).sort();
    const page = async (n: number) => {
      const res = await call(owner, 'GET', `/api/delivery-executives?q=pager&pageSize=5&page=${n}`);
      return res.json<{ items: StaffMember[]; total: number }>();
    };
    const [first, second] = [await page(0), await page(1)];
    expect(first.total).toBe(6);
    expect([...first.items, ...second.items].map((m) => m.id)).toEqual(byId);
    for (const m of made) {
      const res = await call(owner, 'DELETE', `/api/delivery-executives/${m.id}?version=1`);
      expect(res.statusCode).toBe(204);
    }
  });
});

describe('admins are the owner’s', () => {
  it('an admin gets 403 from all five admin endpoints, and nothing is written', async () => {
    const before = await snapshot();
    const target = biz.otherAdmin.id;
    for (const [method, url, payload] of [
      ['GET', '/api/admins', undefined],
      ['POST', '/api/admins', valid({ zoneId: biz.zones[0] })],
      ['GET', `/api/admins/${target}`, undefined],
      ['PATCH', `/api/admins/${target}`, { name: 'Taken Over', version: 1 }],
      ['DELETE', `/api/admins/${target}?version=1`, undefined],
    ] as const) {
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'forbidden', message: messages.forbidden });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the owner lists the admins of every zone or of one, by name', async () => {
    const res = await call(owner, 'GET', '/api/admins');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: StaffMember[]; total: number }>();
    expect(body.items.map((m) => m.id)).toEqual(
      [biz.admin, biz.otherAdmin].sort((a, b) => a.name.localeCompare(b.name)).map((m) => m.id),
    );
    expect(body.items.every((m) => m.level === Level.Admin)).toBe(true);
    const south = await call(owner, 'GET', `/api/admins?zoneId=${biz.zones[1]}`);
    expect(south.json()).toMatchObject({ items: [{ id: biz.otherAdmin.id, zoneName: 'South' }], total: 1 });
    const search = await call(
      owner,
      'GET',
      `/api/admins?q=${encodeURIComponent(biz.otherAdmin.name.toUpperCase())}`,
    );
    expect(search.json()).toMatchObject({ items: [{ id: biz.otherAdmin.id }], total: 1 });
  });

  it('adds an admin in the zone named, at the admin level whatever the body says; they can sign in', async () => {
    const input = valid({ zoneId: biz.zones[1], level: Level.Owner, name: '  Anita Admin ' });
    const res = await call(owner, 'POST', '/api/admins', input);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<StaffMember>();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Anita Admin',
      email: input.email,
      phone: '+91-9876543210',
      level: Level.Admin,
      zoneId: biz.zones[1],
      zoneName: 'South',
      version: 1,
      updatedAt: expect.any(String),
    });
    expect((await call(owner, 'GET', `/api/admins/${created.id}`)).json()).toEqual(created);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: input.email, password: input.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: created.id, level: Level.Admin, zoneId: biz.zones[1] });
    const hash = await ctx.db.execute<{ password_hash: string }>(
      sql`SELECT password_hash FROM users WHERE id = ${created.id}`,
    );
    expect(hash.rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
  });

  it('the owner must name a live zone of the business for a new admin', async () => {
    const deletedZone = await ctx.db
      .insert(t.zones)
      .values({ businessId: biz.id, name: `Closed ${tag()}`, deletedAt: new Date() })
      .returning({ id: t.zones.id });
    const before = await snapshot();
    for (const zoneId of [undefined, rival.zones[0], randomUUID(), deletedZone[0]!.id]) {
      const res = await call(owner, 'POST', '/api/admins', valid({ zoneId }));
      expect(res.statusCode, String(zoneId)).toBe(400);
      expect(errorOf(res)).toEqual({
        code: 'invalid_input',
        message: messages.invalidInput,
        fields: { zoneId: messages.unknownZone },
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('edits and deletes an admin; an admin is not a delivery executive nor the owner one', async () => {
    const made = await add(owner, 'admins', { zoneId: biz.zones[0] });
    const res = await call(owner, 'PATCH', `/api/admins/${made.id}`, { phone: '98450 12345', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...made, phone: '98450 12345', version: 2, updatedAt: expect.any(String) });
    // The endpoint's level is part of what a record is: the other endpoint does not find it.
    expect((await call(owner, 'GET', `/api/delivery-executives/${made.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/admins/${biz.dex.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/admins/${biz.owner.id}`)).statusCode).toBe(404);
    const del = await call(owner, 'DELETE', `/api/admins/${made.id}?version=2`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await call(owner, 'GET', `/api/admins/${made.id}`)).statusCode).toBe(404);
    const list = await call(owner, 'GET', '/api/admins');
    expect(list.json<{ items: StaffMember[] }>().items.map((m) => m.id)).not.toContain(made.id);
    const row = await ctx.db.execute<{ deleted: boolean; version: number }>(
      sql`SELECT deleted_at IS NOT NULL AS deleted, version FROM users WHERE id = ${made.id}`,
    );
    expect(row.rows[0]).toEqual({ deleted: true, version: 3 });
  });
});

describe("another business's staff", () => {
  it('is 404 to the owner on GET, PATCH and DELETE, and nothing changes', async () => {
    const before = await snapshot();
    for (const [kind, id] of [
      ['admins', rival.admin.id],
      ['delivery-executives', rival.dex.id],
      ['delivery-executives', rivalDexId],
    ] as const) {
      for (const [method, url, payload] of [
        ['GET', `/api/${kind}/${id}`, undefined],
        ['PATCH', `/api/${kind}/${id}`, { name: 'Poached', version: 1 }],
        ['DELETE', `/api/${kind}/${id}?version=1`, undefined],
      ] as const) {
        const res = await call(owner, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(errorOf(res)).toEqual({ code: 'not_found', message: messages.notFound });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("cannot name this business's zone for their own staff", async () => {
    const before = await snapshot();
    const res = await call(rivalOwner, 'POST', '/api/delivery-executives', valid({ zoneId: biz.zones[0] }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ zoneId: messages.unknownZone });
    expect(await snapshot()).toEqual(before);
  });
});

describe('an admin manages the delivery executives of their own zone only (D3)', () => {
  it('adds to their own zone when no zone is named, and to their own zone named', async () => {
    const plain = await add(admin, 'delivery-executives', { level: Level.Admin });
    expect(plain).toMatchObject({ zoneId: biz.zones[0], zoneName: 'North', level: Level.DeliveryExecutive });
    const named = await add(admin, 'delivery-executives', { zoneId: biz.zones[0] });
    expect(named.zoneId).toBe(biz.zones[0]);
    expect((await names(admin)).names).toEqual(expect.arrayContaining([plain.name, named.name]));
    expect((await names(southAdmin)).names).not.toContain(plain.name);
  });

  it('naming another zone is 403 on a list, an add and an edit, whatever else it says', async () => {
    const own = await add(admin, 'delivery-executives');
    const before = await snapshot();
    const other = biz.zones[1];
    for (const [method, url, payload] of [
      ['GET', `/api/delivery-executives?zoneId=${other}`, undefined],
      ['GET', `/api/delivery-executives?zoneId=${rival.zones[0]}`, undefined],
      ['POST', '/api/delivery-executives', valid({ zoneId: other })],
      ['POST', '/api/delivery-executives', valid({ zoneId: randomUUID() })],
      ['PATCH', `/api/delivery-executives/${own.id}`, { zoneId: other, version: 1 }],
      ['PATCH', `/api/delivery-executives/${southDexId}`, { zoneId: other, version: 1 }],
    ] as const) {
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("another zone's executive is 404 on GET, PATCH and DELETE, and nothing changes", async () => {
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['GET', `/api/delivery-executives/${southDexId}`, undefined],
      ['PATCH', `/api/delivery-executives/${southDexId}`, { name: 'Borrowed', version: 1 }],
      ['DELETE', `/api/delivery-executives/${southDexId}?version=1`, undefined],
      ['GET', `/api/delivery-executives/${rivalDexId}`, undefined],
      ['GET', `/api/delivery-executives/${biz.otherAdmin.id}`, undefined],
    ] as const) {
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(res)).toEqual({ code: 'not_found', message: messages.notFound });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('edits and deletes an executive of their own zone', async () => {
    const made = await add(admin, 'delivery-executives');
    expect((await call(admin, 'GET', `/api/delivery-executives/${made.id}`)).json()).toEqual(made);
    const res = await call(admin, 'PATCH', `/api/delivery-executives/${made.id}`, {
      name: 'Renamed Rider',
      email: made.email.toUpperCase(),
      zoneId: biz.zones[0],
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...made,
      name: 'Renamed Rider',
      email: made.email.toUpperCase(),
      version: 2,
      updatedAt: expect.any(String),
    });
    expect((await call(admin, 'DELETE', `/api/delivery-executives/${made.id}?version=2`)).statusCode).toBe(
      204,
    );
    expect((await call(admin, 'GET', `/api/delivery-executives/${made.id}`)).statusCode).toBe(404);
    expect((await names(admin)).names).not.toContain('Renamed Rider');
  });

  it('the owner moves an executive to another zone: the old zone’s admin loses them', async () => {
    const made = await add(owner, 'delivery-executives', { zoneId: biz.zones[0] });
    expect((await names(admin)).names).toContain(made.name);
    const res = await call(owner, 'PATCH', `/api/delivery-executives/${made.id}`, {
      zoneId: biz.zones[1],
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ zoneId: biz.zones[1], zoneName: 'South', version: 2 });
    expect((await names(admin)).names).not.toContain(made.name);
    expect((await names(southAdmin)).names).toContain(made.name);
    expect((await call(admin, 'GET', `/api/delivery-executives/${made.id}`)).statusCode).toBe(404);
  });
});

describe('e-mail is unique among the live accounts of a business (ADR 0033)', () => {
  const conflict = {
    code: 'conflict',
    message: messages.emailTaken,
    fields: { email: messages.emailTaken },
  };

  it('an add with the live e-mail of anyone in the business, in any case, is 409 on the field, and nothing is written', async () => {
    const before = await snapshot();
    for (const email of [
      biz.owner.email,
      biz.admin.email.toUpperCase(),
      biz.dex.email,
      'Suresh.South.' + biz.id.slice(0, 6) + '@EXAMPLE.test',
    ]) {
      const res = await call(
        owner,
        'POST',
        '/api/delivery-executives',
        valid({ email, zoneId: biz.zones[0] }),
      );
      expect(res.statusCode, email).toBe(409);
      expect(errorOf(res), email).toEqual(conflict);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("another business's addresses are added as new ones are: nothing tells one business who works for another", async () => {
    for (const [kind, email] of [
      ['delivery-executives', rival.dex.email],
      ['admins', rival.owner.email.toUpperCase()],
    ] as const) {
      const res = await call(owner, 'POST', `/api/${kind}`, valid({ email, zoneId: biz.zones[0] }));
      expect(res.statusCode, `${kind} ${email}: ${res.body}`).toBe(201);
      expect(res.json<StaffMember>().email).toBe(email);
    }
    // Each account of the address signs in with its own password, to its own business.
    const signInAs = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: rival.owner.email, password },
      });
    expect((await signInAs('rider-secret-1')).json()).toMatchObject({
      business: { id: biz.id },
      user: { level: 2 },
    });
    expect((await signInAs(PASSWORD)).json()).toMatchObject({
      business: { id: rival.id },
      user: { level: 1 },
    });
  });

  it("a deleted user's e-mail can be given to someone new", async () => {
    const gone = `gone.away.${biz.id.slice(0, 6)}@example.test`;
    const made = await add(owner, 'admins', { email: gone, zoneId: biz.zones[0] });
    expect(made.email).toBe(gone);
  });

  it('an edit to a taken e-mail is 409 on the field and changes nothing', async () => {
    const made = await add(owner, 'delivery-executives', { zoneId: biz.zones[0] });
    const before = await snapshot();
    const res = await call(owner, 'PATCH', `/api/delivery-executives/${made.id}`, {
      email: biz.otherAdmin.email.toUpperCase(),
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual(conflict);
    expect(await snapshot()).toEqual(before);
  });

  it('two adds of one e-mail at once: one 201, one 409', async () => {
    const email = `twin.${randomUUID()}@example.test`;
    const results = await Promise.all([
      call(owner, 'POST', '/api/admins', valid({ email, zoneId: biz.zones[0] })),
      call(
        owner,
        'POST',
        '/api/delivery-executives',
        valid({ email: email.toUpperCase(), zoneId: biz.zones[1] }),
      ),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(errorOf(results.find((r) => r.statusCode === 409)!)).toEqual(conflict);
    const rows = await ctx.db.execute(sql`SELECT id FROM users WHERE lower(email) = ${email}`);
    expect(rows.rows).toHaveLength(1);
  });
});

describe('stale versions (D9)', () => {
  it('a stale edit is 409 with the member as they are now, and writes nothing', async () => {
    const made = await add(owner, 'admins', { zoneId: biz.zones[0] });
    const first = await call(owner, 'PATCH', `/api/admins/${made.id}`, { name: 'First Writer', version: 1 });
    expect(first.statusCode).toBe(200);
    const before = await snapshot();
    const res = await call(owner, 'PATCH', `/api/admins/${made.id}`, {
      name: 'Second Writer',
      password: 'another-secret-9',
      zoneId: biz.zones[1],
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    const error = errorOf(res);
    expect(error).toEqual({ code: 'conflict', message: messages.staleRecord, current: first.json() });
    expect(await snapshot()).toEqual(before);
  });

  it('a stale delete is 409 with the member as they are now, and deletes nothing', async () => {
    const made = await add(admin, 'delivery-executives');
    const edited = await call(admin, 'PATCH', `/api/delivery-executives/${made.id}`, {
      phone: '9000011111',
      version: 1,
    });
    const before = await snapshot();
    const res = await call(admin, 'DELETE', `/api/delivery-executives/${made.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'conflict', message: messages.staleRecord, current: edited.json() });
    expect(await snapshot()).toEqual(before);
    expect((await call(admin, 'GET', `/api/delivery-executives/${made.id}`)).statusCode).toBe(200);
  });

  it('two edits based on one version: one wins, the other gets 409', async () => {
    const made = await add(owner, 'delivery-executives', { zoneId: biz.zones[1] });
    const results = await Promise.all([
      call(owner, 'PATCH', `/api/delivery-executives/${made.id}`, { name: 'Writer A', version: 1 }),
      call(southAdmin, 'PATCH', `/api/delivery-executives/${made.id}`, { name: 'Writer B', version: 1 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json<StaffMember>();
    expect((await call(owner, 'GET', `/api/delivery-executives/${made.id}`)).json()).toEqual(winner);
    expect(winner.version).toBe(2);
  });

  it('an edit or delete of someone already deleted is 404', async () => {
    const made = await add(owner, 'admins', { zoneId: biz.zones[0] });
    expect((await call(owner, 'DELETE', `/api/admins/${made.id}?version=1`)).statusCode).toBe(204);
    expect(
      (await call(owner, 'PATCH', `/api/admins/${made.id}`, { name: 'Back', version: 2 })).statusCode,
    ).toBe(404);
    expect((await call(owner, 'DELETE', `/api/admins/${made.id}?version=2`)).statusCode).toBe(404);
  });
});

describe('live events', () => {
  it("every write announces itself on 'staff' in the member's zone, and a move in both zones", async () => {
    const made = await add(owner, 'delivery-executives', { zoneId: biz.zones[0] });
    const moved = await call(owner, 'PATCH', `/api/delivery-executives/${made.id}`, {
      zoneId: biz.zones[1],
      version: 1,
    });
    expect(moved.statusCode).toBe(200);
    const edited = await call(owner, 'PATCH', `/api/delivery-executives/${made.id}`, {
      name: 'Evt',
      version: 2,
    });
    expect(edited.statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/delivery-executives/${made.id}?version=3`)).statusCode).toBe(
      204,
    );
    expect(await staffEvents(made.id)).toEqual([
      { action: 'created', zone_id: biz.zones[0] },
      { action: 'updated', zone_id: biz.zones[1] },
      { action: 'updated', zone_id: biz.zones[0] },
      { action: 'updated', zone_id: biz.zones[1] },
      { action: 'deleted', zone_id: biz.zones[1] },
    ]);
  });

  it('a refused write announces nothing', async () => {
    const made = await add(owner, 'admins', { zoneId: biz.zones[0] });
    expect((await call(owner, 'PATCH', `/api/admins/${made.id}`, { name: 'X', version: 9 })).statusCode).toBe(
      409,
    );
    expect(await staffEvents(made.id)).toEqual([{ action: 'created', zone_id: biz.zones[0] }]);
  });
});

describe('the executive picker', () => {
  it('still signs in nobody: the password of a new executive is refused at sign-in', async () => {
    const input = valid({ zoneId: biz.zones[0] });
    await add(owner, 'delivery-executives', input);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: input.email, password: input.password },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'forbidden', message: messages.noPermissionToSignIn });
    expect(res.cookies).toEqual([]);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: input.email, password: PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
  });
});
