CREATE TABLE "sales_stats" (
	"business_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"zone_id" uuid NOT NULL,
	"key" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"items_sold" bigint DEFAULT 0 NOT NULL,
	"gross_paise" bigint DEFAULT 0 NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"charges_paise" bigint DEFAULT 0 NOT NULL,
	"net_paise" bigint DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_stats_business_id_dimension_day_zone_id_key_pk" PRIMARY KEY("business_id","dimension","day","zone_id","key")
);
--> statement-breakpoint
ALTER TABLE "sales_stats" ADD CONSTRAINT "sales_stats_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stats" ADD CONSTRAINT "sales_stats_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The rollup of the orders already closed, by the day each was placed in its business's time zone (ADR 0046).
INSERT INTO "sales_stats" ("business_id", "dimension", "day", "zone_id", "key", "orders", "items_sold", "gross_paise", "discount_paise", "charges_paise", "net_paise", "cancelled")
SELECT "business_id", "dimension", "day", "zone_id", "key", sum("orders"), sum("items_sold"), sum("gross_paise"),
       sum("discount_paise"), sum("charges_paise"), sum("net_paise"), sum("cancelled")
FROM (
  SELECT o."business_id", k."dimension", o."day", o."zone_id", k."key",
         (o."status" = -2)::int AS "orders",
         CASE WHEN o."status" = -2 THEN q."items_sold" ELSE 0 END AS "items_sold",
         CASE WHEN o."status" = -2 THEN o."items_total_paise" ELSE 0 END AS "gross_paise",
         CASE WHEN o."status" = -2 THEN o."discount_paise" ELSE 0 END AS "discount_paise",
         CASE WHEN o."status" = -2 THEN o."charges_total_paise" ELSE 0 END AS "charges_paise",
         CASE WHEN o."status" = -2 THEN o."bill_amount_paise" ELSE 0 END AS "net_paise",
         (o."status" = -1)::int AS "cancelled"
  FROM (
    SELECT ord.*, (ord."placed_at" AT TIME ZONE b."time_zone")::date AS "day"
    FROM "orders" AS ord JOIN "businesses" AS b ON b."id" = ord."business_id"
    WHERE ord."status" IN (-2, -1)
  ) AS o
  CROSS JOIN LATERAL (SELECT coalesce(sum((e ->> 'itemQuantity')::bigint), 0) AS "items_sold" FROM jsonb_array_elements(o."items") AS e) AS q
  CROSS JOIN LATERAL (VALUES ('store', o."store_id"::text), ('paymentMode', coalesce(o."payment_mode", '')),
                             ('coupon', coalesce(o."coupon_code", '')), ('executive', coalesce(o."dex_id"::text, '')))
    AS k("dimension", "key")
  UNION ALL
  SELECT o."business_id", 'item', o."day", o."zone_id", i."key",
         (o."status" = -2)::int,
         CASE WHEN o."status" = -2 THEN i."quantity" ELSE 0 END,
         CASE WHEN o."status" = -2 THEN i."gross" ELSE 0 END,
         0, 0, 0, (o."status" = -1)::int
  FROM (
    SELECT ord.*, (ord."placed_at" AT TIME ZONE b."time_zone")::date AS "day"
    FROM "orders" AS ord JOIN "businesses" AS b ON b."id" = ord."business_id"
    WHERE ord."status" IN (-2, -1)
  ) AS o
  CROSS JOIN LATERAL (
    SELECT coalesce(e ->> 'itemId', '') AS "key", sum((e ->> 'itemQuantity')::bigint) AS "quantity",
           sum((e ->> 'itemQuantity')::bigint * (e ->> 'itemPricePaise')::bigint) AS "gross"
    FROM jsonb_array_elements(o."items") AS e GROUP BY 1) AS i
) AS r
GROUP BY 1, 2, 3, 4, 5;
