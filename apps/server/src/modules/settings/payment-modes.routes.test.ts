import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@storedesk/shared/messages';
import { paymentModeMessages, type PaymentMode } from '@storedesk/shared/settings/payment-modes';
import * as t from '#server/db/schema.ts';
import { caller, createStaffWorld, errorOf, type Call, type StaffWorld } from '#test/harness.ts';

let world: StaffWorld;
let call: Call;

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
});
afterAll(() => world.ctx.close());

const base = '/api/settings/payment-modes';
const upiInfo = { name: 'Demo Fresh Mart', upiId: 'demofreshmart@upi' };

/** Everything a payment-mode write touches, to prove a refused one wrote nothing. */
async function footprint() {
  const result = await world.ctx.db.execute<{ modes: string; events: number }>(sql`
    SELECT (SELECT coalesce(json_agg(m ORDER BY m.id)::text, '[]') FROM payment_modes m) AS modes,
           (SELECT count(*)::int FROM events) AS events`);
  return result.rows[0]!;
}

async function settingsEvents(businessId: string) {
  const result = await world.ctx.db.execute<{ action: string; record_id: string; zone_id: string | null }>(
    sql`SELECT action, record_id, zone_id FROM events WHERE business_id = ${businessId} AND topic = 'settings' ORDER BY id`,
  );
  return result.rows;
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

async function addMode(body: object, session = world.owner): Promise<PaymentMode> {
  const res = await call(session, 'POST', base, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PaymentMode>();
}

describe('a new business', () => {
  it('has no payment modes', async () => {
    const res = await call(world.owner, 'GET', base);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0 });
  });
});

describe('adding payment modes', () => {
  it('adds UPI and COD, lists them COD first and tells every console', async () => {
    const upi = await addMode({
      title: ' UPI ',
      type: 'UPI',
      upiInfo: { name: ' Demo ', upiId: 'demo.mart@okaxis' },
    });
    expect(upi).toMatchObject({
      title: 'UPI',
      type: 'UPI',
      upiInfo: { name: 'Demo', upiId: 'demo.mart@okaxis' },
    });
    const cod = await addMode({ title: 'Cash on delivery', type: 'COD' });
    expect(cod).toEqual({
      id: expect.any(String),
      title: 'Cash on delivery',
      type: 'COD',
      enabled: true,
      disableReason: null,
      upiInfo: null,
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const list = (await call(world.owner, 'GET', base)).json<{ items: PaymentMode[]; total: number }>();
    expect(list.total).toBe(2);
    expect(list.items.map((mode) => mode.id)).toEqual([cod.id, upi.id]);
    expect(await settingsEvents(world.biz.id)).toEqual([
      { action: 'created', record_id: 'payment-modes', zone_id: null },
      { action: 'created', record_id: 'payment-modes', zone_id: null },
    ]);
  });

  it('refuses a second mode of a type with 409 on type, and writes nothing', async () => {
    const error = await expectRefused(
      () => call(world.owner, 'POST', base, { title: 'Cash', type: 'COD' }),
      409,
      {
        type: paymentModeMessages.typeTaken('COD'),
      },
    );
    expect(error.message).toBe('This business already has a Cash on delivery mode');
    await expectRefused(
      () => call(world.owner, 'POST', base, { title: 'UPI 2', type: 'UPI', upiInfo }),
      409,
      { type: 'This business already has a UPI mode' },
    );
  });

  it('lets one of two owners add the same type at once; the other gets 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call(world.owner, 'POST', base, { title: 'Card', type: 'CARD' })),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const cards = await world.ctx.db.execute(
      sql`SELECT id FROM payment_modes WHERE business_id = ${world.biz.id} AND type = 'CARD'`,
    );
    expect(cards.rows).toHaveLength(1);
  });

  it('takes a disabled mode with its reason', async () => {
    const mode = await addMode(
      { title: 'Card', type: 'CARD', enabled: false, disableReason: 'Card machine is away' },
      world.rivalOwner,
    );
    expect(mode).toMatchObject({ enabled: false, disableReason: 'Card machine is away' });
  });

  it('refuses bad input on every field with a reason each, and writes nothing', async () => {
    const cases: Array<[object, Record<string, string>]> = [
      [{}, { title: 'is required', type: 'is required' }],
      [{ title: '   ', type: 'COD' }, { title: 'is required' }],
      [{ title: 'x'.repeat(61), type: 'COD' }, { title: 'must be at most 60 characters' }],
      [{ title: 42, type: 'COD' }, { title: 'must be text' }],
      [{ title: 'Cheque', type: 'CHEQUE' }, { type: paymentModeMessages.type }],
      [{ title: 'Card', type: 'CARD', enabled: 'yes' }, { enabled: paymentModeMessages.enabled }],
      [
        { title: 'UPI', type: 'UPI' },
        { 'upiInfo.name': messages.upiName, 'upiInfo.upiId': messages.upiAddress },
      ],
      [
        { title: 'UPI', type: 'UPI', upiInfo: { name: '', upiId: 'demofreshmart' } },
        { 'upiInfo.name': messages.upiName, 'upiInfo.upiId': messages.upiAddress },
      ],
      [
        { title: 'UPI', type: 'UPI', upiInfo: { name: 'Demo', upiId: 'demo@' } },
        { 'upiInfo.upiId': messages.upiAddress },
      ],
      [{ title: 'Card', type: 'CARD', upiInfo }, { upiInfo: paymentModeMessages.upiInfoNotUpi }],
      [
        { title: 'Card', type: 'CARD', disableReason: 'Away' },
        { disableReason: paymentModeMessages.reasonWhileEnabled },
      ],
      [
        { title: 'Card', type: 'CARD', enabled: false, disableReason: 'r'.repeat(10_000) },
        { disableReason: 'must be at most 200 characters' },
      ],
      [
        { title: 'Card', type: 'CARD', enabled: false, disableReason: 'Away\u0000' },
        { disableReason: 'must not contain control characters' },
      ],
    ];
    const rival = world.rivalOwner;
    for (const [body, fields] of cases) {
      const error = await expectRefused(() => call(rival, 'POST', base, body), 400, fields);
      expect(error.code, JSON.stringify(body)).toBe('invalid_input');
    }
  });
});

