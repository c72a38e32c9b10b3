-- A store's own minimum order and delivery fee by distance (B19, ADR 0081): null follows the business's order settings.
ALTER TABLE "stores" ADD COLUMN "delivery_rule" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_delivery_rule_check" CHECK ("stores"."delivery_rule" IS NULL OR (jsonb_typeof("stores"."delivery_rule") = 'object'
        AND jsonb_typeof("stores"."delivery_rule" -> 'feeBands') = 'array'
        AND jsonb_array_length("stores"."delivery_rule" -> 'feeBands') >= 1));