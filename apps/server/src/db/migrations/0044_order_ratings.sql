-- Ratings (B19, ADR 0078): the customer's stars and comment on a delivered order, and when.
ALTER TABLE "orders" ADD COLUMN "rating_stars" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rating_stars_check" CHECK ("orders"."rating_stars" BETWEEN 1 AND 5);