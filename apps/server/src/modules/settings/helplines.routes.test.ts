import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@storedesk/shared/messages';
import { helplineLimits, helplineMessages, type Helpline } from '@storedesk/shared/settings/helplines';
import * as t from '#server/db/schema.ts';
import { caller, createStaffWorld, errorOf, type Call, type StaffWorld } from '#test/harness.ts';

let world: StaffWorld;
let call: Call;

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
});
afterAll(() => world.ctx.close());

const base = '/api/settings/helplines';

/** Everything a helpline write touches, to prove a refused one wrote nothing. */
async function footprint() {
  const result = await world.ctx.db.execute<{ helplines: string; events: number }>(sql`
    SELECT (SELECT coalesce(json_agg(h ORDER BY h.id)::text, '[]') FROM helplines h) AS helplines,
           (SELECT count(*)::int FROM events) AS events`);
  return result.rows[0]!;
}

async function expectRefused(
  request: () => ReturnType<Call>,
  status: number,
  fields?: Record<string, string>,
) {
  const before = await footprint();
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  if (fields) expect(errorOf(res).fields).toEqual(fields);
  expect(await footprint()).toEqual(before);
  return errorOf(res);
}

async function list(session = world.owner) {
  const res = await call(session, 'GET', base);
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Helpline[]; total: number }>();
}