describe('changing a payment mode', () => {
  let upi: PaymentMode;
  beforeAll(async () => {
    const list = (await call(world.owner, 'GET', base)).json<{ items: PaymentMode[] }>();
    upi = list.items.find((mode) => mode.type === 'UPI')!;
  });

  it('disables it with a reason, keeps the reason while disabled, and clears it once enabled', async () => {
    let res = await call(world.owner, 'PATCH', `${base}/${upi.id}`, {
      enabled: false,
      disableReason: 'Bank server down',
      version: upi.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: false,
      disableReason: 'Bank server down',
      version: upi.version + 1,
    });

    res = await call(world.owner, 'PATCH', `${base}/${upi.id}`, {
      title: 'UPI (any app)',
      version: upi.version + 1,
    });
    expect(res.json()).toMatchObject({
      title: 'UPI (any app)',
      enabled: false,
      disableReason: 'Bank server down',
    });

    res = await call(world.owner, 'PATCH', `${base}/${upi.id}`, {
      disableReason: 'Back at 5 pm',
      version: upi.version + 2,
    });
    expect(res.json()).toMatchObject({ disableReason: 'Back at 5 pm' });

    res = await call(world.owner, 'PATCH', `${base}/${upi.id}`, { enabled: true, version: upi.version + 3 });
    expect(res.json()).toMatchObject({ enabled: true, disableReason: null, version: upi.version + 4 });
    const [row] = await world.ctx.db
      .select()
      .from(t.paymentModes)
      .where(sql`id = ${upi.id}`);
    expect(row!.disableReason).toBeNull();

    // Disabled again, it starts without the old reason.
    res = await call(world.owner, 'PATCH', `${base}/${upi.id}`, { enabled: false, version: upi.version + 4 });
    expect(res.json()).toMatchObject({ enabled: false, disableReason: null });
    upi = res.json<PaymentMode>();
  });

  it('changes the UPI details of a UPI mode', async () => {
    const res = await call(world.owner, 'PATCH', `${base}/${upi.id}`, {
      upiInfo: { name: 'Fresh Mart Pvt Ltd', upiId: 'freshmart@okicici' },
      version: upi.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ upiInfo: { name: 'Fresh Mart Pvt Ltd', upiId: 'freshmart@okicici' } });
    upi = res.json<PaymentMode>();
  });

  it('refuses a reason for a mode that is enabled, UPI details for another type, and bad fields', async () => {
    const cod = (await call(world.owner, 'GET', base))
      .json<{ items: PaymentMode[] }>()
      .items.find((mode) => mode.type === 'COD')!;
    const patch = (id: string, body: object) => () => call(world.owner, 'PATCH', `${base}/${id}`, body);

    await expectRefused(patch(cod.id, { disableReason: 'Closed', version: cod.version }), 400, {
      disableReason: paymentModeMessages.reasonWhileEnabled,
    });
    await expectRefused(
      patch(upi.id, { enabled: true, disableReason: 'Closed', version: upi.version }),
      400,
      {
        disableReason: paymentModeMessages.reasonWhileEnabled,
      },
    );
    await expectRefused(patch(cod.id, { upiInfo, version: cod.version }), 400, {
      upiInfo: paymentModeMessages.upiInfoNotUpi,
    });
    await expectRefused(
      patch(upi.id, { upiInfo: { name: 'Demo', upiId: 'demo.upi' }, version: upi.version }),
      400,
      {
        'upiInfo.upiId': messages.upiAddress,
      },
    );
    await expectRefused(patch(upi.id, { upiInfo: null, version: upi.version }), 400, {
      upiInfo: 'must be the receiver name and UPI address',
    });
    await expectRefused(patch(upi.id, { title: '', enabled: 1, version: upi.version }), 400, {
      title: 'is required',
      enabled: paymentModeMessages.enabled,
    });
    await expectRefused(patch(upi.id, { enabled: false }), 400, { version: expect.any(String) as string });
    await expectRefused(patch(upi.id, { enabled: false, version: '3' }), 400, {
      version: expect.any(String) as string,
    });
  });

  it('refuses a change based on an old version with 409 and the current mode', async () => {
    const error = await expectRefused(
      () => call(world.owner, 'PATCH', `${base}/${upi.id}`, { title: 'Old', version: upi.version - 1 }),
      409,
    );
    expect(error.message).toBe(messages.staleRecord);
    expect(error.current).toEqual(upi);
  });

  it("answers 404 for an unknown id or another business's mode", async () => {
    const rivalModes = (await call(world.rivalOwner, 'GET', base)).json<{ items: PaymentMode[] }>();
    const rivalCard = rivalModes.items[0]!;
    await expectRefused(
      () =>
        call(world.owner, 'PATCH', `${base}/${rivalCard.id}`, { enabled: true, version: rivalCard.version }),
      404,
    );
    await expectRefused(
      () => call(world.owner, 'DELETE', `${base}/${rivalCard.id}?version=${rivalCard.version}`),
      404,
    );
    await expectRefused(
      () => call(world.owner, 'PATCH', `${base}/${randomUUID()}`, { enabled: true, version: 1 }),
      404,
    );
    await expectRefused(
      () => call(world.owner, 'PATCH', `${base}/not-an-id`, { enabled: true, version: 1 }),
      404,
    );
    const ours = (await call(world.owner, 'GET', base)).json<{ items: PaymentMode[] }>();
    expect(ours.items.map((mode) => mode.id)).not.toContain(rivalCard.id);
  });
});

