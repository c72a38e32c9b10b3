/**
 * Fuzzes every operation that /api/openapi.json documents with requests drawn
 * from its own schemas: valid-ish bodies, path parameters and queries built
 * from the real records of the business (and of a rival business), mixed with
 * garbage (wrong types, huge and odd strings, edge numbers, missing and extra
 * fields, malformed ids, broken JSON, other media types), as the owner and as
 * an admin, the customer app's routes as a signed-in customer (a bearer
 * token of the customer app), as the business's own system (one of its secret
 * API keys, ADR 0056) or nobody, and the delivery app's routes as a
 * signed-in delivery executive (ADR 0042), whose token opens nothing else.
 * An executive is answered only their own orders. Every answer must be below 500 and,
 * when it is an error, the API's envelope; a signed-in customer is answered
 * only their own records, and an order of the business's own system joins no
 * customer's account; refusals and reads must write nothing; after each operation's
 * batch the database must still hold together (see fuzz/invariants.ts).
 *
 * Rate limits: every request comes from a client address of its own (inject's
 * remoteAddress) and the customer API's limit is raised, so the limits per
 * address never answer for a request the fuzzer wants the service to judge; a
 * 429 from a route limited per address fails the run. The one limit per
 * account (resending the verification of one's own e-mail) may answer 429.
 * The customer app's sign-in codes are limited per phone as well: every phone
 * the fuzz asks a code for or guesses at is new (fuzz/requests.ts), and the
 * codes staged for the sign-in batch each go to a phone of their own, so a
 * 429 from those routes fails the run too, and those batches start under the
 * highest ceiling of texts a day. A person's tries at their current password
 * are forgotten before each request that checks it, and a 429 there fails the
 * run as well.
 *
 * Reproduce a failure with the run's seed it prints: FUZZ_SEED=<seed> (and
 * FUZZ_RUNS=<n> for more or fewer requests per operation). The batches run in
 * a fixed order on one database, each on what the ones before it left, so a
 * run is reproduced whole. FUZZ_REPORT=1 prints each batch's statuses, and
 * FUZZ_DEBUG=<part of an operation's name> every answer of its batch.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorStatus } from '@storedesk/shared/errors';
import {
  businessDigest,
  changedTables,
  consistencyProblems,
  versions,
  versionsWentBack,
  writesSoFar,
  writtenSince,
} from './fuzz/invariants.ts';
import { exemplarFor, spoiled } from './fuzz/exemplars.ts';
import {
  encode,
  label,
  planArbitrary,
  sender,
  StorefrontKey,
  type Operation,
  type Parameter,
  type Plan,
} from './fuzz/requests.ts';
import { prepareWorld } from './fuzz/stage.ts';
import type { Schema } from './fuzz/values.ts';
import { createWorld } from './fuzz/world.ts';

const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

/**
 * The live event streams never end: they are streams, covered by the events module's own tests
 * (events.routes.test.ts, customer-events.test.ts, which also send them bad input), and, for the
 * delivery app's and Dispatch's, by the route and tenant walks (route-walk.test.ts, tenant-walk.test.ts).
 */
const SKIPPED = new Set([
  'GET /api/events',
  'GET /api/storefront/events',
  'GET /api/delivery/events',
  'GET /api/dispatch/positions',
]);

/**
 * Routes whose success needs what a batch cannot stage (ADR 0044): a live sign-in challenge with a code of
 * the current 30-second step, each usable once, or two-step sign-in already on. They are fuzzed all the same
 * (no 5xx, the envelope, nothing half-written); two-factor.routes.test.ts proves their successes.
 */
const SUCCESS_NEEDS_STATE = new Set([
  'POST /api/auth/two-factor',
  'POST /api/auth/two-factor/enrolment',
  'POST /api/auth/two-factor/enrolment/confirm',
  'POST /api/account/two-factor/totp/confirm',
  'POST /api/account/two-factor/recovery-codes',
  'DELETE /api/account/two-factor',
  // A passkey's answer is a signature over a challenge the server made: garbage never has one
  // (passkeys.routes.test.ts signs with a software authenticator), and no fuzzed account has a passkey
  // to remove or to use after its password.
  'POST /api/account/passkeys',
  'DELETE /api/account/passkeys/{passkeyId}',
  'POST /api/auth/passkey',
  'POST /api/auth/two-factor/passkey/options',
  'POST /api/auth/two-factor/passkey',
]);

