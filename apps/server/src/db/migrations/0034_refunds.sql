-- Refunds (B18, ADR 0069): money given back for a paid order, each with its method and state, and
-- a credit note numbered per business and financial year when the order had its tax invoice. An
-- order keeps the sum of its refunds not failed, written with each refund under the order's lock.
CREATE TABLE "credit_note_numbers" (
	"business_id" uuid NOT NULL,
	"financial_year" smallint NOT NULL,
	"last_number" bigint NOT NULL,
	CONSTRAINT "credit_note_numbers_business_id_financial_year_pk" PRIMARY KEY("business_id","financial_year")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"method" text NOT NULL,
	"state" text NOT NULL,
	"reference" text,
	"note" text,
	"credit_note_year" smallint,
	"credit_note_number" bigint,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_numbers" ADD CONSTRAINT "credit_note_numbers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_business_created_idx" ON "refunds" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_credit_note_idx" ON "refunds" USING btree ("business_id","credit_note_year","credit_note_number") WHERE "refunds"."credit_note_number" IS NOT NULL;