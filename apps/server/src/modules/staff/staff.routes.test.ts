import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Level } from '@storedesk/shared/levels';
import type { DeliveryExecutive } from '@storedesk/shared/staff/schemas';
import * as t from '../../db/schema.ts';
import {
  caller,
  createStaffWorld,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '../../../test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let admin: Session;
let southAdmin: Session;

beforeAll(async () => {
  ({ ctx, biz, rival, owner, admin, southAdmin } = await createStaffWorld());
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
  await ctx.db
    .insert(t.users)
    .values([
      dex(biz.id, biz.zones[1], 'Suresh South'),
      dex(biz.id, biz.zones[0], 'Gone Away', true),
      dex(rival.id, rival.zones[0], 'Rival Rider'),
    ]);
});
afterAll(() => ctx.close());

async function names(session: Session, query = ''): Promise<{ names: string[]; total: number }> {
  const res = await call(session, 'GET', `/api/delivery-executives${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ items: DeliveryExecutive[]; total: number }>();
  return { names: body.items.map((dex) => dex.name), total: body.total };
}

describe('GET /api/delivery-executives', () => {
  it('gives an admin the live delivery executives of their own zone only, with their zone', async () => {
    expect(await names(admin)).toEqual({ names: [biz.dex.name], total: 1 });
    const res = await call(admin, 'GET', '/api/delivery-executives');
    expect(res.json<{ items: DeliveryExecutive[] }>().items[0]).toMatchObject({
      id: biz.dex.id,
      zoneId: biz.zones[0],
      zoneName: 'North',
    });
    expect(await names(southAdmin)).toEqual({ names: ['Suresh South'], total: 1 });
  });

  it('gives the owner every zone, or the zone named, searchable by name', async () => {
    expect(await names(owner)).toEqual({ names: [biz.dex.name, 'Suresh South'].sort(), total: 2 });
    expect(await names(owner, `?zoneId=${biz.zones[1]}`)).toEqual({ names: ['Suresh South'], total: 1 });
    expect(await names(owner, '?q=SURESH')).toEqual({ names: ['Suresh South'], total: 1 });
  });

  it("refuses an admin another zone (403) and never shows another business's people", async () => {
    expect((await call(admin, 'GET', `/api/delivery-executives?zoneId=${biz.zones[1]}`)).statusCode).toBe(
      403,
    );
    expect((await names(owner, `?zoneId=${rival.zones[0]}`)).names).toEqual([]);
  });

  it('answers 400 for a bad page size or zone id', async () => {
    for (const query of ['?pageSize=7', '?zoneId=nope', '?page=-1']) {
      expect((await call(owner, 'GET', `/api/delivery-executives${query}`)).statusCode, query).toBe(400);
    }
  });
});