describe('removing a payment mode', () => {
  it('needs the current version, then frees its type', async () => {
    const card = (await call(world.owner, 'GET', base))
      .json<{ items: PaymentMode[] }>()
      .items.find((mode) => mode.type === 'CARD')!;
    await expectRefused(() => call(world.owner, 'DELETE', `${base}/${card.id}`), 400, {
      version: 'is required',
    });
    await expectRefused(() => call(world.owner, 'DELETE', `${base}/${card.id}?version=`), 400, {
      version: 'must be a whole number',
    });
    const stale = await expectRefused(
      () => call(world.owner, 'DELETE', `${base}/${card.id}?version=${card.version + 1}`),
      409,
    );
    expect(stale.current).toEqual(card);

    const res = await call(world.owner, 'DELETE', `${base}/${card.id}?version=${card.version}`);
    expect(res.statusCode).toBe(204);
    expect((await call(world.owner, 'DELETE', `${base}/${card.id}?version=${card.version}`)).statusCode).toBe(
      404,
    );
    expect((await settingsEvents(world.biz.id)).at(-1)).toEqual({
      action: 'deleted',
      record_id: 'payment-modes',
      zone_id: null,
    });
    await addMode({ title: 'Card', type: 'CARD' });
  });
});

describe('who may', () => {
  it('answers 403 to an admin on every payment-mode endpoint, and writes nothing', async () => {
    const [mode] = (await call(world.owner, 'GET', base)).json<{ items: PaymentMode[] }>().items;
    for (const admin of [world.admin, world.southAdmin]) {
      for (const request of [
        () => call(admin, 'GET', base),
        () => call(admin, 'POST', base, { title: 'Cheque', type: 'CARD' }),
        () => call(admin, 'PATCH', `${base}/${mode!.id}`, { enabled: false, version: mode!.version }),
        () => call(admin, 'DELETE', `${base}/${mode!.id}?version=${mode!.version}`),
      ]) {
        const error = await expectRefused(request, 403);
        expect(error.code).toBe('forbidden');
      }
    }
  });
});
