import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import { routinesSettingKey } from '#server/db/migrate.ts';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '#test/harness.ts';
import { loadVapidKeys, vapidSettingKey } from './vapid.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('the VAPID key pair', () => {
  it('is made once: servers starting at once all end up with the one pair kept in the database', async () => {
    const loaded = await Promise.all(Array.from({ length: 8 }, () => loadVapidKeys(database.db, undefined)));
    // Beside the digest of the database's routines the migrations applied (ADR 0062), one row.
    const rows = await database.db
      .select()
      .from(t.serverSettings)
      .where(eq(t.serverSettings.key, vapidSettingKey));
    expect(rows).toHaveLength(1);
    expect(await database.db.select({ key: t.serverSettings.key }).from(t.serverSettings)).toEqual(
      expect.arrayContaining([{ key: vapidSettingKey }, { key: routinesSettingKey }]),
    );
    expect(await database.db.select().from(t.serverSettings)).toHaveLength(2);
    expect(rows[0]!.key).toBe(vapidSettingKey);
    for (const keys of loaded) expect(keys).toEqual(rows[0]!.value);
    expect(Buffer.from(loaded[0]!.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(loaded[0]!.privateKey, 'base64url')).toHaveLength(32);
    // And later starts read it back rather than make another.
    expect(await loadVapidKeys(database.db, undefined)).toEqual(loaded[0]);
  });

  it('is the configured one when the environment gives it, leaving the database alone', async () => {
    const configured = webpush.generateVAPIDKeys();
    const before = await database.db.select().from(t.serverSettings);
    expect(await loadVapidKeys(database.db, configured)).toEqual(configured);
    expect(await database.db.select().from(t.serverSettings)).toEqual(before);
  });
});