/** Routes whose limit counts requests per client address: here each request has an address of its own. */
const LIMITED_PER_ADDRESS = new Set([
  'POST /api/auth/sign-in',
  'POST /api/auth/passkey',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/delivery/sign-in',
  'POST /api/delivery/forgot-password',
  'POST /api/delivery/reset-password',
  'POST /api/storefront/orders',
  'POST /api/storefront/auth/code',
  'POST /api/storefront/auth/verify',
  'POST /api/storefront/push-subscriptions',
  'DELETE /api/storefront/push-subscriptions',
  'POST /api/onboarding/account',
  'POST /api/onboarding/verification-email',
  'POST /api/onboarding',
]);

/** Routes of the customer app's that need a caller: a signed-in customer or a secret API key (ADR 0056). */
const NEEDS_A_CALLER = new Set(['POST /api/storefront/orders']);

/**
 * Changes to one's own account that check the current password, whose tries are limited per person
 * (ADR 0054, 5 in 15 minutes): the fuzz sends many wrong ones. As each request has a client address
 * of its own, each is judged as the person's first try: their count is forgotten before it, so a
 * 429 from these routes fails the run; bursts.test.ts proves the limit itself.
 */
const CHECKS_CURRENT_PASSWORD = new Set([
  'PATCH /api/account',
  'POST /api/account/two-factor/totp',
  'POST /api/account/two-factor/recovery-codes',
  'DELETE /api/account/two-factor',
  'POST /api/account/passkeys/options',
  'DELETE /api/account/passkeys/{passkeyId}',
]);

/** Links a person follows from an e-mail: a GET that writes when it succeeds. */
const LINKS = new Set(['GET /api/account/verify-email', 'GET /api/onboarding/verify']);

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const world = await createWorld();
afterAll(() => world.close());

const document = (await world.ctx.app.inject({ url: '/api/openapi.json' })).json<{
  paths: Record<string, Record<string, Record<string, unknown>>>;
}>();
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete', 'options'].includes(method))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      access: op['x-access'] as Operation['access'],
      parameters: (op.parameters ?? []) as Parameter[],
      body: (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema,
      responses: Object.keys((op.responses ?? {}) as object),
    })),
);

