DROP INDEX "payment_modes_business_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_modes_type_idx" ON "payment_modes" USING btree ("business_id","type");