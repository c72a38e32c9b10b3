import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '@storedesk/shared/customers/schemas';
import { messages } from '@storedesk/shared/messages';
import * as t from '../../db/schema.ts';
import { caller, createStaffWorld, errorOf, type Call, type StaffWorld } from '../../../test/harness.ts';

let world: StaffWorld;
let call: Call;
type CustomerList = { items: Customer[]; total: number };

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  await world.ctx.db.insert(t.customers).values([
    ...Array.from({ length: 12 }, (_, i) => ({
      businessId: world.biz.id,
      name: `Customer ${String(i + 1).padStart(2, '0')}`,
      phone: `98000000${String(i + 1).padStart(2, '0')}`,
    })),
    { businessId: world.biz.id, name: 'Asha Rao', phone: '9876543210' },
    { businessId: world.biz.id, name: 'Ravi Kumar', phone: '9123456789' },
    { businessId: world.rival.id, name: 'Asha Rival', phone: '9876543211' },
    { businessId: world.rival.id, name: 'Customer 99', phone: '9800000099' },
  ]);
});
afterAll(() => world.ctx.close());

const list = (query = '', session = world.owner) => call(session, 'GET', `/api/customers${query}`);

describe('GET /api/customers', () => {
  it('lists the business customers by name, 10 a page, with the total', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json<CustomerList>();
    expect(body.total).toBe(14);
    expect(body.items.map((c) => c.name)).toEqual([
      'Asha Rao',
      ...Array.from({ length: 9 }, (_, i) => `Customer 0${i + 1}`),
    ]);
    expect(body.items[0]).toEqual({ id: expect.any(String), name: 'Asha Rao', phone: '9876543210' });
    const last = (await list('?page=1')).json<CustomerList>();
    expect(last.items.map((c) => c.name)).toEqual([
      'Customer 10',
      'Customer 11',
      'Customer 12',
      'Ravi Kumar',
    ]);
  });

  it('finds a name ignoring case, or a phone by a run of its digits', async () => {
    expect((await list('?q=asha')).json<CustomerList>().items.map((c) => c.name)).toEqual(['Asha Rao']);
    expect((await list('?q=KUMAR')).json<CustomerList>().items.map((c) => c.name)).toEqual(['Ravi Kumar']);
    expect((await list('?q=54321')).json<CustomerList>().items.map((c) => c.name)).toEqual(['Asha Rao']);
    expect((await list('?q=%2B91%2091234')).json<CustomerList>().items.map((c) => c.name)).toEqual([
      'Ravi Kumar',
    ]);
    expect((await list('?q=Customer%201')).json<CustomerList>().total).toBe(3);
    expect((await list('?q=%25')).json<CustomerList>()).toEqual({ items: [], total: 0 });
  });

  it("never shows another business's customers", async () => {
    expect((await list('?q=Rival')).json<CustomerList>().total).toBe(0);
    expect((await list('?q=9800000099')).json<CustomerList>().total).toBe(0);
    const theirs = (await list('?pageSize=25', world.rivalOwner)).json<CustomerList>();
    expect(theirs.items.map((c) => c.name)).toEqual(['Asha Rival', 'Customer 99']);
  });

  it('refuses a page size other than 5, 10 or 25', async () => {
    const res = await list('?pageSize=100');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ pageSize: 'must be 5, 10 or 25' });
  });

  it('is the owner’s only: an admin of either zone gets 403', async () => {
    for (const admin of [world.admin, world.southAdmin]) {
      const res = await list('', admin);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'forbidden', message: messages.forbidden });
    }
  });
});
