import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '#server/db/client.ts';
import * as t from '#server/db/schema.ts';
import { makePng } from '#server/storage/image-fixtures.ts';
import { imageKey } from '#server/storage/images.ts';
import { startTestS3Server, type TestS3Server } from '#server/storage/s3-test-server.ts';
import { createStorage, type Storage } from '#server/storage/storage.ts';
import {
  createBusiness,
  createTestDatabase,
  insertItems,
  type TestBusiness,
  type TestDatabase,
} from '#test/harness.ts';
import { purgeTrash } from './trash.service.ts';

const png = makePng(2, 2);

/** How long ago a record was deleted: past the 30 days of the trash, or still inside them. */
const EXPIRED = 31;
const RECENT = 29;

type Fixtures = ReturnType<typeof fixturesOn>;

/** Records written straight to the database, as the screens would leave them, with their image files. */
function fixturesOn(db: Database, storage: Storage, biz: TestBusiness) {
  const deletedAt = (daysAgo: number | null) =>
    daysAgo === null ? null : sql`now() - make_interval(days => ${daysAgo})`;

  async function image(...segments: string[]) {
    const key = imageKey(biz.id, ...segments, '.png');
    await storage.put(key, png, 'image/png');
    return key;
  }

  return {
    async zone(name: string, daysAgo: number | null) {
      const [row] = await db
        .insert(t.zones)
        .values({ businessId: biz.id, name, deletedAt: deletedAt(daysAgo) })
        .returning({ id: t.zones.id });
      return row!.id;
    },
    async store(name: string, daysAgo: number | null, zoneId: string = biz.zones[0]) {
      const [row] = await db
        .insert(t.stores)
        .values({
          businessId: biz.id,
          zoneId,
          name,
          description: 'Groceries',
          location: 'MG Road',
          phone: '9876543210',
          featured: 1,
          latitude: 12.97,
          longitude: 77.59,
          geohash: 'tdr1vzc6f',
          openTime: '07:00',
          closeTime: '22:00',
          deletedAt: deletedAt(daysAgo),
        })
        .returning({ id: t.stores.id });
      const id = row!.id;
      const key = await image('store', id);
      await db
        .update(t.stores)
        .set({ imageKey: key })
        .where(sql`id = ${id}`);
      return { id, zoneId, key };
    },
    async category(storeId: string, name: string, daysAgo: number | null) {
      const [row] = await db
        .insert(t.categories)
        .values({ businessId: biz.id, storeId, name, deletedAt: deletedAt(daysAgo) })
        .returning({ id: t.categories.id });
      return row!.id;
    },
    async item(storeId: string, name: string, daysAgo: number | null) {
      const key = await image('store', storeId, 'items');
      const [row] = await insertItems(db, [
        { businessId: biz.id, storeId, name, pricePaise: 1000, imageKey: key },
      ]);
      await db
        .update(t.items)
        .set({ deletedAt: deletedAt(daysAgo) })
        .where(sql`id = ${row!.id}`);
      return { id: row!.id, key };
    },
    async slide(title: string, daysAgo: number | null) {
      const key = await image('slides');
      const [row] = await db
        .insert(t.slides)
        .values({ businessId: biz.id, title, position: 1, imageKey: key, deletedAt: deletedAt(daysAgo) })
        .returning({ id: t.slides.id });
      return { id: row!.id, key };
    },
    /** A delivered order of the store: history that names the store and its zone. */
    async order(store: { id: string; zoneId: string }) {
      const [customer] = await db
        .insert(t.customers)
        .values({ businessId: biz.id, name: 'Asha Rao', phone: `9${Date.now() % 1_000_000_000}` })
        .returning({ id: t.customers.id });
      await db.insert(t.orders).values({
        businessId: biz.id,
        zoneId: store.zoneId,
        storeId: store.id,
        storeName: 'Then open',
        customerId: customer!.id,
        customerName: 'Asha Rao',
        customerPhone: '9000000001',
        status: -2,
        state: 0,
        items: [],
        charges: [],
        itemsTotalPaise: 5000,
        billAmountPaise: 5000,
      });
    },
  };
}

async function ids(db: Database, table: 'stores' | 'categories' | 'items' | 'slides' | 'zones') {
  const { rows } = await db.execute<{ id: string }>(sql`SELECT id FROM ${sql.identifier(table)} ORDER BY id`);
  return new Set(rows.map((row) => row.id));
}

async function fileExists(storage: Storage, key: string) {
  const file = await storage.get(key);
  file?.body.destroy();
  return file !== null;
}

const silentLog = () => ({ info: vi.fn(), warn: vi.fn() });

