-- Holidays and special hours (B19, ADR 0080): a day a store is closed, or keeps other hours, and why.
CREATE TABLE "store_special_days" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"open_time" time,
	"close_time" time,
	"reason" text NOT NULL,
	CONSTRAINT "store_special_days_store_id_day_pk" PRIMARY KEY("store_id","day"),
	CONSTRAINT "store_special_days_hours_check" CHECK (("store_special_days"."open_time" IS NULL) = ("store_special_days"."close_time" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "store_special_days" ADD CONSTRAINT "store_special_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_special_days" ADD CONSTRAINT "store_special_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;