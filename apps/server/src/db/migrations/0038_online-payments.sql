-- Online payment through a gateway (B18, ADR 0072): the gateway order an order is paid through and
-- until when it waits for the payment, the payments the gateway took, the webhook events applied
-- (each once), the gateway refunds' ids, and the minutes a business gives a customer to pay.
CREATE TABLE "gateway_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"business_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "gateway_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"payment_ref" text NOT NULL,
	"gateway_order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"fee_paise" bigint,
	"method" text,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_payments_amount_check" CHECK ("gateway_payments"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "pay_within_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gateway_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gateway_refund_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gateway_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_events_received_idx" ON "gateway_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_payments_ref_idx" ON "gateway_payments" USING btree ("provider","payment_ref");--> statement-breakpoint
CREATE INDEX "gateway_payments_business_created_idx" ON "gateway_payments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "gateway_payments_order_idx" ON "gateway_payments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_gateway_payment_id_gateway_payments_id_fk" FOREIGN KEY ("gateway_payment_id") REFERENCES "public"."gateway_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_gateway_order_idx" ON "orders" USING btree ("gateway_order_id") WHERE "orders"."gateway_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_pay_by_idx" ON "orders" USING btree ("pay_by") WHERE "orders"."state" = 2 AND "orders"."status" = 0;