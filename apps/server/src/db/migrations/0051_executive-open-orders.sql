-- Each delivery executive's open orders on a row of their own (ADR 0087); routines.sql keeps it, and counts it afresh when applied.
CREATE TABLE "executive_open_orders" (
	"executive_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"open_orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "executive_open_orders" ADD CONSTRAINT "executive_open_orders_executive_id_users_id_fk" FOREIGN KEY ("executive_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executive_open_orders" ADD CONSTRAINT "executive_open_orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;