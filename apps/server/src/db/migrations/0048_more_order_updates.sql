-- Order updates for a refund made and for items changed by staff (B19, ADR 0082): the business's choices, and what a queued message tells.
ALTER TABLE "notification_settings" ADD COLUMN "sms_refunded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "sms_items_changed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "whatsapp_refunded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "whatsapp_items_changed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "kind" text DEFAULT 'STATUS' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "amount_paise" bigint;