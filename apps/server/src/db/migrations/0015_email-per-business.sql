-- An e-mail address is unique within a business, not across Storedesk (ADR 0033): sign-in finds
-- every live account of an address by the lookup index.
DROP INDEX "users_email_idx";--> statement-breakpoint
CREATE INDEX "users_email_lookup_idx" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("business_id",lower("email")) WHERE "users"."deleted_at" IS NULL;