-- Whether an order is its customer's first with the business, as it was priced (ADR 0088): checked by
-- the orders_first_of_customer trigger (routines.sql) under the business's order-number lock.
ALTER TABLE "orders" ADD COLUMN "first_of_customer" boolean;
