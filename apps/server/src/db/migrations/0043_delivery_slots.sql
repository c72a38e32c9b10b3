-- Delivery slots (B19, ADR 0077): a store's slot rule, the slot an order is booked for, and how
-- many orders each slot holds (kept by the orders_slot_booking trigger in routines.sql).
CREATE TABLE "slot_bookings" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"booked" integer NOT NULL,
	CONSTRAINT "slot_bookings_store_id_starts_at_pk" PRIMARY KEY("store_id","starts_at")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "slot_length_minutes" smallint;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "slot_capacity" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "slot_days_ahead" smallint;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "slot_cutoff_minutes" smallint;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_slots_check" CHECK (("stores"."slot_length_minutes" IS NULL) = ("stores"."slot_capacity" IS NULL)
        AND ("stores"."slot_length_minutes" IS NULL) = ("stores"."slot_days_ahead" IS NULL)
        AND ("stores"."slot_length_minutes" IS NULL) = ("stores"."slot_cutoff_minutes" IS NULL)
        AND ("stores"."slot_capacity" IS NULL OR "stores"."slot_capacity" >= 1));