-- Indexes in the exact order of the lists (name, then id) over live records, so deep pages are index-only walks.
DROP INDEX "categories_store_idx";--> statement-breakpoint
DROP INDEX "items_store_name_idx";--> statement-breakpoint
DROP INDEX "stores_business_zone_idx";--> statement-breakpoint
CREATE INDEX "categories_list_idx" ON "categories" USING btree ("store_id","business_id","name","id") WHERE "categories"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "items_list_idx" ON "items" USING btree ("store_id","business_id","name","id") WHERE "items"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stores_list_idx" ON "stores" USING btree ("business_id","name","id") WHERE "stores"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stores_zone_list_idx" ON "stores" USING btree ("zone_id","name","id") WHERE "stores"."deleted_at" IS NULL;