-- The ratings of a period (B19, ADR 0078): a partial index on when orders were rated, per business.
CREATE INDEX "orders_rated_idx" ON "orders" USING btree ("business_id","rated_at") WHERE "orders"."rated_at" IS NOT NULL;
