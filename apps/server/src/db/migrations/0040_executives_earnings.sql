-- Executives' earnings (B18, ADR 0073): the business's fee per delivery and per km, each order's fee fixed
-- when placed, customers' tips (one per order), and payouts that pay an executive a period's fees and online
-- tips less the cash they still hold (which they net, as settled).
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"executive_id" uuid NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"earnings_paise" bigint NOT NULL,
	"cash_netted_paise" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_by_id" uuid,
	"paid_by_name" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"executive_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"method" text NOT NULL,
	"state" text NOT NULL,
	"gateway_order_id" text,
	"payment_ref" text,
	"fee_paise" bigint,
	"paid_at" timestamp with time zone,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_check" CHECK ("tips"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "cash_settlements" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "executive_fee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "executive_fee_per_km_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "executive_fee_paise" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_executive_id_users_id_fk" FOREIGN KEY ("executive_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_executive_id_users_id_fk" FOREIGN KEY ("executive_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_executive_idx" ON "payouts" USING btree ("business_id","executive_id","to_day");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_order_idx" ON "tips" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_gateway_order_idx" ON "tips" USING btree ("gateway_order_id") WHERE "tips"."gateway_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_dex_delivered_idx" ON "orders" USING btree ("dex_id","delivered_at") WHERE "orders"."status" = -2;