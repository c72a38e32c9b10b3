CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"last_four" text NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "referral_claims" (
	"business_id" uuid NOT NULL,
	"signal" text NOT NULL,
	"value_hash" "bytea" NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_claims_business_id_signal_value_hash_pk" PRIMARY KEY("business_id","signal","value_hash")
);
--> statement-breakpoint
CREATE TABLE "sms_usage" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "sms_usage_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
DROP INDEX "onboarding_accounts_email_idx";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "shop_domain" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "sms_daily_limit" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_claims" ADD CONSTRAINT "referral_claims_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_claims" ADD CONSTRAINT "referral_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_usage" ADD CONSTRAINT "sms_usage_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_token_idx" ON "api_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_keys_business_idx" ON "api_keys" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_shop_domain_idx" ON "businesses" USING btree (lower("shop_domain"));--> statement-breakpoint
CREATE INDEX "onboarding_accounts_email_idx" ON "onboarding_accounts" USING btree (lower("email"));--> statement-breakpoint
-- Secret API keys (B16) join the audit log: making one and revoking it are recorded with its name;
-- its hash and who made it (the actor already) are never recorded.
CREATE OR REPLACE FUNCTION "audit_hidden"("col" text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT "col" = ANY (ARRAY[
    'password_hash', 'totp_secret', 'totp_pending_secret', 'totp_last_step', 'storefront_key', 'delivery_code',
    'public_key', 'credential_id', 'counter', 'transports', 'last_used_at', 'user_id', 'token_hash',
    'created_by_id', 'created_by_name',
    'id', 'business_id', 'version', 'created_at', 'updated_at', 'store_list_version', 'item_list_version',
    'geohash', 'deleted_at', 'deleted_by_id', 'deleted_by_name', 'blocked_by_id', 'blocked_by_name',
    'paid_by_id', 'paid_by_name', 'settled_by_id', 'settled_by_name', 'settled_at'
  ])
$$;
--> statement-breakpoint
CREATE TRIGGER "api_keys_audit" AFTER INSERT OR UPDATE ON "api_keys" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('api-key', 'id', 'revoked_at');
