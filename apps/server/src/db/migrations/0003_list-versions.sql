ALTER TABLE "businesses" ADD COLUMN "store_list_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "item_list_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A list's version moves in the same transaction as any change to what the list
-- holds in memory (ids, names, zones, liveness), whatever wrote it: the server
-- compares versions to know its in-memory copy is current. Changes of other
-- columns (status, prices, stock) leave it alone.
CREATE FUNCTION "stores_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "businesses" SET "store_list_version" = "store_list_version" + 1
    WHERE "id" IN (SELECT "business_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "businesses" SET "store_list_version" = "store_list_version" + 1
    WHERE "id" IN (SELECT "business_id" FROM "old_rows");
  ELSE
    UPDATE "businesses" SET "store_list_version" = "store_list_version" + 1
    WHERE "id" IN (
      SELECT o."business_id" FROM "old_rows" o JOIN "new_rows" n USING ("id")
      WHERE o."name" IS DISTINCT FROM n."name"
         OR o."zone_id" IS DISTINCT FROM n."zone_id"
         OR o."deleted_at" IS DISTINCT FROM n."deleted_at");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stores_list_insert" AFTER INSERT ON "stores" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stores_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "stores_list_update" AFTER UPDATE ON "stores" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stores_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "stores_list_delete" AFTER DELETE ON "stores" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stores_list_changed"();
--> statement-breakpoint
CREATE FUNCTION "items_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "stores" SET "item_list_version" = "item_list_version" + 1
    WHERE "id" IN (SELECT "store_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "stores" SET "item_list_version" = "item_list_version" + 1
    WHERE "id" IN (SELECT "store_id" FROM "old_rows");
  ELSE
    UPDATE "stores" SET "item_list_version" = "item_list_version" + 1
    WHERE "id" IN (
      SELECT o."store_id" FROM "old_rows" o JOIN "new_rows" n USING ("id")
      WHERE o."name" IS DISTINCT FROM n."name"
         OR o."deleted_at" IS DISTINCT FROM n."deleted_at"
         OR o."store_id" IS DISTINCT FROM n."store_id"
      UNION
      SELECT n."store_id" FROM "old_rows" o JOIN "new_rows" n USING ("id")
      WHERE o."store_id" IS DISTINCT FROM n."store_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "items_list_insert" AFTER INSERT ON "items" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "items_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "items_list_update" AFTER UPDATE ON "items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "items_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "items_list_delete" AFTER DELETE ON "items" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "items_list_changed"();
