-- What an order's payment came to when it was received (B18): refunds are limited by it, and an
-- order whose items change after it was paid keeps it. Orders paid before have none: their bill is it.
ALTER TABLE "orders" ADD COLUMN "paid_paise" bigint;