describe.each([
  [
    'local disk',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-purge-'));
      return {
        storage: createStorage({ driver: 'local', dir }),
        stop: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3',
    async () => {
      const s3: TestS3Server = await startTestS3Server();
      const storage = createStorage(s3.config);
      return {
        storage,
        stop: async () => {
          await storage.close();
          await s3.stop();
        },
      };
    },
  ],
] as const)('the purge, with files on %s', (_driver, openStorage) => {
  let database: TestDatabase;
  let db: Database;
  let storage: Storage;
  let stop: () => Promise<void>;
  let biz: TestBusiness;
  let make: Fixtures;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    ({ storage, stop } = await openStorage());
    biz = await createBusiness(db);
    make = fixturesOn(db, storage, biz);
  });
  afterAll(async () => {
    await stop();
    await database.drop();
  });

  it('removes what was deleted over 30 days ago with its files, keeps history, newer trash and live records', async () => {
    // An expired store goes with its whole catalogue, deleted or not.
    const goneStore = await make.store('Gone store', EXPIRED);
    const goneStoreCategory = await make.category(goneStore.id, 'Its category', null);
    const goneStoreItem = await make.item(goneStore.id, 'Its item', RECENT);
    // An expired store that orders name stays, without its image or catalogue; so does its zone.
    const historyZone = await make.zone('History zone', EXPIRED);
    const historyStore = await make.store('History store', EXPIRED, historyZone);
    await make.order(historyStore);
    const historyStoreItem = await make.item(historyStore.id, 'History item', null);
    // Newer trash stays whole.
    const recentStore = await make.store('Recent store', RECENT);
    const recentStoreItem = await make.item(recentStore.id, 'Recent store item', null);
    // A live store loses only its expired catalogue.
    const liveStore = await make.store('Live store', null);
    const expiredItem = await make.item(liveStore.id, 'Expired item', EXPIRED);
    const recentItem = await make.item(liveStore.id, 'Recent item', RECENT);
    const liveItem = await make.item(liveStore.id, 'Live item', null);
    const expiredCategory = await make.category(liveStore.id, 'Expired category', EXPIRED);
    const recentCategory = await make.category(liveStore.id, 'Recent category', RECENT);
    const expiredSlide = await make.slide('Expired slide', EXPIRED);
    const recentSlide = await make.slide('Recent slide', RECENT);
    const liveSlide = await make.slide('Live slide', null);
    // Zones: free and expired goes; one that daily statistics or a live staff member name stays.
    const freeZone = await make.zone('Free zone', EXPIRED);
    const statsZone = await make.zone('Stats zone', EXPIRED);
    await db
      .insert(t.dailyStats)
      .values({ businessId: biz.id, zoneId: statsZone, day: '2024-01-15', total: 3 });
    const staffZone = await make.zone('Staff zone', EXPIRED);
    await db
      .update(t.users)
      .set({ zoneId: staffZone })
      .where(sql`id = ${biz.dex.id}`);
    const formerStaffZone = await make.zone('Former staff zone', EXPIRED);
    await db
      .update(t.users)
      .set({ zoneId: formerStaffZone, deletedAt: sql`now() - interval '40 days'` })
      .where(sql`id = ${biz.otherAdmin.id}`);
    const recentZone = await make.zone('Recent zone', RECENT);

    const log = silentLog();
    const report = await purgeTrash(db, storage, log);

    expect(report).toEqual({
      ran: true,
      removed: { stores: 1, categories: 2, items: 3, slides: 1, zones: 2 },
      kept: { stores: 1, zones: 3 },
      files: { deleted: 6, failed: 0 },
    });
    expect(log.warn).not.toHaveBeenCalled();

    const stores = await ids(db, 'stores');
    expect([goneStore.id, historyStore.id, recentStore.id, liveStore.id].map((id) => stores.has(id))).toEqual(
      [false, true, true, true],
    );
    const categories = await ids(db, 'categories');
    expect([goneStoreCategory, expiredCategory, recentCategory].map((id) => categories.has(id))).toEqual([
      false,
      false,
      true,
    ]);
    const items = await ids(db, 'items');
    const everyItem = [goneStoreItem, historyStoreItem, expiredItem, recentStoreItem, recentItem, liveItem];
    expect(everyItem.map((item) => items.has(item.id))).toEqual([false, false, false, true, true, true]);
    const slides = await ids(db, 'slides');
    expect([expiredSlide, recentSlide, liveSlide].map((slide) => slides.has(slide.id))).toEqual([
      false,
      true,
      true,
    ]);
    const zones = await ids(db, 'zones');
    expect(
      [freeZone, formerStaffZone, historyZone, statsZone, staffZone, recentZone, ...biz.zones].map((id) =>
        zones.has(id),
      ),
    ).toEqual([false, false, true, true, true, true, true, true]);

    const kept = await db.execute<{ image_key: string | null; deleted: boolean }>(
      sql`SELECT image_key, deleted_at IS NOT NULL AS deleted FROM stores WHERE id = ${historyStore.id}`,
    );
    expect(kept.rows).toEqual([{ image_key: null, deleted: true }]);
    const formerAdmin = await db.execute<{ zone_id: string | null }>(
      sql`SELECT zone_id FROM users WHERE id = ${biz.otherAdmin.id}`,
    );
    expect(formerAdmin.rows).toEqual([{ zone_id: null }]);

    const removedFiles = [
      goneStore,
      goneStoreItem,
      historyStore,
      historyStoreItem,
      expiredItem,
      expiredSlide,
    ];
    const keptFiles = [recentStore, recentStoreItem, liveStore, recentItem, liveItem, recentSlide, liveSlide];
    expect(await Promise.all(removedFiles.map((r) => fileExists(storage, r.key)))).toEqual(
      removedFiles.map(() => false),
    );
    expect(await Promise.all(keptFiles.map((r) => fileExists(storage, r.key)))).toEqual(
      keptFiles.map(() => true),
    );

    // Again: nothing is left to remove, and what history keeps is left alone.
    expect(await purgeTrash(db, storage, silentLog())).toEqual({
      ran: true,
      removed: { stores: 0, categories: 0, items: 0, slides: 0, zones: 0 },
      kept: { stores: 1, zones: 3 },
      files: { deleted: 0, failed: 0 },
    });
  });

  it('logs a file it cannot delete and goes on with the rest', async () => {
    const first = await make.slide('Stuck file', EXPIRED);
    const second = await make.slide('Loose file', EXPIRED);
    const failing: Storage = {
      put: (key, body, type) => storage.put(key, body, type),
      get: (key) => storage.get(key),
      delete: async (key) => {
        if (key === first.key) throw new Error('storage is unreachable');
        await storage.delete(key);
      },
      close: async () => undefined,
    };
    const log = silentLog();
    const report = await purgeTrash(db, failing, log);
    expect(report).toMatchObject({ ran: true, removed: { slides: 2 }, files: { deleted: 1, failed: 1 } });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]).toEqual([
      { err: new Error('storage is unreachable'), key: first.key },
      'could not delete the image of a purged record',
    ]);
    const slides = await ids(db, 'slides');
    expect([slides.has(first.id), slides.has(second.id)]).toEqual([false, false]);
    expect([await fileExists(storage, first.key), await fileExists(storage, second.key)]).toEqual([
      true,
      false,
    ]);
  });
});