describe('helplines', () => {
  let care: Helpline;

  it('a new business has none', async () => {
    expect(await list()).toEqual({ items: [], total: 0 });
  });

  it('adds helplines, lists them oldest first and tells every console', async () => {
    const res = await call(world.owner, 'POST', base, {
      title: ' Customer care ',
      phoneNumber: ' 1800-123-4567 ',
    });
    expect(res.statusCode, res.body).toBe(201);
    care = res.json<Helpline>();
    expect(care).toEqual({
      id: expect.any(String),
      title: 'Customer care',
      phoneNumber: '1800-123-4567',
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const second = await call(world.owner, 'POST', base, {
      title: 'Escalations',
      phoneNumber: '+91 98450 00000',
    });
    expect(second.statusCode).toBe(201);

    const body = await list();
    expect(body.total).toBe(2);
    expect(body.items.map((h) => h.title)).toEqual(['Customer care', 'Escalations']);
    const events = await world.ctx.db.execute(
      sql`SELECT topic, action, record_id, zone_id FROM events WHERE business_id = ${world.biz.id} ORDER BY id`,
    );
    expect(events.rows).toEqual([
      { topic: 'settings', action: 'created', record_id: 'helplines', zone_id: null },
      { topic: 'settings', action: 'created', record_id: 'helplines', zone_id: null },
    ]);
  });

  it('refuses bad input on every field with a reason each, and writes nothing', async () => {
    const cases: Array<[object, Record<string, string>]> = [
      [{}, { title: messages.helplineTitle, phoneNumber: messages.helplinePhone }],
      [
        { title: '  ', phoneNumber: '' },
        { title: messages.helplineTitle, phoneNumber: messages.helplinePhone },
      ],
      [{ title: 'Care', phoneNumber: 'call us' }, { phoneNumber: messages.helplinePhone }],
      [{ title: 'Care', phoneNumber: '12' }, { phoneNumber: messages.helplinePhone }],
      [{ title: 'Care', phoneNumber: '1234567890123456' }, { phoneNumber: messages.helplinePhone }],
      [{ title: 'Care', phoneNumber: 9845000000 }, { phoneNumber: messages.helplinePhone }],
      [{ title: 'Care', phoneNumber: '9'.repeat(10_000) }, { phoneNumber: messages.helplinePhone }],
      [{ title: 'x'.repeat(10_000), phoneNumber: '100' }, { title: 'must be at most 60 characters' }],
      [{ title: 'Care\u0000', phoneNumber: '100' }, { title: 'must not contain control characters' }],
    ];
    for (const [body, fields] of cases) {
      const error = await expectRefused(() => call(world.owner, 'POST', base, body), 400, fields);
      expect(error.code).toBe('invalid_input');
    }
    await expectRefused(
      () =>
        call(world.owner, 'PATCH', `${base}/${care.id}`, {
          title: '',
          phoneNumber: 'x',
          version: care.version,
        }),
      400,
      { title: messages.helplineTitle, phoneNumber: messages.helplinePhone },
    );
    await expectRefused(
      () => call(world.owner, 'PATCH', `${base}/${care.id}`, { title: 'Care', phoneNumber: '100' }),
      400,
      { version: expect.any(String) as string },
    );
  });

  it('changes a helpline based on the version read; an old version gets 409 and the current one', async () => {
    const res = await call(world.owner, 'PATCH', `${base}/${care.id}`, {
      title: 'Customer care (24x7)',
      phoneNumber: '1800 123 4567',
      version: care.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Helpline>();
    expect(saved).toMatchObject({ title: 'Customer care (24x7)', phoneNumber: '1800 123 4567', version: 2 });

    const error = await expectRefused(
      () =>
        call(world.owner, 'PATCH', `${base}/${care.id}`, { title: 'Old', phoneNumber: '100', version: 1 }),
      409,
    );
    expect(error.message).toBe(messages.staleRecord);
    expect(error.current).toEqual(saved);
    care = saved;
  });

  it("answers 404 for an unknown id or another business's helpline, and never lists it", async () => {
    const theirs = await call(world.rivalOwner, 'POST', base, { title: 'Rival care', phoneNumber: '100' });
    const rivalLine = theirs.json<Helpline>();
    await expectRefused(
      () =>
        call(world.owner, 'PATCH', `${base}/${rivalLine.id}`, {
          title: 'Mine',
          phoneNumber: '101',
          version: 1,
        }),
      404,
    );
    await expectRefused(() => call(world.owner, 'DELETE', `${base}/${rivalLine.id}?version=1`), 404);
    await expectRefused(() => call(world.owner, 'DELETE', `${base}/${randomUUID()}?version=1`), 404);
    expect((await list()).items.map((h) => h.id)).not.toContain(rivalLine.id);
    expect((await list(world.rivalOwner)).items.map((h) => h.title)).toEqual(['Rival care']);
  });

  it('removes a helpline based on the version read', async () => {
    await expectRefused(() => call(world.owner, 'DELETE', `${base}/${care.id}`), 400, {
      version: 'is required',
    });
    const stale = await expectRefused(() => call(world.owner, 'DELETE', `${base}/${care.id}?version=1`), 409);
    expect(stale.current).toEqual(care);
    const res = await call(world.owner, 'DELETE', `${base}/${care.id}?version=${care.version}`);
    expect(res.statusCode).toBe(204);
    expect((await list()).items.map((h) => h.title)).toEqual(['Escalations']);
    expect((await call(world.owner, 'DELETE', `${base}/${care.id}?version=${care.version}`)).statusCode).toBe(
      404,
    );
  });

  it(`keeps a business to ${helplineLimits.perBusiness} helplines, even when added at once`, async () => {
    const have = (await list()).total;
    const results = await Promise.all(
      Array.from({ length: helplineLimits.perBusiness - have + 3 }, (_, i) =>
        call(world.owner, 'POST', base, { title: `Line ${i}`, phoneNumber: `10${i}` }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(helplineLimits.perBusiness - have);
    const refused = results.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(errorOf(refused[0]!).message).toBe(helplineMessages.tooMany);
    const rows = await world.ctx.db
      .select()
      .from(t.helplines)
      .where(sql`business_id = ${world.biz.id}`);
    expect(rows).toHaveLength(helplineLimits.perBusiness);
  });

  it('answers 403 to an admin on every helpline endpoint, and writes nothing', async () => {
    const [line] = (await list()).items;
    for (const admin of [world.admin, world.southAdmin]) {
      for (const request of [
        () => call(admin, 'GET', base),
        () => call(admin, 'POST', base, { title: 'Admin line', phoneNumber: '100' }),
        () =>
          call(admin, 'PATCH', `${base}/${line!.id}`, {
            title: 'X',
            phoneNumber: '100',
            version: line!.version,
          }),
        () => call(admin, 'DELETE', `${base}/${line!.id}?version=${line!.version}`),
      ]) {
        expect((await expectRefused(request, 403)).code).toBe('forbidden');
      }
    }
  });
});
