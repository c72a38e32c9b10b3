/**
 * A store or staff member added to a zone while that zone is being deleted:
 * either the delete sees them and is refused, or they are refused; never a
 * record left in a deleted zone.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@storedesk/shared/messages';
import { zoneInUseMessage, type Zone } from '@storedesk/shared/zones/schemas';
import {
  caller,
  createStaffWorld,
  errorOf,
  type Call,
  type Session,
  type TestApp,
  waitUntilBlockedBy,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let owner: Session;

beforeAll(async () => {
  ({ ctx, owner } = await createStaffWorld());
  call = caller(ctx.app);
});
afterAll(() => ctx.close());

const store = (zoneId: string) => ({
  name: 'Late Store',
  featured: 1,
  location: 'Ring Road',
  description: 'Groceries',
  phone: '9876543210',
  openTime: '08:00',
  closeTime: '21:00',
  latitude: 12.9,
  longitude: 77.6,
  zoneId,
});

async function newZone(name: string): Promise<Zone> {
  const res = await call(owner, 'POST', '/api/zones', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Zone>();
}

/** Runs `add` while another connection has deleted the zone but not yet committed. */
async function addDuringDelete(zoneId: string, add: () => Promise<LightMyRequestResponse>) {
  const deleting = await ctx.database.pool.connect();
  try {
    await deleting.query('BEGIN');
    await deleting.query('SELECT id FROM zones WHERE id = $1 FOR UPDATE', [zoneId]);
    await deleting.query('UPDATE zones SET deleted_at = now(), version = version + 1 WHERE id = $1', [
      zoneId,
    ]);
    const adding = add();
    // The add waits on the zone's row; once the delete commits, it finds the zone gone.
    await waitUntilBlockedBy(ctx.db, deleting);
    await deleting.query('COMMIT');
    return await adding;
  } finally {
    deleting.release();
  }
}

describe('adding to a zone that is being deleted', () => {
  it('refuses the store with 400 on zoneId, and no store is left in the deleted zone', async () => {
    const zone = await newZone('Vanishing Store Zone');
    const res = await addDuringDelete(zone.id, () => call(owner, 'POST', '/api/stores', store(zone.id)));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields).toEqual({ zoneId: messages.unknownZone });
    const { rows } = await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM stores WHERE zone_id = ${zone.id}`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('refuses the staff member with 400 on zoneId', async () => {
    const zone = await newZone('Vanishing Staff Zone');
    const res = await addDuringDelete(zone.id, () =>
      call(owner, 'POST', '/api/admins', {
        name: 'Late Admin',
        email: 'late.admin@example.test',
        phone: '+91-9000000001',
        password: 'late-admin-1',
        zoneId: zone.id,
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields).toEqual({ zoneId: messages.unknownZone });
    const { rows } = await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM users WHERE zone_id = ${zone.id}`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('makes a delete that comes second see the new store and refuse', async () => {
    const zone = await newZone('Busy Zone');
    const adding = await ctx.database.pool.connect();
    try {
      await adding.query('BEGIN');
      await adding.query('SELECT id FROM zones WHERE id = $1 FOR SHARE', [zone.id]);
      await adding.query(
        `INSERT INTO stores (business_id, zone_id, name, description, location, phone, featured, latitude, longitude, geohash, open_time, close_time)
         SELECT business_id, id, 'Early Store', 'x', 'y', '9876543210', 1, 12.9, 77.6, 'tdr1', '08:00', '21:00' FROM zones WHERE id = $1`,
        [zone.id],
      );
      const deleting = call(owner, 'DELETE', `/api/zones/${zone.id}?version=${zone.version}`);
      await waitUntilBlockedBy(ctx.db, adding);
      await adding.query('COMMIT');
      const res = await deleting;
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res).message).toBe(zoneInUseMessage({ stores: 1, staff: 0, openOrders: 0 }));
    } finally {
      adding.release();
    }
  });
});
