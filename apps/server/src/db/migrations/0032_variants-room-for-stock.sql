-- Every order of counted items updates its variants' stock (ADR 0067): a popular item's row is
-- rewritten many times a second. Pages of item_variants are filled to 80%, so the new version fits
-- beside the old one (a HOT update: no index entry, the page pruned as it goes) instead of moving
-- to another page with a new entry in each of the table's indexes. Pages written from now on keep
-- the room; those of a database that already holds a large catalogue get it as they are rewritten.
ALTER TABLE "item_variants" SET (fillfactor = 80);
