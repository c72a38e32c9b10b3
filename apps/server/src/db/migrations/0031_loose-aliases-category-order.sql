ALTER TABLE "categories" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_variants" ADD COLUMN "step_grams" integer;--> statement-breakpoint
ALTER TABLE "item_variants" ADD COLUMN "max_grams" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "item_variants" ADD CONSTRAINT "item_variants_loose_check" CHECK (("item_variants"."step_grams" IS NULL AND "item_variants"."max_grams" IS NULL) OR ("item_variants"."step_grams" > 0 AND "item_variants"."max_grams" >= "item_variants"."step_grams" AND ("item_variants"."price_paise"::bigint * "item_variants"."step_grams") % 1000 = 0 AND ("item_variants"."mrp_paise" IS NULL OR ("item_variants"."mrp_paise"::bigint * "item_variants"."step_grams") % 1000 = 0)));--> statement-breakpoint
-- Each store's categories keep the order they were listed in (by name) as their first positions.
UPDATE "categories" SET "position" = ranked.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "store_id" ORDER BY lower("name"), "id") AS n FROM "categories") AS ranked
WHERE "categories"."id" = ranked."id";