/** A stable seed per operation, from the run's seed and the operation's name. */
function seedOf(op: Operation): number {
  let hash = BASE_SEED | 0;
  for (const char of label(op)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash | 0;
}

const clip = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

function describeRequest(op: Operation, plan: Plan, url: string, payload: string | Buffer | undefined) {
  const body =
    payload === undefined ? '' : typeof payload === 'string' ? clip(payload) : `<${payload.length} bytes>`;
  return `${plan.actor} ${op.method} ${clip(url, 300)} ${body}`;
}

const crossSite = (plan: Plan) =>
  plan.headers['sec-fetch-site'] === 'cross-site' || typeof plan.headers.origin === 'string';

/** What every answer must be, whatever was asked. */
function checkAnswer(op: Operation, plan: Plan, res: LightMyRequestResponse): string | null {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}: ${clip(res.body)}`;
  if (status >= 400) {
    if (!String(res.headers['content-type']).startsWith('application/json')) {
      return `error ${status} is not JSON but ${res.headers['content-type']}: ${clip(res.body)}`;
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `error ${status} does not parse: ${clip(res.body)}`;
    }
    const error = (body as { error?: Record<string, unknown> }).error;
    if (!error || Object.keys(body as object).length !== 1)
      return `error ${status} is not an envelope: ${clip(res.body)}`;
    const extra = Object.keys(error).filter((k) => !['code', 'message', 'fields', 'current'].includes(k));
    if (
      typeof error.code !== 'string' ||
      typeof error.message !== 'string' ||
      error.message === '' ||
      extra.length
    ) {
      return `error ${status} envelope is malformed: ${clip(res.body)}`;
    }
    if (errorStatus[error.code as keyof typeof errorStatus] !== status) {
      return `error code ${error.code} does not go with status ${status}`;
    }
    if (
      error.fields !== undefined &&
      (typeof error.fields !== 'object' ||
        error.fields === null ||
        Object.values(error.fields).some((v) => typeof v !== 'string'))
    ) {
      return `error fields are not a record of messages: ${clip(res.body)}`;
    }
  }
  if (status === 429 && CHECKS_CURRENT_PASSWORD.has(label(op))) {
    return `answered 429 though the person's tries at their current password were forgotten: ${clip(res.body)}`;
  }
  if (status === 429 && (!op.responses.includes('429') || LIMITED_PER_ADDRESS.has(label(op)))) {
    return `answered 429 though each request has a client address of its own: ${clip(res.body)}`;
  }
  // A raw path segment (such as "..") may lead to no route, or another one, and one longer than any id to
  // none (the router refuses it before any hook): what follows is about this route.
  if (Object.values(plan.params).some((p) => p.raw || encode(p.value).length > 200)) return null;
  if (UNSAFE.has(op.method) && crossSite(plan) && !op.path.startsWith('/api/storefront')) {
    return status === 403 && res.json().error.code === 'forbidden'
      ? null
      : `a cross-site write answered ${status}`;
  }
  // What the key and a bearer token decide, on the customer app's routes (ADR 0034, 0038, 0056): the
  // ended business's key is 402 before anything else; no key or an unknown one 401; a bearer token
  // that is neither a live customer's of the key's business nor one of its secret API keys (a staff
  // session's, or the business's customer's or secret key with the rival's key) 401 wherever it
  // comes; a route of the signed-in customer's without a customer's token 401; an order with
  // neither 401; the customer's live token, or the secret key, with the business's own key never
  // 401 or 402 where they open the route.
  if (op.access === 'storefront' || op.access === 'customer') {
    const key = plan.headers['x-storefront-key'];
    const keyOf = key instanceof StorefrontKey ? key.of : null;
    const bearer = plan.actor !== 'anonymous';
    const liveCustomer = plan.actor === 'customer' && keyOf === 'business';
    const liveSystem = plan.actor === 'system' && keyOf === 'business';
    const expected =
      keyOf === 'ended'
        ? 402
        : keyOf === null ||
            (bearer && !liveCustomer && !liveSystem) ||
            (op.access === 'customer' && !liveCustomer) ||
            (NEEDS_A_CALLER.has(label(op)) && !bearer)
          ? 401
          : null;
    if (expected !== null && status !== expected) {
      return `${keyOf ?? 'no or an unknown'} key, ${plan.actor}, yet ${status} (not ${expected}): ${clip(res.body)}`;
    }
    if (expected === null && (status === 401 || status === 402)) {
      const with_ = liveCustomer ? " and its customer's live token" : liveSystem ? ' and its secret key' : '';
      return `the business's key${with_} got ${status}: ${clip(res.body)}`;
    }
    return null;
  }
  // The delivery app's routes open to a delivery executive's session only (ADR 0042): nobody, staff's
  // sessions and customers' tokens are 401 there; the executive's live session is never 401 or 402.
  if (op.access === 'executive') {
    if (plan.actor !== 'executive') {
      return status === 401 ? null : `${plan.actor} on a route of the delivery app, yet ${status}`;
    }
    return status === 401 || status === 402
      ? `the executive's live session of a live business got ${status}: ${clip(res.body)}`
      : null;
  }
  // What a session decides, on the routes a session opens; an executive's is no staff session, nor
  // is a secret API key.
  const bySession = op.access === 'staff' || op.access === 'owner';
  const noStaff = plan.actor === 'anonymous' || plan.actor === 'executive' || plan.actor === 'system';
  if (bySession && noStaff && status !== 401) {
    const who = { anonymous: 'no session', executive: "an executive's session", system: 'a secret API key' };
    return `${who[plan.actor as keyof typeof who]}, yet ${status}`;
  }
  if (bySession && noStaff) return null;
  if (bySession && plan.actor !== 'anonymous' && (status === 401 || status === 402)) {
    return `a live session of a live business got ${status}: ${clip(res.body)}`;
  }
  if (op.access === 'owner' && plan.actor === 'admin') {
    return status === 403 && res.json().error.code === 'forbidden'
      ? null
      : `an admin got ${status} from an owner's route`;
  }
  return null;
}

/**
 * What a signed-in customer is answered is their own (ADR 0038): their account, their orders, their
 * saved addresses, and only those; an address they deleted was theirs.
 */
