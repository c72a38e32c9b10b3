CREATE INDEX "categories_trash_idx" ON "categories" USING btree ("business_id","deleted_at") WHERE "categories"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "items_trash_idx" ON "items" USING btree ("business_id","deleted_at") WHERE "items"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "slides_trash_idx" ON "slides" USING btree ("business_id","deleted_at") WHERE "slides"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stores_trash_idx" ON "stores" USING btree ("business_id","deleted_at") WHERE "stores"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "zones_trash_idx" ON "zones" USING btree ("business_id","deleted_at") WHERE "zones"."deleted_at" IS NOT NULL;