-- "I have paid" (B18): the UPI reference a customer gives for an order paid by UPI without a gateway,
-- and when; staff see it beside "Mark payment received", which stays theirs to press.
ALTER TABLE "orders" ADD COLUMN "upi_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upi_reported_at" timestamp with time zone;