async function customerProblem(
  op: Operation,
  plan: Plan,
  res: LightMyRequestResponse,
): Promise<string | null> {
  if (plan.actor !== 'customer' || res.statusCode >= 300) return null;
  const mine = world.customer.id;
  const addressesNotMine = async (ids: string[]) => {
    if (ids.length === 0) return null;
    const named = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const { rows } = await world.ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM customer_addresses WHERE id IN (${named}) AND customer_id <> ${mine}`,
    );
    const { rows: known } = await world.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM customer_addresses WHERE id IN (${named})`,
    );
    if (rows.length > 0) return `holds another customer's address ${rows[0]!.id}`;
    return known[0]!.n === ids.length ? null : `names an address that does not exist: ${ids.join(', ')}`;
  };
  const body = res.statusCode === 204 ? null : res.json<Record<string, unknown>>();
  switch (label(op)) {
    case 'GET /api/storefront/account':
    case 'PATCH /api/storefront/account':
      return body!.id === mine ? null : `answered the account ${String(body!.id)}, not the customer's own`;
    case 'GET /api/storefront/orders': {
      const others = (body!.items as { id: string; customerId: string }[]).filter(
        (o) => o.customerId !== mine,
      );
      return others.length === 0 ? null : `listed another customer's order ${others[0]!.id}`;
    }
    case 'GET /api/storefront/orders/{orderId}':
    case 'POST /api/storefront/orders':
      return body!.customerId === mine ? null : `answered an order of customer ${String(body!.customerId)}`;
    case 'GET /api/storefront/addresses':
      return addressesNotMine((body!.items as { id: string }[]).map((a) => a.id));
    case 'POST /api/storefront/addresses':
      return addressesNotMine([String(body!.id)]);
    case 'DELETE /api/storefront/addresses/{addressId}':
      return addressesNotMine([plan.params.addressId!.value.toLowerCase()]);
    default:
      return null;
  }
}

/** An order of the business's own system (its secret API key) joins no customer's account (ADR 0056). */
function systemProblem(op: Operation, plan: Plan, res: LightMyRequestResponse): string | null {
  if (plan.actor !== 'system' || res.statusCode !== 201 || label(op) !== 'POST /api/storefront/orders')
    return null;
  const { customerId } = res.json<{ customerId: string | null }>();
  return customerId === null ? null : `placed a keyed order on the account of customer ${customerId}`;
}

/** What a signed-in executive is answered is theirs (ADR 0042): their orders, and only those. */
async function executiveProblem(
  op: Operation,
  plan: Plan,
  res: LightMyRequestResponse,
): Promise<string | null> {
  if (plan.actor !== 'executive' || res.statusCode >= 300) return null;
  const ids =
    label(op) === 'GET /api/delivery/orders'
      ? res.json<{ items: { id: string }[] }>().items.map((o) => o.id)
      : label(op) === 'POST /api/delivery/orders/{orderId}/status'
        ? [res.json<{ id: string }>().id]
        : [];
  if (ids.length === 0) return null;
  const named = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = await world.ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM orders WHERE id IN (${named}) AND dex_id IS DISTINCT FROM ${world.actingExecutiveId}`,
  );
  return rows.length === 0 ? null : `answered the order ${rows[0]!.id}, not the executive's own`;
}

/** Plans from the operation's schemas, and, where fields depend on each other, from exemplars of the world. */
function plansFor(op: Operation): fc.Arbitrary<Plan> {
  const generic = planArbitrary(op, world);
  const exemplar = exemplarFor(op, world);
  if (!exemplar) return generic;
  const merged = fc.tuple(generic, spoiled(exemplar)).map(([plan, e]): Plan => ({
    ...plan,
    actor: e.actor ?? plan.actor,
    params: { ...plan.params, ...e.params },
    headers: { ...plan.headers, ...e.headers },
    body: e.body ?? plan.body,
  }));
  return fc.oneof({ weight: 1, arbitrary: generic }, { weight: 1, arbitrary: merged });
}

const refusedOrRead = (op: Operation, status: number) =>
  status >= 400 || ((op.method === 'GET' || op.method === 'OPTIONS') && !LINKS.has(label(op)));

/**
 * The document's order, but deletes last, the deepest paths first (items before their store, stores
 * before their zone), then restores from the trash: a batch of deletes leaves few live records, so
 * the operations on live records run first, on a full catalogue.
 */
const depth = (op: Operation) => op.path.split('/').length;
const batches = [
  ...operations.filter((op) => op.method !== 'DELETE' && !op.path.startsWith('/api/trash/')),
  ...operations.filter((op) => op.method === 'DELETE').sort((a, b) => depth(b) - depth(a)),
  ...operations.filter((op) => op.method !== 'DELETE' && op.path.startsWith('/api/trash/')),
].filter((op) => !SKIPPED.has(label(op)));

