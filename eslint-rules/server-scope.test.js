import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { scopeHelpers, serverScope } from './server-scope.js';

RuleTester.describe = describe;
RuleTester.it = it;

const src = path.resolve(import.meta.dirname, '../apps/server/src');
const at = (file) => path.join(src, file);
const repository = at('modules/orders/orders.repository.ts');

/** What a repository imports: the schema's tables, the scope's conditions and drizzle's. */
const imports = `
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { businesses, orders, sessions, stores, users } from '#server/db/schema.ts';
import * as t from '#server/db/schema.ts';
import { acrossBusinesses, inScope, ofBusiness, ofExecutive, sqlInScope, sqlOfBusiness, sqlOfExecutive } from '#server/lib/scope.ts';
`;
const code = (body) => `${imports}\n${body}`;

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } }).run(
  'server-scope',
  serverScope,
  {
    valid: [
      // The scope's conditions, in the query builder and in SQL written by hand.
      {
        filename: repository,
        code: code('db.select().from(orders).where(and(inScope(orders, scope), eq(orders.id, id)));'),
      },
      {
        filename: repository,
        code: code('sql`SELECT 1 FROM orders o WHERE ${sqlInScope("o", scope)} AND o.id = ${id}`;'),
      },
      // A join of two tables' columns is no scope's condition.
      {
        filename: repository,
        code: code('db.select().from(stores).innerJoin(businesses, eq(stores.businessId, businesses.id));'),
      },
      {
        filename: repository,
        code: code('const u = alias(users, "u"); eq(orders.dexId, u.id); eq(orders.zoneId, u.zoneId);'),
      },
      { filename: repository, code: code('eq(t.orders.businessId, t.businesses.id);') },
      {
        filename: repository,
        code: code('sql`EXISTS (SELECT 1 FROM users u WHERE u.zone_id = ${orders.zoneId})`;'),
      },
      {
        filename: repository,
        code: code('sql`SELECT 1 FROM stores s JOIN orders o ON s.business_id = o.business_id`;'),
      },
      // Other columns are no scope's.
      { filename: repository, code: code('eq(orders.id, id); inArray(orders.status, [1, 2]);') },
      // Writes under a scope: directly, through a variable or a function of the file, or a pushed condition.
      {
        filename: repository,
        code: code(
          'db.update(orders).set({ version: 2 }).where(and(ofBusiness(orders, scope), eq(orders.id, id)));',
        ),
      },
      {
        filename: repository,
        code: code(`
          let open = and(ofBusiness(orders, scope), eq(orders.id, id));
          open = and(open, eq(orders.state, 1));
          db.update(orders).set({ state: 0 }).where(open).returning();`),
      },
      {
        filename: repository,
        code: code(`
          const assignedTo = (executive) => ofExecutive(orders, executive);
          db.update(orders).set({ state: 0 }).where(and(assignedTo(executive), eq(orders.id, id)));`),
      },
      {
        filename: repository,
        code: code(`
          function visible(scope) { return [inScope(orders, scope)]; }
          db.delete(orders).where(and(...visible(scope), eq(orders.id, id)));`),
      },
      {
        filename: repository,
        code: code(`
          const where = [eq(orders.id, id)];
          where.push(ofBusiness(orders, scope));
          db.delete(orders).where(and(...where));`),
      },
      {
        filename: repository,
        code: code('db.update(t.orders).set({ state: 0 }).where(inScope(t.orders, scope));'),
      },
      {
        filename: repository,
        code: code(
          'sql`UPDATE executive_presence SET lat = ${lat} WHERE ${sqlOfExecutive(null, scope, "user_id")}`;',
        ),
      },
      {
        filename: repository,
        code: code(
          'const mine = sqlOfBusiness("o", scope); sql`WITH gone AS (DELETE FROM orders o WHERE ${mine} AND o.id = ${id}) SELECT 1`;',
        ),
      },
      // A deliberate exception, with its reason.
      {
        filename: repository,
        code: code(
          "db.delete(sessions).where(acrossBusinesses('prunes every business’s expired sessions', eq(sessions.id, id)));",
        ),
      },
      {
        filename: repository,
        code: code(
          "sql`DELETE FROM events WHERE ${acrossBusinesses('prunes every business', sql`created_at < ${before}`)}`;",
        ),
      },
      // Not writes: locks, an upsert's update, a map's delete, a hash's update.
      { filename: repository, code: code('sql`SELECT 1 FROM users WHERE id = ${id} FOR NO KEY UPDATE`;') },
      { filename: repository, code: code('sql`SELECT 1 FROM orders WHERE id = ${id} FOR UPDATE`;') },
      {
        filename: repository,
        code: code('sql`INSERT INTO t (a) VALUES (${a}) ON CONFLICT (a) DO UPDATE SET a = excluded.a`;'),
      },
      {
        filename: repository,
        code: code('running.delete(run); createHash("sha1").update(shape).digest("hex");'),
      },
      // lib/scope.ts writes the conditions, and tests may write anything.
      {
        filename: at('lib/scope.ts'),
        code: 'import { eq } from "drizzle-orm"; eq(table.businessId, scope.businessId);',
      },
      { filename: at('modules/orders/orders.routes.test.ts'), code: code('eq(orders.businessId, id);') },
    ],
    invalid: [
      // (a) The query builder's own scope conditions.
      {
        filename: repository,
        code: code(
          'db.select().from(orders).where(and(eq(orders.businessId, scope.businessId), eq(orders.id, id)));',
        ),
        errors: [{ messageId: 'ownCondition', data: { call: 'eq', column: 'businessId' } }],
      },
      {
        filename: repository,
        code: code(
          'eq(stores.zoneId, zoneId); eq(orders.dexId, dexId); eq(t.orders.customerId, customerId);',
        ),
        errors: [
          { messageId: 'ownCondition', data: { call: 'eq', column: 'zoneId' } },
          { messageId: 'ownCondition', data: { call: 'eq', column: 'dexId' } },
          { messageId: 'ownCondition', data: { call: 'eq', column: 'customerId' } },
        ],
      },
      {
        filename: repository,
        code: code('inArray(orders.customerId, ids); eq(table.executiveId, executive.id);'),
        errors: [
          { messageId: 'ownCondition', data: { call: 'inArray', column: 'customerId' } },
          { messageId: 'ownCondition', data: { call: 'eq', column: 'executiveId' } },
        ],
      },
      // (b) SQL's own scope conditions: `= ${…}`, `IN (${…}`, `= ANY(${…}`, and a column compared by hand.
      {
        filename: repository,
        code: code('sql`SELECT 1 FROM orders o WHERE o.business_id = ${scope.businessId} AND o.id = ${id}`;'),
        errors: [{ messageId: 'rawCondition', data: { column: 'business_id' } }],
      },
      {
        filename: repository,
        code: code(
          'sql`SELECT 1 FROM orders WHERE zone_id IN (${zone}) AND dex_id = ANY(${ids}) AND customer_id=${c}`;',
        ),
        errors: [
          { messageId: 'rawCondition', data: { column: 'zone_id' } },
          { messageId: 'rawCondition', data: { column: 'dex_id' } },
          { messageId: 'rawCondition', data: { column: 'customer_id' } },
        ],
      },
      {
        filename: repository,
        code: code('sql`${orders.businessId} = ${businessId}`;'),
        errors: [{ messageId: 'rawCondition', data: { column: 'businessId' } }],
      },
      {
        filename: repository,
        code: code('sql<number>`(SELECT count(*) FROM orders WHERE executive_id = ${id}::uuid)`;'),
        errors: [{ messageId: 'rawCondition', data: { column: 'executive_id' } }],
      },
      // (c) Writes by an id alone, or none at all.
      {
        filename: repository,
        code: code('db.update(orders).set({ version: 2 }).where(eq(orders.id, id));'),
        errors: [{ messageId: 'unscopedWrite', data: { what: '.update(orders)' } }],
      },
      {
        filename: repository,
        code: code('db.update(orders).set({ version: 2 });'),
        errors: [{ messageId: 'unscopedWrite' }],
      },
      {
        filename: repository,
        code: code('db.delete(t.orders).where(eq(t.orders.id, id)).returning();'),
        errors: [{ messageId: 'unscopedWrite', data: { what: '.delete(t.orders)' } }],
      },
      {
        filename: repository,
        code: code('const mine = eq(orders.id, id); db.delete(orders).where(mine);'),
        errors: [{ messageId: 'unscopedWrite' }],
      },
      {
        filename: repository,
        code: code('sql`UPDATE orders SET version = version + 1 WHERE id = ${id}`;'),
        errors: [{ messageId: 'unscopedWrite', data: { what: "SQL's UPDATE" } }],
      },
      {
        filename: repository,
        code: code('sql`DELETE FROM executive_trail WHERE at < ${before}`;'),
        errors: [{ messageId: 'unscopedWrite', data: { what: "SQL's DELETE FROM" } }],
      },
      // A function of the file's own is no scope, whatever its name: only lib/scope.ts's count.
      {
        filename: repository,
        code: `
          import { eq } from 'drizzle-orm';
          import { orders } from '#server/db/schema.ts';
          const ofBusiness = (table, scope) => eq(table.id, scope.id);
          db.update(orders).set({}).where(ofBusiness(orders, scope));`,
        errors: [{ messageId: 'unscopedWrite' }],
      },
      // An exception says why.
      {
        filename: repository,
        code: code("db.delete(sessions).where(acrossBusinesses('', eq(sessions.id, id)));"),
        errors: [{ messageId: 'noReason' }],
      },
      {
        filename: repository,
        code: code('sql`DELETE FROM events WHERE ${acrossBusinesses(reason, sql`true`)}`;'),
        errors: [{ messageId: 'noReason' }],
      },
    ],
  },
);

describe('the scope helpers the rule knows', () => {
  it('are each exported by lib/scope.ts', () => {
    const scope = readFileSync(at('lib/scope.ts'), 'utf8');
    for (const name of scopeHelpers) expect(scope, name).toMatch(new RegExp(`export function ${name}\\(`));
  });
});
