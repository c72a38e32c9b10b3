import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@storedesk/shared/messages';
import { amountMessages } from '@storedesk/shared/money';
import {
  defaultReferralSettings,
  referralMessages,
  type ReferralSettings,
} from '@storedesk/shared/settings/referral-settings';
import { caller, createStaffWorld, errorOf, type Call, type StaffWorld } from '#test/harness.ts';

let world: StaffWorld;
let call: Call;

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
});
afterAll(() => world.ctx.close());

const path = '/api/settings/referral';

const program = {
  enabled: true,
  name: 'Invite a friend',
  type: 'DISCOUNT',
  usageLimit: 3,
  discountPercent: 10,
  maxDiscountPaise: 10_000,
  minOrderValuePaise: 29_900,
  validForDays: 30,
  referralMessage: 'Get 10% off your first order!\nUse my code.',
};

async function footprint() {
  const result = await world.ctx.db.execute<{ settings: string; events: number }>(sql`
    SELECT (SELECT coalesce(json_agg(s ORDER BY s.business_id)::text, '[]') FROM referral_settings s) AS settings,
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

const read = async (session = world.owner) => (await call(session, 'GET', path)).json<ReferralSettings>();

describe('referral settings of a business that never saved them', () => {
  it('read as a disabled program with version 0', async () => {
    const res = await call(world.owner, 'GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultReferralSettings);
    expect(res.json()).toMatchObject({ enabled: false, version: 0, updatedAt: null });
  });

  it('refuse a save based on any version but 0, with the defaults as current', async () => {
    const error = await expectRefused(() => call(world.owner, 'PUT', path, { ...program, version: 4 }), 409);
    expect(error.current).toEqual(defaultReferralSettings);
  });

  it('are created by the first save, disabled with only some fields, keeping the defaults for the rest', async () => {
    const res = await call(world.rivalOwner, 'PUT', path, { enabled: false, name: 'Draft', version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...defaultReferralSettings,
      name: 'Draft',
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe('saving referral settings', () => {
  it('saves an enabled program (the first save, on version 0) and tells every console', async () => {
    const res = await call(world.owner, 'PUT', path, { ...program, version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...program, version: 1, updatedAt: expect.any(String) });
    expect(await read()).toEqual(res.json());
    const events = await world.ctx.db.execute(
      sql`SELECT topic, action, record_id, zone_id FROM events WHERE business_id = ${world.biz.id}`,
    );
    expect(events.rows).toEqual([
      { topic: 'settings', action: 'updated', record_id: 'referral', zone_id: null },
    ]);
  });

  it('requires every field while enabled, and refuses strings for numbers', async () => {
    const { version } = await read();
    await expectRefused(() => call(world.owner, 'PUT', path, { enabled: true, version }), 400, {
      name: 'is required',
      type: 'is required',
      usageLimit: 'is required',
      discountPercent: 'is required',
      maxDiscountPaise: 'is required',
      minOrderValuePaise: 'is required',
      validForDays: 'is required',
      referralMessage: 'is required',
    });
    await expectRefused(
      () =>
        call(world.owner, 'PUT', path, {
          ...program,
          usageLimit: '10',
          discountPercent: '10',
          maxDiscountPaise: '10000',
          minOrderValuePaise: '299',
          validForDays: '30',
          version,
        }),
      400,
      {
        usageLimit: referralMessages.notANumber,
        discountPercent: referralMessages.notANumber,
        maxDiscountPaise: amountMessages.notANumber,
        minOrderValuePaise: amountMessages.notANumber,
        validForDays: referralMessages.notANumber,
      },
    );
  });

  it('refuses bad input on every field with a reason each, and writes nothing', async () => {
    const { version } = await read();
    const cases: Array<[object, Record<string, string>]> = [
      [{ discountPercent: 101 }, { discountPercent: referralMessages.discountPercent }],
      [{ discountPercent: 0 }, { discountPercent: referralMessages.discountPercent }],
      [{ discountPercent: -5 }, { discountPercent: referralMessages.discountPercent }],
      [{ discountPercent: 12.5 }, { discountPercent: referralMessages.whole }],
      [{ maxDiscountPaise: -100 }, { maxDiscountPaise: amountMessages.negative }],
      [{ minOrderValuePaise: 29_900.5 }, { minOrderValuePaise: amountMessages.wholePaise }],
      [{ minOrderValuePaise: 5e12 }, { minOrderValuePaise: amountMessages.tooLarge }],
      [{ usageLimit: 0 }, { usageLimit: referralMessages.usageLimit }],
      [{ usageLimit: 1_000_001 }, { usageLimit: referralMessages.usageLimit }],
      [{ validForDays: 0 }, { validForDays: referralMessages.validForDays }],
      [{ validForDays: 3651 }, { validForDays: referralMessages.validForDays }],
      [{ type: 'CASHBACK' }, { type: referralMessages.type }],
      [{ name: '   ' }, { name: 'is required' }],
      [{ name: 'n'.repeat(101) }, { name: 'must be at most 100 characters' }],
      [{ referralMessage: 'm'.repeat(10_000) }, { referralMessage: 'must be at most 500 characters' }],
      [{ referralMessage: 'Hello\u0000' }, { referralMessage: 'must not contain control characters' }],
      [{ enabled: 'yes' }, { enabled: referralMessages.enabled }],
      [{ version: undefined }, { version: expect.any(String) as string }],
    ];
    for (const [change, fields] of cases) {
      const error = await expectRefused(
        () => call(world.owner, 'PUT', path, { ...program, version, ...change }),
        400,
        fields,
      );
      expect(error.code).toBe('invalid_input');
    }
  });

  it('gives free delivery with a 0 percent', async () => {
    const { version } = await read();
    const res = await call(world.owner, 'PUT', path, {
      ...program,
      type: 'FREE_DELIVERY',
      discountPercent: 0,
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'FREE_DELIVERY', discountPercent: 0, version: version + 1 });
  });

  it('switched off, keeps the fields left out and requires none; what is sent is still checked', async () => {
    const before = await read();
    let res = await call(world.owner, 'PUT', path, { enabled: false, version: before.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...before,
      enabled: false,
      version: before.version + 1,
      updatedAt: expect.any(String),
    });

    res = await call(world.owner, 'PUT', path, {
      enabled: false,
      name: '',
      usageLimit: 5,
      version: before.version + 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false, name: '', usageLimit: 5, type: 'FREE_DELIVERY' });

    await expectRefused(
      () =>
        call(world.owner, 'PUT', path, {
          enabled: false,
          discountPercent: 101,
          validForDays: '7',
          version: before.version + 2,
        }),
      400,
      { discountPercent: referralMessages.discountPercent, validForDays: referralMessages.notANumber },
    );
    // Switched on again, every field must be there.
    await expectRefused(
      () => call(world.owner, 'PUT', path, { ...program, name: undefined, version: before.version + 2 }),
      400,
      { name: 'is required' },
    );
    res = await call(world.owner, 'PUT', path, { ...program, version: before.version + 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...program, version: before.version + 3 });
  });

  it('refuses a save based on an old version with 409 and the current settings', async () => {
    const current = await read();
    const error = await expectRefused(
      () => call(world.owner, 'PUT', path, { ...program, version: current.version - 1 }),
      409,
    );
    expect(error.message).toBe(messages.staleRecord);
    expect(error.current).toEqual(current);
  });

  it('answers 403 to an admin, and keeps each business to its own program', async () => {
    const { version } = await read();
    for (const admin of [world.admin, world.southAdmin]) {
      for (const request of [
        () => call(admin, 'GET', path),
        () => call(admin, 'PUT', path, { ...program, version }),
      ]) {
        expect((await expectRefused(request, 403)).code).toBe('forbidden');
      }
    }
    expect((await read(world.rivalOwner)).name).toBe('Draft');
  });
});
