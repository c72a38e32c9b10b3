-- Order updates to customers (B19, ADR 0075): which status changes text the customer, per business and
-- channel, and the queue of texts to send, each kept with what became of it.
CREATE TABLE "notification_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"sms_confirmed" boolean DEFAULT false NOT NULL,
	"sms_picked_up" boolean DEFAULT false NOT NULL,
	"sms_delivered" boolean DEFAULT false NOT NULL,
	"sms_cancelled" boolean DEFAULT false NOT NULL,
	"whatsapp_confirmed" boolean DEFAULT false NOT NULL,
	"whatsapp_picked_up" boolean DEFAULT false NOT NULL,
	"whatsapp_delivered" boolean DEFAULT false NOT NULL,
	"whatsapp_cancelled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" smallint NOT NULL,
	"to_phone" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_messages_due_idx" ON "order_messages" USING btree ("next_at") WHERE "order_messages"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("order_id");