-- What an item change adds to an order paid online (B18, ADR 0074): the gateway's order the customer pays
-- it through, and its amount, kept so that asking twice makes one.
ALTER TABLE "orders" ADD COLUMN "due_gateway_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_gateway_paise" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_due_gateway_order_idx" ON "orders" USING btree ("due_gateway_order_id") WHERE "orders"."due_gateway_order_id" IS NOT NULL;