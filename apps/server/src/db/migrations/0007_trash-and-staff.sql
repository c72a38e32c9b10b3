DROP INDEX "users_email_idx";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "deleted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "deleted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "deleted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "deleted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "deleted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "zones_name_idx" ON "zones" USING btree ("business_id",lower("name")) WHERE "zones"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" IS NULL;