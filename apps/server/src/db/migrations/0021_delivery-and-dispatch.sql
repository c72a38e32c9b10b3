-- Delivery executives' app and dispatch (B13, B14, ADR 0042): duty and last position, the trail of trips,
-- cash settled per executive and day, the limit of open orders, and events that name the executives
-- an order's change concerns (announced too, for their own live stream).
CREATE TABLE "cash_settlements" (
	"business_id" uuid NOT NULL,
	"executive_id" uuid NOT NULL,
	"day" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"settled_by_id" uuid,
	"settled_by_name" text NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_settlements_business_id_executive_id_day_pk" PRIMARY KEY("business_id","executive_id","day")
);
--> statement-breakpoint
CREATE TABLE "executive_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"on_duty" boolean DEFAULT false NOT NULL,
	"duty_since" timestamp with time zone DEFAULT now() NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"accuracy" double precision,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "executive_trail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"executive_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "executive_ids" uuid[];--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "max_open_orders_per_executive" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "dispatch_wait_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected_paise" bigint;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "executive_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_settlements" ADD CONSTRAINT "cash_settlements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_settlements" ADD CONSTRAINT "cash_settlements_executive_id_users_id_fk" FOREIGN KEY ("executive_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executive_presence" ADD CONSTRAINT "executive_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executive_presence" ADD CONSTRAINT "executive_presence_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executive_trail" ADD CONSTRAINT "executive_trail_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executive_trail" ADD CONSTRAINT "executive_trail_executive_id_users_id_fk" FOREIGN KEY ("executive_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "executive_trail_executive_idx" ON "executive_trail" USING btree ("executive_id","at");--> statement-breakpoint
CREATE INDEX "executive_trail_at_idx" ON "executive_trail" USING btree ("at");--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_executive_id_users_id_fk" FOREIGN KEY ("executive_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_dex_open_idx" ON "orders" USING btree ("dex_id","placed_at") WHERE "orders"."state" = 1;--> statement-breakpoint
CREATE INDEX "orders_cash_idx" ON "orders" USING btree ("business_id","delivered_at") WHERE "orders"."cash_collected_paise" IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "events_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storedesk_events', json_build_object(
    'id', NEW."id", 'business_id', NEW."business_id", 'zone_id', NEW."zone_id", 'topic', NEW."topic",
    'action', NEW."action", 'record_id', NEW."record_id", 'session_id', NEW."session_id",
    'customer_id', NEW."customer_id", 'executive_ids', NEW."executive_ids", 'created_at', NEW."created_at")::text);
  RETURN NULL;
END $$;
