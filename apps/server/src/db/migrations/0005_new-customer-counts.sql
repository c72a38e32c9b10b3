ALTER TABLE "daily_stats" ADD COLUMN "new_customers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Counts for the orders already placed: each customer's first order, on its day in Asia/Kolkata, in its zone.
UPDATE "daily_stats" AS d SET "new_customers" = f."n"
FROM (
  SELECT "business_id", "zone_id", ("placed_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", count(*) AS "n"
  FROM (
    SELECT DISTINCT ON ("customer_id") "business_id", "zone_id", "placed_at"
    FROM "orders" ORDER BY "customer_id", "placed_at"
  ) AS "first_orders"
  GROUP BY 1, 2, 3
) AS f
WHERE d."business_id" = f."business_id" AND d."zone_id" = f."zone_id" AND d."day" = f."day";
