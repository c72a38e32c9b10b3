-- Each business numbers its orders from 1, so no business can read another's
-- volume from its order numbers. A trigger gives the number from a counter row
-- per business; the row lock it takes orders concurrent inserts of one business
-- only. Existing orders are renumbered per business in the order they were placed.
CREATE TABLE "order_numbers" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"last_number" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_numbers" ADD CONSTRAINT "order_numbers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_number_unique";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT 0;--> statement-breakpoint
DROP SEQUENCE "orders_number_seq";--> statement-breakpoint
UPDATE "orders" AS o SET "number" = r.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "business_id" ORDER BY "number") AS n FROM "orders") AS r
WHERE o."id" = r."id";--> statement-breakpoint
INSERT INTO "order_numbers" ("business_id", "last_number")
SELECT "business_id", max("number") FROM "orders" GROUP BY "business_id";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_business_number_idx" ON "orders" USING btree ("business_id","number");--> statement-breakpoint
CREATE FUNCTION "orders_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_numbers" AS c ("business_id", "last_number") VALUES (NEW."business_id", 1)
  ON CONFLICT ("business_id") DO UPDATE SET "last_number" = c."last_number" + 1
  RETURNING c."last_number" INTO NEW."number";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_number" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_number"();
