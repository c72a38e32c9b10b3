CREATE INDEX "orders_open_idx" ON "orders" USING btree ("business_id","placed_at") INCLUDE ("status") WHERE "orders"."state" = 1;
