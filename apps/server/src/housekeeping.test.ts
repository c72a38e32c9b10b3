import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createBusiness, createTestApp, signIn, type TestApp, type TestBusiness } from '#test/harness.ts';
import { runHousekeeping, startHousekeeping } from './housekeeping.ts';
import { publishEvent } from './realtime/events.repository.ts';
import { imageKey } from './storage/images.ts';
import { createStorage, type Storage } from './storage/storage.ts';

let ctx: TestApp;
let biz: TestBusiness;
let dir: string;
let storage: Storage;
const log = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-housekeeping-'));
  storage = createStorage({ driver: 'local', dir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = async (query: ReturnType<typeof sql>) =>
  Number((await ctx.db.execute<{ n: number }>(query)).rows[0]!.n);

describe('runHousekeeping', () => {
  it('removes ended sessions, throttle counts whose window has passed and old events, and keeps what is still in use', async () => {
    const live = await signIn(ctx.app, biz.owner.email);
    const idle = await signIn(ctx.app, biz.owner.email);
    const expired = await signIn(ctx.app, biz.admin.email);
    await ctx.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '13 hours'
      WHERE token_hash = sha256(${idle.token}::bytea)`);
    await ctx.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 minute'
      WHERE token_hash = sha256(${expired.token}::bytea)`);
    await ctx.db.execute(sql`INSERT INTO sign_in_throttle (key, failures, window_started_at) VALUES
      ('account:old@example.test', 5, now() - interval '16 minutes'),
      ('address:192.0.2.1', 0, now() - interval '16 minutes'),
      ('account:recent@example.test', 3, now() - interval '1 minute')`);
    await publishEvent(ctx.db, {
      businessId: biz.id,
      zoneId: null,
      topic: 'stores',
      action: 'old',
      recordId: null,
    });
    await publishEvent(ctx.db, {
      businessId: biz.id,
      zoneId: null,
      topic: 'stores',
      action: 'new',
      recordId: null,
    });
    await ctx.db.execute(sql`UPDATE events SET created_at = now() - interval '8 days' WHERE action = 'old'`);

    await runHousekeeping(ctx.db, ctx.hub, storage, log);

    const sessionOf = (token: string) =>
      count(sql`SELECT count(*)::int AS n FROM sessions WHERE token_hash = sha256(${token}::bytea)`);
    expect([
      await sessionOf(live.token),
      await sessionOf(idle.token),
      await sessionOf(expired.token),
    ]).toEqual([1, 0, 0]);
    // A count is kept for its window, whatever it holds: the three sign-ins each counted an attempt
    // on their address and took it back (ADR 0054), and that window goes on from the first of them.
    const counts = await ctx.db.execute<{ key: string; failures: number }>(
      sql`SELECT key, failures FROM sign_in_throttle ORDER BY key`,
    );
    expect(counts.rows).toEqual([
      { key: 'account:recent@example.test', failures: 3 },
      { key: 'address:127.0.0.1', failures: 0 },
    ]);
    const actions = await ctx.db.execute<{ action: string }>(
      sql`SELECT action FROM events WHERE business_id = ${biz.id} AND topic = 'stores'`,
    );
    expect(actions.rows.map((r) => r.action)).toEqual(['new']);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: live.headers })).statusCode).toBe(200);
  });

  it("removes the counts of texts of days over 35 days ago, and keeps the month's", async () => {
    const other = await createBusiness(ctx.db);
    await ctx.db.execute(sql`INSERT INTO sms_usage (business_id, day, sent) VALUES
      (${biz.id}, current_date - 36, 7),
      (${biz.id}, current_date - 34, 8),
      (${biz.id}, current_date, 9),
      (${other.id}, current_date - 40, 10),
      (${other.id}, current_date - 1, 11)`);

    await runHousekeeping(ctx.db, ctx.hub, storage, log);

    const left = await ctx.db.execute<{ sent: number }>(
      sql`SELECT sent FROM sms_usage WHERE business_id IN (${biz.id}, ${other.id}) ORDER BY sent`,
    );
    expect(left.rows.map((r) => r.sent)).toEqual([8, 9, 11]);
  });

  it('removes sign-ups whose link expired unused, and keeps those still waiting and those verified', async () => {
    await ctx.db.execute(sql`INSERT INTO onboarding_accounts
      (email, password_hash, verification_token_hash, verification_expires_at, verified_at) VALUES
      ('expired@sign-up.test', 'hash', sha256('expired'::bytea), now() - interval '1 minute', NULL),
      ('waiting@sign-up.test', 'hash', sha256('waiting'::bytea), now() + interval '1 hour', NULL),
      ('verified@sign-up.test', 'hash', sha256('verified'::bytea), now() - interval '1 hour', now() - interval '2 hours')`);

    await runHousekeeping(ctx.db, ctx.hub, storage, log);

    const left = await ctx.db.execute<{ email: string }>(
      sql`SELECT email FROM onboarding_accounts WHERE email LIKE '%@sign-up.test' ORDER BY email`,
    );
    expect(left.rows.map((r) => r.email)).toEqual(['verified@sign-up.test', 'waiting@sign-up.test']);
  });

  it('empties the trash of what was deleted over 30 days ago, files and all', async () => {
    const keys = [imageKey(biz.id, 'slides', '.png'), imageKey(biz.id, 'slides', '.png')];
    for (const key of keys) await storage.put(key, Buffer.from('image'), 'image/png');
    await ctx.db.execute(sql`INSERT INTO slides (business_id, title, position, image_key, deleted_at) VALUES
      (${biz.id}, 'Expired', 1, ${keys[0]}, now() - interval '31 days'),
      (${biz.id}, 'Recent', 2, ${keys[1]}, now() - interval '29 days')`);

    await runHousekeeping(ctx.db, ctx.hub, storage, log);

    const titles = await ctx.db.execute<{ title: string }>(
      sql`SELECT title FROM slides WHERE business_id = ${biz.id} ORDER BY title`,
    );
    expect(titles.rows.map((r) => r.title)).toEqual(['Recent']);
    const files = await Promise.all(keys.map((key) => storage.get(key)));
    files.forEach((file) => file?.body.destroy());
    expect(files.map((file) => file !== null)).toEqual([false, true]);
  });

  it('purges audit log entries over a year old, and keeps the newer', async () => {
    await ctx.db
      .execute(sql`INSERT INTO audit_log (business_id, at, actor_name, action, kind, record_id) VALUES
      (${biz.id}, now() - interval '366 days', 'Owner', 'edit', 'store', 'old'),
      (${biz.id}, now() - interval '364 days', 'Owner', 'edit', 'store', 'kept')`);

    await runHousekeeping(ctx.db, ctx.hub, storage, log);

    const kept = await ctx.db.execute<{ record_id: string }>(
      sql`SELECT record_id FROM audit_log WHERE business_id = ${biz.id} AND record_id IN ('old', 'kept')`,
    );
    expect(kept.rows.map((r) => r.record_id)).toEqual(['kept']);
  });
});

describe('startHousekeeping', () => {
  it('runs a minute after start, then hourly, until stopped', async () => {
    const expire = () =>
      ctx.db.execute(sql`INSERT INTO slides (business_id, title, position, deleted_at)
        VALUES (${biz.id}, 'Timed', 1, now() - interval '40 days')`);
    const timed = async () =>
      Number(
        (
          await ctx.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM slides WHERE business_id = ${biz.id} AND title = 'Timed'`,
          )
        ).rows[0]!.n,
      );
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    try {
      await expire();
      const stop = startHousekeeping(ctx.db, ctx.hub, storage, log);
      vi.advanceTimersByTime(59_000);
      expect(await timed()).toBe(1);
      vi.advanceTimersByTime(1_000);
      await vi.waitUntil(async () => (await timed()) === 0, { timeout: 10_000 });

      await expire();
      vi.advanceTimersByTime(60 * 60 * 1000);
      await vi.waitUntil(async () => (await timed()) === 0, { timeout: 10_000 });

      stop();
      await expire();
      vi.advanceTimersByTime(2 * 60 * 60 * 1000);
      expect(vi.getTimerCount()).toBe(0);
      expect(await timed()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
