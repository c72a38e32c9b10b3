-- Every order of counted items updates its variants' stock (ADR 0067): a popular item's row is
-- rewritten many times a second. Pages of item_variants are filled to 80%, so the new version fits
-- beside the old one (a HOT update: no index entry, the page pruned as it goes) instead of moving
-- to another page with a new entry in each of the table's indexes. Pages written from now on keep
-- the room; those of a database that already holds a large catalogue get it as they are rewritten.
ALTER TABLE "item_variants" SET (fillfactor = 80);
--> statement-breakpoint
-- A variant's change of code is watched row by row now (routines.sql: item_variants_code_update),
-- so that the stock updates of orders run no trigger of the item list's.
DROP TRIGGER IF EXISTS "item_variants_list_update" ON "item_variants";
