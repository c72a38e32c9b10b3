-- A gateway refund's sends (B18, ADR 0072): how often it was sent and when last, so that one sender at a
-- time sends it and a send after the first looks for an earlier one at the gateway first.
ALTER TABLE "refunds" ADD COLUMN "send_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "sent_at" timestamp with time zone;