describe('two purges at once', () => {
  let database: TestDatabase;
  let other: ReturnType<typeof createDatabase>;
  let dir: string;
  let storage: Storage;
  let make: Fixtures;

  beforeAll(async () => {
    database = await createTestDatabase();
    // A second pool on the same database: another instance.
    other = createDatabase(database.url, 2);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-purge-'));
    storage = createStorage({ driver: 'local', dir });
    make = fixturesOn(database.db, storage, await createBusiness(database.db));
  });
  afterAll(async () => {
    await other.pool.end();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('do the work once: the second instance skips while the first purges, and nothing fails', async () => {
    const slide = await make.slide('Contested', EXPIRED);
    // Hold the slide's row so that the first purge, once it has its lock, waits inside its transaction.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM slides WHERE id = $1 FOR UPDATE', [slide.id]);

    const firstLog = silentLog();
    const first = purgeTrash(database.db, storage, firstLog);
    await vi.waitFor(
      async () => {
        const { rows } = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`,
        );
        expect(rows[0]!.n).toBe(1);
      },
      { timeout: 10_000, interval: 20 },
    );

    const secondLog = silentLog();
    expect(await purgeTrash(other.db, storage, secondLog)).toEqual({ ran: false });

    await holder.query('COMMIT');
    await holder.end();
    expect(await first).toMatchObject({
      ran: true,
      removed: { slides: 1 },
      files: { deleted: 1, failed: 0 },
    });
    expect(await fileExists(storage, slide.key)).toBe(false);
    expect([firstLog.warn, secondLog.warn].map((warn) => warn.mock.calls.length)).toEqual([0, 0]);
    // Once the first is done, the lock is free again for whichever instance comes next.
    expect(await purgeTrash(other.db, storage, silentLog())).toMatchObject({
      ran: true,
      removed: { slides: 0 },
    });
  });
});
