CREATE TABLE "item_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"label" text NOT NULL,
	"price_paise" bigint NOT NULL,
	"mrp_paise" bigint,
	"sku" text,
	"barcode" text,
	"stock" integer,
	"low_stock_at" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_variants_stock_check" CHECK ("item_variants"."stock" IS NULL OR "item_variants"."stock" >= 0),
	CONSTRAINT "item_variants_price_check" CHECK ("item_variants"."price_paise" >= 0 AND ("item_variants"."mrp_paise" IS NULL OR "item_variants"."mrp_paise" >= "item_variants"."price_paise"))
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"stock_from" integer,
	"stock_to" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "product_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "item_variants" ADD CONSTRAINT "item_variants_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_variants" ADD CONSTRAINT "item_variants_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_variants" ADD CONSTRAINT "item_variants_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_variant_id_item_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."item_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_variants_item_idx" ON "item_variants" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "item_variants_store_idx" ON "item_variants" USING btree ("store_id","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_variants_sku_idx" ON "item_variants" USING btree ("business_id","store_id","sku") WHERE "item_variants"."sku" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "item_variants_barcode_idx" ON "item_variants" USING btree ("business_id","store_id","barcode") WHERE "item_variants"."barcode" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_adjustments_variant_idx" ON "stock_adjustments" USING btree ("variant_id","created_at");--> statement-breakpoint
CREATE INDEX "items_product_idx" ON "items" USING btree ("business_id","product_id");;--> statement-breakpoint
-- Each item becomes one variant of its price and no label (B17): orders keep their own copies of their lines.
INSERT INTO "item_variants" ("business_id", "store_id", "item_id", "position", "label", "price_paise", "created_at", "updated_at")
SELECT "business_id", "store_id", "id", 0, '', "price_paise", "created_at", "updated_at" FROM "items";--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN "price_paise";