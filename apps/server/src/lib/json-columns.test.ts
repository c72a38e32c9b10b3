import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { items, itemVariants, orderSettings } from '#server/db/schema.ts';
import { jsonArrayOf, jsonObjectOf } from './json-columns.ts';

const qb = new QueryBuilder();

describe('jsonObjectOf', () => {
  it('names each column by its key, nested objects as nested JSON, the keys written into the statement', () => {
    const { sql: text, params } = qb
      .select({
        settings: jsonObjectOf({
          minimumOrderPaise: orderSettings.minimumOrderPaise,
          executiveFee: { perKmPaise: orderSettings.executiveFeePerKmPaise },
        }),
      })
      .from(orderSettings)
      .toSQL();
    expect(text).toContain(
      `json_build_object('minimumOrderPaise', "order_settings"."minimum_order_paise", 'executiveFee', json_build_object('perKmPaise', "order_settings"."executive_fee_per_km_paise"))`,
    );
    expect(params).toEqual([]);
  });

  it('refuses a key that is not a plain name, before any of it reaches a statement', () => {
    expect(() => jsonObjectOf({ "id', (SELECT 1), '": items.id })).toThrow(
      `a JSON key must be a plain name: id', (SELECT 1), '`,
    );
  });
});

describe('jsonArrayOf', () => {
  it("keeps its condition's columns named with their tables in a select of one table, where drizzle writes a field's own columns bare", () => {
    const variants = jsonArrayOf(
      { id: itemVariants.id },
      sql`FROM ${itemVariants} WHERE ${itemVariants.itemId} = ${items.id}`,
      itemVariants.position,
    );
    const { sql: text } = qb.select({ id: items.id, variants }).from(items).toSQL();
    expect(text).toBe(
      `select "id", (SELECT coalesce(json_agg(json_build_object('id', "item_variants"."id") ORDER BY "item_variants"."position"), '[]'::json) FROM "item_variants" WHERE "item_variants"."item_id" = "items"."id") from "items"`,
    );
  });
});
