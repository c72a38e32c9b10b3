CREATE TABLE "webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expiry_idx" ON "webauthn_challenges" USING btree ("expires_at");--> statement-breakpoint
-- Passkeys (ADR 0049) join the audit log: adding and removing one is recorded with its name; the
-- key, the credential's id, its counter and when it was last used are never recorded.
CREATE OR REPLACE FUNCTION "audit_hidden"("col" text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT "col" = ANY (ARRAY[
    'password_hash', 'totp_secret', 'totp_pending_secret', 'totp_last_step', 'storefront_key', 'delivery_code',
    'public_key', 'credential_id', 'counter', 'transports', 'last_used_at', 'user_id',
    'id', 'business_id', 'version', 'created_at', 'updated_at', 'store_list_version', 'item_list_version',
    'geohash', 'deleted_at', 'deleted_by_id', 'deleted_by_name', 'blocked_by_id', 'blocked_by_name',
    'paid_by_id', 'paid_by_name', 'settled_by_id', 'settled_by_name', 'settled_at'
  ])
$$;
--> statement-breakpoint
CREATE TRIGGER "passkeys_audit" AFTER INSERT OR DELETE ON "passkeys" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('passkey', 'name', '');
