-- The referral programme (ADR 0041): every customer has a code to share, made here for those who
-- exist (10 of 32 letters and digits, no 0/O or 1/I: about 10^15 codes, so a clash within one
-- business is as good as impossible); a customer who gives a friend's code before their first
-- order records whose it was and when.
CREATE FUNCTION "new_referral_code"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + floor(random() * 32)::int, 1), '')
  FROM generate_series(1, 10)
$$;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "referral_code" text DEFAULT new_referral_code() NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "referred_by_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "referred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_referred_by_id_customers_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_referral_code_idx" ON "customers" USING btree ("business_id","referral_code");--> statement-breakpoint
CREATE INDEX "customers_referred_by_idx" ON "customers" USING btree ("referred_by_id");