for (const op of batches)
  describe(label(op), () => {
    it(`answers ${RUNS} fuzzed requests below 500, errors in the envelope, and leaves the data whole`, async () => {
      const { db } = world.ctx;
      await prepareWorld(world, op, { runs: RUNS });
      await world.refreshPools();
      const versionsBefore = await versions(db);
      const othersBefore = [
        await businessDigest(db, world.rival.id),
        await businessDigest(db, world.ended.id),
      ];
      const send = sender(world);
      const seed = seedOf(op);
      const statuses = new Map<number, number>();
      let writes = await writesSoFar(db);

      try {
        await fc.assert(
          fc.asyncProperty(plansFor(op), async (plan) => {
            if (CHECKS_CURRENT_PASSWORD.has(label(op))) await world.forgetCurrentPasswordTries();
            const { res, url, payload } = await send(op, plan);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (process.env.FUZZ_DEBUG && label(op).includes(process.env.FUZZ_DEBUG)) {
              console.log(
                `${res.statusCode} ${clip(res.body, 300)}\n  ${describeRequest(op, plan, url, payload)}`,
              );
            }
            let problem =
              checkAnswer(op, plan, res) ??
              (await customerProblem(op, plan, res)) ??
              systemProblem(op, plan, res) ??
              (await executiveProblem(op, plan, res));
            // Nothing writes to the counted tables between requests, so the count after one is the count before the next.
            const before = writes;
            writes = await writesSoFar(db);
            if (!problem && refusedOrRead(op, res.statusCode) && writes !== before) {
              problem = `answered ${res.statusCode} yet wrote to ${(await writtenSince(db, before)).join(', ')}`;
            }
            if (res.statusCode === 201 && label(op) === 'POST /api/onboarding/account') {
              const token = res.json<{ onboardingToken: string }>().onboardingToken;
              const { email, password } = JSON.parse(String(payload)) as { email: string; password: string };
              world.pools.onboardingTokens.push(token);
              world.pools.signUps.push({ token, email, password });
            }
            if (problem) throw new Error(`${problem}\n  request: ${describeRequest(op, plan, url, payload)}`);
          }),
          { seed, numRuns: RUNS, endOnFailure: true },
        );
      } catch (error) {
        const cause =
          (error as Error).cause instanceof Error ? `\n${((error as Error).cause as Error).message}` : '';
        throw new Error(
          `${label(op)} (seed ${seed}, FUZZ_SEED=${BASE_SEED}): ${(error as Error).message}${cause}`,
        );
      }

      if (process.env.FUZZ_REPORT) {
        const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
        console.log(`${label(op)}: ${summary.join(' ')}`);
      }
      const run = `${label(op)} (seed ${seed}, FUZZ_SEED=${BASE_SEED})`;
      expect(
        [...statuses.values()].reduce((a, b) => a + b, 0),
        run,
      ).toBe(RUNS);
      // Garbage alone would prove little: some requests of every batch got through to do what they ask.
      if (!SUCCESS_NEEDS_STATE.has(label(op)))
        expect(
          [...statuses.keys()].some((status) => status < 400),
          `${run}: no request succeeded`,
        ).toBe(true);
      expect(versionsWentBack(versionsBefore, await versions(db)), `${run}: versions`).toEqual([]);
      expect(
        changedTables(othersBefore[0]!, await businessDigest(db, world.rival.id)),
        `${run}: the rival's tables`,
      ).toEqual([]);
      expect(
        changedTables(othersBefore[1]!, await businessDigest(db, world.ended.id)),
        `${run}: the ended business's tables`,
      ).toEqual([]);
      expect(await consistencyProblems(db), `${run}: consistency`).toEqual([]);
    }, 120_000);
  });

describe('the walk', () => {
  it('took every documented operation but the event streams', () => {
    expect(operations.length).toBeGreaterThanOrEqual(90);
    expect(operations.filter((op) => SKIPPED.has(label(op))).map(label)).toEqual([...SKIPPED]);
    expect(batches).toHaveLength(operations.length - SKIPPED.size);
  });

  it('counted the writes it made, so that a refusal that wrote would have been seen', async () => {
    const written = await writtenSince(world.ctx.db, '0');
    for (const table of [
      'orders',
      'order_events',
      'daily_stats',
      'stores',
      'items',
      'zones',
      'users',
      'events',
    ]) {
      expect(written).toContain(table);
    }
  });
});
