/**
 * Deleting a staff member, moving them to another zone or changing their
 * password signs them out everywhere at once: every session ends, and every
 * open live stream of theirs closes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@storedesk/shared/messages';
import type { StaffMember } from '@storedesk/shared/staff/schemas';
import {
  caller,
  createStaffWorld,
  errorOf,
  signIn,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { closeOpenStreams, openStream } from '#test/sse.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let owner: Session;
let admin: Session;

beforeAll(async () => {
  ({ ctx, biz, owner, admin } = await createStaffWorld());
  call = caller(ctx.app);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeOpenStreams());
afterAll(async () => {
  for (let waited = 0; ctx.hub.size > 0 && waited < 2000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  ctx.app.server.closeAllConnections();
  await ctx.close();
});

type Member = { member: StaffMember; password: string; sessions: Session[] };

/** An admin added by the owner, signed in twice (a browser and an API client, say). */
async function signedInAdmin(zoneId: string = biz.zones[0]): Promise<Member> {
  const password = 'admin-secret-42';
  const email = `admin.${randomUUID()}@example.test`;
  const res = await call(owner, 'POST', '/api/admins', {
    name: 'Asha Admin',
    email,
    phone: '+91-9876543210',
    password,
    zoneId,
  });
  expect(res.statusCode, res.body).toBe(201);
  const sessions = [await signIn(ctx.app, email, password), await signIn(ctx.app, email, password)];
  return { member: res.json<StaffMember>(), password, sessions };
}

const me = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/auth/me', headers });

async function expectSignedOut(session: Session) {
  for (const headers of [session.headers, { cookie: session.cookie }]) {
    const res = await me(headers);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({ code: 'unauthenticated', message: messages.sessionExpired });
  }
}

async function expectSignedIn(session: Session) {
  expect((await me(session.headers)).statusCode).toBe(200);
}

async function sessionRows(userId: string) {
  const { rows } = await ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM sessions WHERE user_id = ${userId} ORDER BY id`,
  );
  return rows.map((row) => row.id);
}

async function endedAnnouncements(userId: string) {
  const { rows } = await ctx.db.execute<{ session_id: string }>(sql`
    SELECT session_id FROM events
    WHERE topic = 'session' AND action = 'ended' AND record_id = ${userId} ORDER BY session_id`);
  return rows.map((row) => row.session_id);
}

/** Each way of ending a member's sessions, done by the owner, and the status it answers. */
const endings: Array<[string, number, (m: StaffMember) => Promise<number>]> = [
  [
    'deleting them',
    204,
    async (m) => (await call(owner, 'DELETE', `/api/admins/${m.id}?version=${m.version}`)).statusCode,
  ],
  [
    'moving them to another zone',
    200,
    async (m) =>
      (await call(owner, 'PATCH', `/api/admins/${m.id}`, { zoneId: biz.zones[1], version: m.version }))
        .statusCode,
  ],
  [
    'changing their password',
    200,
    async (m) =>
      (await call(owner, 'PATCH', `/api/admins/${m.id}`, { password: 'fresh-secret-77', version: m.version }))
        .statusCode,
  ],
];

describe('a staff member’s sessions end', () => {
  it.each(endings)(
    'on %s: every token and cookie of theirs gets 401, no one else’s',
    async (_, status, act) => {
      const { member, sessions } = await signedInAdmin();
      const ids = await sessionRows(member.id);
      expect(ids).toHaveLength(2);
      for (const session of sessions) await expectSignedIn(session);

      expect(await act(member)).toBe(status);

      for (const session of sessions) await expectSignedOut(session);
      expect(await sessionRows(member.id)).toEqual([]);
      expect(await endedAnnouncements(member.id)).toEqual(ids);
      await expectSignedIn(owner);
      await expectSignedIn(admin);
    },
  );

  it('on each, their open live stream closes and the owner’s stays open', async () => {
    for (const [how, status, act] of endings) {
      const { member, sessions } = await signedInAdmin();
      const theirs = await openStream(ctx.app, sessions[0]!.headers);
      const mine = await openStream(ctx.app, owner.headers);
      expect(theirs.status, how).toBe(200);
      expect(await act(member), how).toBe(status);
      await theirs.waitForEnd();
      await mine.waitForRecord(member.id);
      expect(mine.ended, how).toBe(false);
    }
  });

  it('after a password change, the new password signs in and the old one does not', async () => {
    const { member, password } = await signedInAdmin();
    const res = await call(owner, 'PATCH', `/api/admins/${member.id}`, {
      password: 'fresh-secret-77',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    const attempt = (pw: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: member.email, password: pw },
      });
    expect((await attempt(password)).statusCode).toBe(401);
    expect((await attempt('fresh-secret-77')).statusCode).toBe(200);
  });
});

describe('a staff member’s sessions go on', () => {
  it('after a blank password, a new name, e-mail or phone, or their own zone named again', async () => {
    const { member, sessions } = await signedInAdmin();
    const before = await sessionRows(member.id);
    let version = member.version;
    for (const change of [
      { password: '' },
      { password: '    ' },
      { name: 'Asha A.', phone: '9000000001' },
      { email: `renamed.${randomUUID()}@example.test` },
      { zoneId: biz.zones[0] },
    ]) {
      const res = await call(owner, 'PATCH', `/api/admins/${member.id}`, { ...change, version });
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
      version = res.json<StaffMember>().version;
    }
    expect(version).toBe(member.version + 5);
    for (const session of sessions) await expectSignedIn(session);
    expect(await sessionRows(member.id)).toEqual(before);
    expect(await endedAnnouncements(member.id)).toEqual([]);
  });

  it('after a refused change: a stale version ends nothing', async () => {
    const { member, sessions } = await signedInAdmin();
    const res = await call(owner, 'PATCH', `/api/admins/${member.id}`, {
      password: 'fresh-secret-77',
      zoneId: biz.zones[1],
      version: member.version + 1,
    });
    expect(res.statusCode).toBe(409);
    const stale = await call(owner, 'DELETE', `/api/admins/${member.id}?version=${member.version + 1}`);
    expect(stale.statusCode).toBe(409);
    for (const session of sessions) await expectSignedIn(session);
  });
});
