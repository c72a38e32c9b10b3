import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { cashSettlements, executivePresence, orders, pushSubscriptions, stores } from '#server/db/schema.ts';
import {
  acrossBusinesses,
  customerReceives,
  executiveReceives,
  inScope,
  ofBusiness,
  ofCustomer,
  ofCustomers,
  ofExecutive,
  sqlInScope,
  sqlOfBusiness,
  sqlOfCustomer,
  sqlOfExecutive,
  staffReceives,
  staffSeesPosition,
  type AddressedEvent,
} from './scope.ts';

const dialect = new PgDialect();
const render = (condition: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(condition);
  return { sql: text, params };
};

const business = '00000000-0000-4000-8000-00000000000b';
const zone = '00000000-0000-4000-8000-00000000000a';
const person = '00000000-0000-4000-8000-00000000000c';

describe('the scope conditions', () => {
  it('narrows a table to the business, and a zoned one to the zone when the scope names one', () => {
    expect(render(ofBusiness(stores, { businessId: business }))).toEqual({
      sql: '"stores"."business_id" = $1',
      params: [business],
    });
    expect(render(inScope(orders, { businessId: business, zoneId: null })).sql).toBe(
      '"orders"."business_id" = $1',
    );
    expect(render(inScope(orders, { businessId: business, zoneId: zone }))).toEqual({
      sql: '("orders"."business_id" = $1 and "orders"."zone_id" = $2)',
      params: [business, zone],
    });
  });

  it("narrows an executive's tables by the column that names them: an order's dex_id, else executive_id, else user_id", () => {
    const scope = { businessId: business, executiveId: person };
    expect(render(ofExecutive(orders, scope)).sql).toBe(
      '("orders"."business_id" = $1 and "orders"."dex_id" = $2)',
    );
    expect(render(ofExecutive(cashSettlements, scope)).sql).toContain(
      '"cash_settlements"."executive_id" = $2',
    );
    expect(render(ofExecutive(pushSubscriptions, scope)).sql).toContain(
      '"push_subscriptions"."executive_id" = $2',
    );
    expect(render(ofExecutive(executivePresence, scope)).sql).toContain(
      '"executive_presence"."user_id" = $2',
    );
    expect(render(ofCustomer(orders, { businessId: business, customerId: person }))).toEqual({
      sql: '("orders"."business_id" = $1 and "orders"."customer_id" = $2)',
      params: [business, person],
    });
    expect(render(ofCustomers(orders, { businessId: business }, [person, zone]))).toEqual({
      sql: '("orders"."business_id" = $1 and "orders"."customer_id" in ($2, $3))',
      params: [business, person, zone],
    });
  });

  it('writes the same conditions for SQL written by hand, on an alias or on a bare table', () => {
    expect(render(sqlOfBusiness('o', { businessId: business }))).toEqual({
      sql: '"o"."business_id" = $1::uuid',
      params: [business],
    });
    expect(render(sqlOfBusiness(null, { businessId: business })).sql).toBe('"business_id" = $1::uuid');
    expect(render(sqlInScope('s', { businessId: business, zoneId: null })).sql).toBe(
      '"s"."business_id" = $1::uuid',
    );
    expect(render(sqlInScope('s', { businessId: business, zoneId: zone }))).toEqual({
      sql: '"s"."business_id" = $1::uuid AND "s"."zone_id" = $2::uuid',
      params: [business, zone],
    });
    expect(render(sqlOfCustomer('o', { businessId: business, customerId: person })).sql).toBe(
      '"o"."business_id" = $1::uuid AND "o"."customer_id" = $2::uuid',
    );
    const executive = { businessId: business, executiveId: person };
    expect(render(sqlOfExecutive('o', executive)).sql).toBe(
      '"o"."business_id" = $1::uuid AND "o"."dex_id" = $2::uuid',
    );
    expect(render(sqlOfExecutive(null, executive, 'user_id')).sql).toBe(
      '"business_id" = $1::uuid AND "user_id" = $2::uuid',
    );
  });

  it("passes a prepared statement's placeholders through", () => {
    const placeholders = { businessId: sql.placeholder('businessId'), zoneId: sql.placeholder('zoneId') };
    const query = dialect.sqlToQuery(sqlInScope('o', placeholders));
    expect(query.sql).toBe('"o"."business_id" = $1::uuid AND "o"."zone_id" = $2::uuid');
    expect(query.params).toEqual([placeholders.businessId, placeholders.zoneId]);
    expect(dialect.sqlToQuery(inScope(orders, placeholders)).params).toEqual([
      placeholders.businessId,
      placeholders.zoneId,
    ]);
  });

  it('marks a deliberate exception without changing its condition', () => {
    const condition = sql`at < now()`;
    expect(acrossBusinesses('prunes every business', condition)).toBe(condition);
    expect(render(acrossBusinesses('a server-wide table')).sql).toBe('true');
  });
});

describe("the live streams' filters", () => {
  const otherBusiness = '00000000-0000-4000-8000-0000000000ff';
  const otherZone = '00000000-0000-4000-8000-0000000000fa';
  const event = (overrides: Partial<AddressedEvent> = {}): AddressedEvent => ({
    business_id: business,
    zone_id: zone,
    topic: 'orders',
    customer_id: null,
    executive_ids: null,
    ...overrides,
  });

  it("gives staff their business's events: every zone's to the owner, their zone's and the whole business's to an admin", () => {
    const owner = { businessId: business, zoneId: null };
    const admin = { businessId: business, zoneId: zone };
    expect(staffReceives(owner, event({ zone_id: otherZone }))).toBe(true);
    expect(staffReceives(admin, event())).toBe(true);
    expect(staffReceives(admin, event({ zone_id: null }))).toBe(true);
    expect(staffReceives(admin, event({ zone_id: otherZone }))).toBe(false);
    expect(staffReceives(owner, event({ business_id: otherBusiness }))).toBe(false);
  });

  it("shows Dispatch's positions of every zone to the owner and of their own zone to an admin", () => {
    expect(staffSeesPosition({ zoneId: null }, otherZone)).toBe(true);
    expect(staffSeesPosition({ zoneId: null }, null)).toBe(true);
    expect(staffSeesPosition({ zoneId: zone }, zone)).toBe(true);
    expect(staffSeesPosition({ zoneId: zone }, otherZone)).toBe(false);
    expect(staffSeesPosition({ zoneId: zone }, null)).toBe(false);
  });

  it('gives an executive the changes of their own orders only, in their business', () => {
    const scope = { businessId: business, executiveId: person };
    expect(executiveReceives(scope, event({ executive_ids: [person] }))).toBe(true);
    expect(executiveReceives(scope, event({ executive_ids: ['someone-else'] }))).toBe(false);
    expect(executiveReceives(scope, event())).toBe(false);
    expect(executiveReceives(scope, event({ topic: 'dispatch', executive_ids: [person] }))).toBe(false);
    expect(executiveReceives(scope, event({ business_id: otherBusiness, executive_ids: [person] }))).toBe(
      false,
    );
  });

  it('gives a customer the changes of their own orders only, in their business', () => {
    const scope = { businessId: business, customerId: person };
    expect(customerReceives(scope, event({ customer_id: person }))).toBe(true);
    expect(customerReceives(scope, event({ customer_id: null }))).toBe(false);
    expect(customerReceives(scope, event({ topic: 'stores', customer_id: person }))).toBe(false);
    expect(customerReceives(scope, event({ business_id: otherBusiness, customer_id: person }))).toBe(false);
  });
});
