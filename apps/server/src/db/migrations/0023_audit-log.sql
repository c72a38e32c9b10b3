-- The audit log's recording (B15, ADR 0047). A trigger on every table staff write records the
-- change in the writer's own transaction: who (the actor the server names for the transaction in
-- the setting storedesk.actor, JSON {id, name, ip}), the action, the kind of record, its id and
-- each changed field's before and after. A transaction that names no actor (customers, the
-- simulator, housekeeping, migrations) records nothing, and the trigger does not even run.
--
-- The columns never recorded: secrets and tokens (their change may be recorded, never their
-- value), and what changes with every write (versions, times, list counters) or repeats the
-- actor (deleted_by_*, blocked_by_*, paid_by_*, settled_by_*).
CREATE FUNCTION "audit_hidden"("col" text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT "col" = ANY (ARRAY[
    'password_hash', 'totp_secret', 'totp_pending_secret', 'totp_last_step', 'storefront_key', 'delivery_code',
    'id', 'business_id', 'version', 'created_at', 'updated_at', 'store_list_version', 'item_list_version',
    'geohash', 'deleted_at', 'deleted_by_id', 'deleted_by_name', 'blocked_by_id', 'blocked_by_name',
    'paid_by_id', 'paid_by_name', 'settled_by_id', 'settled_by_name', 'settled_at'
  ])
$$;
--> statement-breakpoint
-- A column's name as the API spells its field: price_paise → pricePaise.
CREATE FUNCTION "audit_field"("col" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(CASE WHEN n = 1 THEN part ELSE initcap(part) END, '' ORDER BY n)
  FROM regexp_split_to_table("col", '_') WITH ORDINALITY AS p(part, n)
$$;
--> statement-breakpoint
-- Arguments: the kind of record ('user' is owner, admin or delivery-executive by level), the column
-- that is its id, and the column whose change is a status change ('' when none).
CREATE FUNCTION "audit_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := current_setting('storedesk.actor', true)::jsonb;
  old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN '{}'::jsonb ELSE to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN '{}'::jsonb ELSE to_jsonb(NEW) END;
  record_row jsonb;
  kind text := TG_ARGV[0];
  status_column text := TG_ARGV[2];
  action text;
  changes jsonb;
BEGIN
  record_row := CASE WHEN TG_OP = 'DELETE' THEN old_row ELSE new_row END;
  SELECT coalesce(jsonb_object_agg("audit_field"(k.key),
           jsonb_build_object('from', coalesce(old_row -> k.key, 'null'), 'to', coalesce(new_row -> k.key, 'null'))), '{}')
  INTO changes
  FROM jsonb_object_keys(old_row || new_row) AS k(key)
  WHERE NOT "audit_hidden"(k.key)
    AND coalesce(old_row -> k.key, 'null') IS DISTINCT FROM coalesce(new_row -> k.key, 'null');

  IF kind = 'user' THEN
    kind := CASE (record_row ->> 'level')::int WHEN 1 THEN 'owner' WHEN 2 THEN 'admin' ELSE 'delivery-executive' END;
  END IF;

  IF kind IN ('business', 'order-settings', 'referral-settings') AND TG_OP <> 'DELETE' THEN
    action := CASE WHEN old_row ->> 'storefront_key' IS DISTINCT FROM new_row ->> 'storefront_key'
      AND TG_OP = 'UPDATE' THEN 'key-rotation' ELSE 'settings' END;
  ELSIF TG_OP = 'INSERT' THEN
    action := 'create';
  ELSIF TG_OP = 'DELETE' THEN
    action := 'delete';
  ELSIF old_row ->> 'deleted_at' IS NULL AND new_row ->> 'deleted_at' IS NOT NULL THEN
    action := 'delete';
  ELSIF old_row ->> 'deleted_at' IS NOT NULL AND new_row ->> 'deleted_at' IS NULL THEN
    action := 'restore';
  ELSIF old_row ->> 'password_hash' IS DISTINCT FROM new_row ->> 'password_hash' THEN
    action := 'password-change';
  ELSIF status_column <> '' AND old_row -> status_column IS DISTINCT FROM new_row -> status_column THEN
    action := 'status';
  ELSE
    action := 'edit';
  END IF;
  -- A write that changed nothing worth recording (a version bump, a list counter) leaves no entry.
  IF action IN ('edit', 'settings') AND changes = '{}' THEN
    RETURN NULL;
  END IF;

  INSERT INTO "audit_log" ("business_id", "actor_id", "actor_name", "ip", "action", "kind", "record_id", "changes")
  VALUES (
    (CASE WHEN TG_TABLE_NAME = 'businesses' THEN record_row ->> 'id' ELSE record_row ->> 'business_id' END)::uuid,
    (actor ->> 'id')::uuid, actor ->> 'name', actor ->> 'ip', action, kind, record_row ->> TG_ARGV[1], changes
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stores_audit" AFTER INSERT OR UPDATE OR DELETE ON "stores" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('store', 'id', 'status');
--> statement-breakpoint
CREATE TRIGGER "categories_audit" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('category', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "items_audit" AFTER INSERT OR UPDATE OR DELETE ON "items" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('item', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "slides_audit" AFTER INSERT OR UPDATE OR DELETE ON "slides" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('slide', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "zones_audit" AFTER INSERT OR UPDATE OR DELETE ON "zones" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('zone', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "coupons_audit" AFTER INSERT OR UPDATE OR DELETE ON "coupons" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('coupon', 'code', 'usage_type');
--> statement-breakpoint
CREATE TRIGGER "users_audit" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('user', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "businesses_audit" AFTER UPDATE ON "businesses" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('business', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "order_settings_audit" AFTER INSERT OR UPDATE ON "order_settings" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('order-settings', 'business_id', '');
--> statement-breakpoint
CREATE TRIGGER "referral_settings_audit" AFTER INSERT OR UPDATE ON "referral_settings" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('referral-settings', 'business_id', '');
--> statement-breakpoint
CREATE TRIGGER "payment_modes_audit" AFTER INSERT OR UPDATE OR DELETE ON "payment_modes" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('payment-mode', 'id', 'enabled');
--> statement-breakpoint
CREATE TRIGGER "helplines_audit" AFTER INSERT OR UPDATE OR DELETE ON "helplines" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('helpline', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "orders_audit" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('order', 'id', 'status');
--> statement-breakpoint
CREATE TRIGGER "customers_audit" AFTER UPDATE ON "customers" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('customer', 'id', 'blocked_at');
--> statement-breakpoint
CREATE TRIGGER "cash_settlements_audit" AFTER INSERT OR UPDATE OR DELETE ON "cash_settlements" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('cash-settlement', 'executive_id', '');
