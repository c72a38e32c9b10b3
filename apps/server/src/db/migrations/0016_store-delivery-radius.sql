-- Each store delivers within its own radius, 5 km unless the store form says otherwise (ADR 0037);
-- the customer app's stores near a point narrow by latitude before measuring the distance.
ALTER TABLE "stores" ADD COLUMN "delivery_radius_km" double precision DEFAULT 5 NOT NULL;--> statement-breakpoint
CREATE INDEX "stores_point_idx" ON "stores" USING btree ("business_id","latitude") WHERE "stores"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_delivery_radius_check" CHECK ("stores"."delivery_radius_km" >= 0.5 AND "stores"."delivery_radius_km" <= 50);