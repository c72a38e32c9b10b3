-- What the customer asks the store to do if an item of their order is missing (B18): call them (the
-- default, and what every order placed before meant), substitute something similar, or remove it.
-- Timeline rows that are not a status change, a note or the payment received say what they are: a
-- refund, the customer's UPI reference, a change of the order's items (null for every older row).
ALTER TABLE "order_events" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "if_missing" text DEFAULT 'CALL' NOT NULL;