/**
 * Sets the stage before each operation's batch, so that earlier batches
 * (which may close every store, take the business off line or close every
 * order) never leave later ones with nothing real to work on. It acts
 * through the API where the API can, and only before a batch, never during.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { PASSWORD } from '../harness.ts';
import type { Operation } from './requests.ts';
import type { World } from './world.ts';

const OPEN_ORDERS = 12;

export async function prepareWorld(world: World, op: Operation): Promise<void> {
  const { db } = world.ctx;
  const businessId = world.biz.id;
  const owner = await world.sessionFor('owner');
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await world.ctx.app.inject({
      method,
      url,
      headers: owner!.headers,
      ...(payload === undefined ? {} : { payload }),
    });
    if (res.statusCode >= 300)
      throw new Error(`staging: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json<Record<string, unknown>>();
  };

  // The customer app only orders from a live business.
  await db.execute(sql`UPDATE businesses SET live = true WHERE id = ${businessId} AND NOT live`);

  // A generic account update that succeeded may have changed the admin's password; the account's
  // exemplars name PASSWORD as the current one. (The owner's is left as the reset batch left it:
  // the owner's updates that succeed would mail links that the verification batches then count.)
  if (op.path === '/api/account') {
    const hash = await hashPassword(PASSWORD);
    await db.execute(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${world.biz.admin.id}`);
  }

  // The links earlier batches mailed (an account update's new address) count against the resend
  // limit of one a minute; dated an hour back, they leave each actor's first resend within it.
  if (op.path === '/api/account/verification-email') {
    await db.execute(sql`
      UPDATE account_tokens SET created_at = created_at - interval '1 hour'
      WHERE kind = 'verify-email' AND user_id IN (${world.biz.owner.id}, ${world.biz.admin.id})`);
  }

  const needsTrade = op.path.startsWith('/api/orders') || op.path.startsWith('/api/storefront/orders');
  if (!needsTrade) return;

  const settings = await call('GET', '/api/settings/order');
  if (Number(settings.minimumOrderPaise) > 0) {
    await call('PUT', '/api/settings/order', { ...settings, minimumOrderPaise: 0 });
  }

  // An open store of the North zone with items in stock, made afresh when none is left.
  const [north] = world.biz.zones;
  const { rows: sellable } = await db.execute<{ id: string }>(sql`
    SELECT s.id FROM stores s
    WHERE s.business_id = ${businessId} AND s.zone_id = ${north} AND s.deleted_at IS NULL AND s.status = 1
      AND EXISTS (SELECT 1 FROM items i WHERE i.store_id = s.id AND i.deleted_at IS NULL AND i.in_stock)
    ORDER BY s.id LIMIT 1`);
  let storeId = sellable[0]?.id;
  if (!storeId) {
    const store = await call('POST', '/api/stores', {
      name: `Restocked ${randomBytes(2).toString('hex')}`,
      featured: 1,
      location: 'Market',
      description: 'Open again',
      phone: '9876543210',
      openTime: '00:00',
      closeTime: '23:59',
      latitude: 12.9,
      longitude: 77.6,
      zoneId: north,
    });
    storeId = store.id as string;
    const category = await call('POST', `/api/stores/${storeId}/categories`, { name: 'Staples' });
    for (const price of [4_500, 12_000]) {
      await call('POST', `/api/stores/${storeId}/items`, {
        name: `Staple ${price}`,
        categoryId: category.id,
        featured: 0,
        pricePaise: price,
      });
    }
    await call('POST', '/api/stores/status', { storeIds: [storeId], status: 1 });
  }

  const { rows: open } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM orders WHERE business_id = ${businessId} AND state = 1 AND zone_id = ${north}`,
  );
  const { rows: items } = await db.execute<{ id: string }>(
    sql`SELECT id FROM items WHERE store_id = ${storeId} AND deleted_at IS NULL AND in_stock ORDER BY id LIMIT 3`,
  );
  for (let n = open[0]!.n; n < OPEN_ORDERS; n++) {
    const res = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/orders',
      headers: { 'x-storefront-key': await keyOf(world) },
      remoteAddress: '198.51.100.7',
      payload: {
        customer: { name: `Walk-in ${n}`, phone: `90000${String(n).padStart(5, '0')}` },
        storeId,
        items: items.map((item, i) => ({ itemId: item.id, quantity: 1 + i })),
      },
    });
    if (res.statusCode !== 201) throw new Error(`staging: an order answered ${res.statusCode}: ${res.body}`);
  }
}

async function keyOf(world: World): Promise<string> {
  const { rows } = await world.ctx.db.execute<{ key: string }>(
    sql`SELECT storefront_key AS key FROM businesses WHERE id = ${world.biz.id}`,
  );
  return rows[0]!.key;
}
