-- Why an order was cancelled (B18, ADR 0068): a code of packages/shared's cancellation reasons, on
-- the order and on the timeline row of the change to Cancelled. Orders cancelled before have none.
-- An order's tax invoice number is now given when it is delivered (routines.sql:
-- orders_invoice_number); numbers given before by printing a bill stay as they are.
ALTER TABLE "order_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;
