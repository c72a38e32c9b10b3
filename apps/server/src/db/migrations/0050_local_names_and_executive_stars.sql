-- B19: names in Hindi and Kannada for the business's content (ADR 0085), and the customer's stars for the executive (ADR 0084).
ALTER TABLE "categories" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_kn" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "name_kn" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "executive_stars" smallint;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "title_hi" text;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "title_kn" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "description_hi" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "description_kn" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_executive_stars_check" CHECK ("orders"."executive_stars" BETWEEN 1 AND 5);