-- Sales by variant (B17): every order closed before variants counts each line under its item's
-- id, so its variant rows are its item rows.
INSERT INTO "sales_stats" ("business_id", "dimension", "day", "zone_id", "key", "orders", "items_sold", "gross_paise", "discount_paise", "charges_paise", "net_paise", "cancelled")
SELECT "business_id", 'variant', "day", "zone_id", "key", "orders", "items_sold", "gross_paise", "discount_paise", "charges_paise", "net_paise", "cancelled"
FROM "sales_stats" WHERE "dimension" = 'item'
ON CONFLICT DO NOTHING;
