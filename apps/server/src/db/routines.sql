-- What lives in the database itself: its functions and triggers, each in its current form, one place
-- to read and change them (docs/architecture.md, "Where each rule lives"; ADR 0062). Applied after
-- the migrations at every start whose copy of this file differs from the one last applied, so a
-- change to a function or trigger is an edit of this file, never a new migration. Every statement
-- here replaces what it names (CREATE OR REPLACE), so applying it twice changes nothing. A function
-- or trigger that is no longer wanted is dropped by a migration and removed from here.

-- The list versions (ADR 0009): a statement that changes stores or items bumps its business's list version.

-- A list's version moves in the same transaction as any change to what the list
-- holds in memory (ids, names, zones, liveness), whatever wrote it: the server
-- compares versions to know its in-memory copy is current. Changes of other
-- columns (status, prices, stock) leave it alone.
CREATE OR REPLACE FUNCTION "stores_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER "stores_list_insert" AFTER INSERT ON "stores" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stores_list_changed"();
CREATE OR REPLACE TRIGGER "stores_list_update" AFTER UPDATE ON "stores" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stores_list_changed"();
CREATE OR REPLACE TRIGGER "stores_list_delete" AFTER DELETE ON "stores" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stores_list_changed"();

-- A statement that changes a store's items moves its item list version as above, and its catalogue
-- version (ADR 0091) with any change at all, in the one update of the store's row.
CREATE OR REPLACE FUNCTION "items_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "stores" SET "item_list_version" = "item_list_version" + 1, "catalogue_version" = "catalogue_version" + 1
    WHERE "id" IN (SELECT "store_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "stores" SET "item_list_version" = "item_list_version" + 1, "catalogue_version" = "catalogue_version" + 1
    WHERE "id" IN (SELECT "store_id" FROM "old_rows");
  ELSE
    UPDATE "stores" SET "catalogue_version" = "catalogue_version" + 1,
      "item_list_version" = "item_list_version" + ("id" IN (
        SELECT o."store_id" FROM "old_rows" o JOIN "new_rows" n USING ("id")
        WHERE o."name" IS DISTINCT FROM n."name"
           OR o."name_hi" IS DISTINCT FROM n."name_hi"
           OR o."name_kn" IS DISTINCT FROM n."name_kn"
           OR o."tags" IS DISTINCT FROM n."tags"
           OR o."aliases" IS DISTINCT FROM n."aliases"
           OR o."deleted_at" IS DISTINCT FROM n."deleted_at"
           OR o."store_id" IS DISTINCT FROM n."store_id"
        UNION
        SELECT n."store_id" FROM "old_rows" o JOIN "new_rows" n USING ("id")
        WHERE o."store_id" IS DISTINCT FROM n."store_id"))::int
    WHERE "id" IN (SELECT "store_id" FROM "old_rows" UNION SELECT "store_id" FROM "new_rows");
  END IF;
  RETURN NULL;
END $$;

-- The item list's search holds the variants' SKUs and barcodes (B17): a variant added, removed or
-- given another code moves its store's list on. A sale changes only stock, which moves nothing, and
-- runs no trigger of the list's: a change of code is watched row by row, only on updates that set
-- a code (every order's stock update is one of the busiest writes there is: ADR 0067).
CREATE OR REPLACE FUNCTION "item_variants_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "stores" SET "item_list_version" = "item_list_version" + 1
    WHERE "id" IN (SELECT "store_id" FROM "new_rows");
  ELSE
    UPDATE "stores" SET "item_list_version" = "item_list_version" + 1
    WHERE "id" IN (SELECT "store_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "item_variants_code_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stores" SET "item_list_version" = "item_list_version" + 1 WHERE "id" = NEW."store_id";
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "items_list_insert" AFTER INSERT ON "items" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "items_list_changed"();
CREATE OR REPLACE TRIGGER "items_list_update" AFTER UPDATE ON "items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "items_list_changed"();
CREATE OR REPLACE TRIGGER "items_list_delete" AFTER DELETE ON "items" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "items_list_changed"();
CREATE OR REPLACE TRIGGER "item_variants_list_insert" AFTER INSERT ON "item_variants" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_variants_list_changed"();
CREATE OR REPLACE TRIGGER "item_variants_code_update" AFTER UPDATE OF "sku", "barcode" ON "item_variants" FOR EACH ROW
  WHEN (OLD."sku" IS DISTINCT FROM NEW."sku" OR OLD."barcode" IS DISTINCT FROM NEW."barcode") EXECUTE FUNCTION "item_variants_code_changed"();
CREATE OR REPLACE TRIGGER "item_variants_list_delete" AFTER DELETE ON "item_variants" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "item_variants_list_changed"();

-- The customer app's catalogue tag (ADR 0091): a statement that changes a store's categories, in
-- any column, moves the store's catalogue version, as one that changes its items does
-- (items_list_changed). Variants move nothing: their row versions are read with the tag (a sale
-- changes only stock, and runs no trigger: ADR 0067).
CREATE OR REPLACE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "stores" SET "catalogue_version" = "catalogue_version" + 1
    WHERE "id" IN (SELECT "store_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "stores" SET "catalogue_version" = "catalogue_version" + 1
    WHERE "id" IN (SELECT "store_id" FROM "old_rows");
  ELSE
    UPDATE "stores" SET "catalogue_version" = "catalogue_version" + 1
    WHERE "id" IN (SELECT "store_id" FROM "old_rows" UNION SELECT "store_id" FROM "new_rows");
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "categories_catalogue_insert" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
CREATE OR REPLACE TRIGGER "categories_catalogue_update" AFTER UPDATE ON "categories" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
CREATE OR REPLACE TRIGGER "categories_catalogue_delete" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();

-- Live events (ADR 0004): each event row is announced when its transaction commits.

-- Events carry what changed (ADR 0051). NOTIFY takes at most 8000 bytes: an event whose data would
-- not fit is announced without it (the table keeps it for replays), and readers ask for the record.
-- Each also carries its transaction and snapshot, for the readers' cursors (ADR 0071); a snapshot
-- longer than 1000 bytes (a hundred transactions running at once) is left out, and costs a reader
-- who reconnects a repeated event, never a lost one.
CREATE OR REPLACE FUNCTION "events_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "snapshot" text := NEW."snapshot"::text;
  "payload" text;
BEGIN
  IF octet_length("snapshot") > 1000 THEN
    "snapshot" := NULL;
  END IF;
  "payload" := json_build_object(
    'id', NEW."id", 'business_id', NEW."business_id", 'zone_id', NEW."zone_id", 'topic', NEW."topic",
    'action', NEW."action", 'record_id', NEW."record_id", 'session_id', NEW."session_id",
    'customer_id', NEW."customer_id", 'executive_ids', NEW."executive_ids", 'data', NEW."data",
    'created_at', NEW."created_at", 'tx', NEW."tx"::text, 'snapshot', "snapshot")::text;
  IF octet_length("payload") > 7900 THEN
    "payload" := json_build_object(
      'id', NEW."id", 'business_id', NEW."business_id", 'zone_id', NEW."zone_id", 'topic', NEW."topic",
      'action', NEW."action", 'record_id', NEW."record_id", 'session_id', NEW."session_id",
      'customer_id', NEW."customer_id", 'executive_ids', NEW."executive_ids", 'created_at', NEW."created_at",
      'tx', NEW."tx"::text, 'snapshot', "snapshot")::text;
  END IF;
  PERFORM pg_notify('storedesk_events', "payload");
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "events_announce" AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "events_announce"();

-- Order numbers per business (ADR 0024): each new order takes its business's next number.

CREATE OR REPLACE FUNCTION "orders_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_numbers" AS c ("business_id", "last_number") VALUES (NEW."business_id", 1)
  ON CONFLICT ("business_id") DO UPDATE SET "last_number" = c."last_number" + 1
  RETURNING c."last_number" INTO NEW."number";
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER "orders_number" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_number"();

-- A customer's first order (ADR 0088): an order priced as its customer's first (or not) is written
-- only while that is still so. BEFORE triggers fire in the order of their names, so this one runs
-- after orders_number, under the business's order-number lock: every other order of the business
-- that could change the answer has committed or waits, and this query's snapshot sees it.

CREATE OR REPLACE FUNCTION "orders_first_of_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."first_of_customer" = EXISTS (SELECT FROM "orders" o
      WHERE o."business_id" = NEW."business_id" AND o."customer_id" = NEW."customer_id") THEN
    RAISE EXCEPTION 'first order changed' USING ERRCODE = 'SD411', DETAIL = NEW."customer_id"::text;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER "orders_placed_first_of_customer" BEFORE INSERT ON "orders" FOR EACH ROW
  WHEN (NEW."customer_id" IS NOT NULL AND NEW."first_of_customer" IS NOT NULL)
  EXECUTE FUNCTION "orders_first_of_customer"();

-- Tax invoice numbers (B18, ADR 0068): an order of a business with a GSTIN takes the business's
-- next invoice number as it is delivered, whoever delivers it (staff, one by one or in bulk, or its
-- executive), under the lock of the business's counter row, so numbers have no gaps and follow the
-- order of deliveries. An order that already has one (given by its bill before this rule) keeps it.

CREATE OR REPLACE FUNCTION "orders_invoice_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM "businesses" b WHERE b."id" = NEW."business_id" AND coalesce(b."gstin", '') <> '') THEN
    INSERT INTO "invoice_numbers" AS c ("business_id", "last_number") VALUES (NEW."business_id", 1)
    ON CONFLICT ("business_id") DO UPDATE SET "last_number" = c."last_number" + 1
    RETURNING c."last_number" INTO NEW."invoice_number";
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER "orders_invoice_number" BEFORE UPDATE OF "status" ON "orders" FOR EACH ROW
  WHEN (NEW."status" = -2 AND OLD."status" <> -2 AND NEW."invoice_number" IS NULL)
  EXECUTE FUNCTION "orders_invoice_number"();

-- Stock (ADR 0067): the part of an order's statement that takes its stock calls this with the
-- variants its lines want more of than they have (null when none), and raises, so the statement
-- writes nothing and the order's transaction is undone; the detail lists each such variant's id,
-- stock and wanted units, which the server reads to answer 409.

CREATE OR REPLACE FUNCTION "stock_short"("short" jsonb) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF "short" IS NULL THEN
    RETURN true;
  END IF;
  RAISE EXCEPTION 'stock short' USING ERRCODE = 'SD409', DETAIL = "short"::text;
END $$;

-- Referral codes (ADR 0041): a new customer's code.

-- The referral programme (ADR 0041): every customer has a code to share, made here for those who
-- exist (10 of 32 letters and digits, no 0/O or 1/I: about 10^15 codes, so a clash within one
-- business is as good as impossible); a customer who gives a friend's code before their first
-- order records whose it was and when.
CREATE OR REPLACE FUNCTION "new_referral_code"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + floor(random() * 32)::int, 1), '')
  FROM generate_series(1, 10)
$$;

-- The audit log (ADR 0047): the columns never recorded, how a column is named, what a change
-- records, and the tables whose changes are recorded.

-- Secret API keys (B16) join the audit log: making one and revoking it are recorded with its name;
-- its hash and who made it (the actor already) are never recorded.
CREATE OR REPLACE FUNCTION "audit_hidden"("col" text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT "col" = ANY (ARRAY[
    'password_hash', 'totp_secret', 'totp_pending_secret', 'totp_last_step', 'storefront_key', 'delivery_code',
    'public_key', 'credential_id', 'counter', 'transports', 'last_used_at', 'user_id', 'token_hash',
    'created_by_id', 'created_by_name',
    'id', 'business_id', 'version', 'created_at', 'updated_at', 'store_list_version', 'item_list_version', 'catalogue_version',
    'geohash', 'deleted_at', 'deleted_by_id', 'deleted_by_name', 'blocked_by_id', 'blocked_by_name',
    'paid_by_id', 'paid_by_name', 'settled_by_id', 'settled_by_name', 'settled_at',
    'product_id', 'shared_id', 'stock', 'payout_id', 'due_gateway_order_id', 'due_gateway_paise'
  ])
$$;

-- A column's name as the API spells its field: price_paise → pricePaise.
CREATE OR REPLACE FUNCTION "audit_field"("col" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(CASE WHEN n = 1 THEN part ELSE initcap(part) END, '' ORDER BY n)
  FROM regexp_split_to_table("col", '_') WITH ORDINALITY AS p(part, n)
$$;

-- Arguments: the kind of record ('user' is owner, admin or delivery-executive by level), the column
-- that is its id, and the column whose change is a status change ('' when none).
CREATE OR REPLACE FUNCTION "audit_record"() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER "stores_audit" AFTER INSERT OR UPDATE OR DELETE ON "stores" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('store', 'id', 'status');
CREATE OR REPLACE TRIGGER "categories_audit" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('category', 'id', '');
CREATE OR REPLACE TRIGGER "items_audit" AFTER INSERT OR UPDATE OR DELETE ON "items" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('item', 'id', '');
-- A variant's stock is left out of its edits (above): staff change it by adjustments, each recorded with why.
CREATE OR REPLACE TRIGGER "item_variants_audit" AFTER INSERT OR UPDATE OR DELETE ON "item_variants" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('item-variant', 'id', '');
CREATE OR REPLACE TRIGGER "stock_adjustments_audit" AFTER INSERT ON "stock_adjustments" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('stock', 'variant_id', '');
CREATE OR REPLACE TRIGGER "slides_audit" AFTER INSERT OR UPDATE OR DELETE ON "slides" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('slide', 'id', '');
CREATE OR REPLACE TRIGGER "zones_audit" AFTER INSERT OR UPDATE OR DELETE ON "zones" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('zone', 'id', '');
CREATE OR REPLACE TRIGGER "coupons_audit" AFTER INSERT OR UPDATE OR DELETE ON "coupons" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('coupon', 'code', 'usage_type');
CREATE OR REPLACE TRIGGER "users_audit" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('user', 'id', '');
CREATE OR REPLACE TRIGGER "businesses_audit" AFTER UPDATE ON "businesses" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('business', 'id', '');
CREATE OR REPLACE TRIGGER "order_settings_audit" AFTER INSERT OR UPDATE ON "order_settings" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('order-settings', 'business_id', '');
CREATE OR REPLACE TRIGGER "referral_settings_audit" AFTER INSERT OR UPDATE ON "referral_settings" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('referral-settings', 'business_id', '');
CREATE OR REPLACE TRIGGER "notification_settings_audit" AFTER INSERT OR UPDATE ON "notification_settings" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('notification-settings', 'business_id', '');
CREATE OR REPLACE TRIGGER "payment_modes_audit" AFTER INSERT OR UPDATE OR DELETE ON "payment_modes" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('payment-mode', 'id', 'enabled');
CREATE OR REPLACE TRIGGER "helplines_audit" AFTER INSERT OR UPDATE OR DELETE ON "helplines" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('helpline', 'id', '');
CREATE OR REPLACE TRIGGER "orders_audit" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('order', 'id', 'status');
CREATE OR REPLACE TRIGGER "customers_audit" AFTER UPDATE ON "customers" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('customer', 'id', 'blocked_at');
CREATE OR REPLACE TRIGGER "cash_settlements_audit" AFTER INSERT OR UPDATE OR DELETE ON "cash_settlements" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('cash-settlement', 'executive_id', '');
-- Refunds (B18): each one made or recorded, and each change of its state, under its order's id.
CREATE OR REPLACE TRIGGER "refunds_audit" AFTER INSERT OR UPDATE ON "refunds" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('refund', 'order_id', 'state');
-- Payouts (B18, ADR 0073): each one, under its executive's id (the orders and cash it covered are
-- marked with it, which records nothing more).
CREATE OR REPLACE TRIGGER "payouts_audit" AFTER INSERT ON "payouts" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('payout', 'executive_id', '');
CREATE OR REPLACE TRIGGER "passkeys_audit" AFTER INSERT OR DELETE ON "passkeys" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('passkey', 'name', '');
CREATE OR REPLACE TRIGGER "api_keys_audit" AFTER INSERT OR UPDATE ON "api_keys" FOR EACH ROW
  WHEN (current_setting('storedesk.actor', true) <> '') EXECUTE FUNCTION "audit_record"('api-key', 'id', 'revoked_at');

-- Order updates to customers (B19, ADR 0075, ADR 0082): a change of an order's status, a refund made
-- and the items changed by staff, where its business texts them, queue a message per channel in the
-- statement that makes the change, so no path forgets one and none costs a round trip more. Orders still
-- awaiting their online payment (state 2), which staff never saw, text nothing. WhatsApp goes only to a
-- customer who asked for it in the app.
CREATE OR REPLACE FUNCTION "queue_customer_texts"(o orders, what text, amount bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  settings notification_settings%ROWTYPE;
BEGIN
  IF coalesce(o.customer_phone, '') = '' OR o.state = 2 THEN
    RETURN;
  END IF;
  SELECT * INTO settings FROM notification_settings WHERE business_id = o.business_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF (CASE what
        WHEN 'REFUNDED' THEN settings.sms_refunded
        WHEN 'ITEMS' THEN settings.sms_items_changed
        ELSE CASE o.status
          WHEN 1 THEN settings.sms_confirmed
          WHEN 2 THEN settings.sms_picked_up
          WHEN -2 THEN settings.sms_delivered
          WHEN -1 THEN settings.sms_cancelled
          ELSE false
        END
      END) THEN
    INSERT INTO order_messages (business_id, order_id, channel, status, kind, amount_paise, to_phone)
    VALUES (o.business_id, o.id, 'SMS', o.status, what, amount, o.customer_phone);
  END IF;
  IF (CASE what
        WHEN 'REFUNDED' THEN settings.whatsapp_refunded
        WHEN 'ITEMS' THEN settings.whatsapp_items_changed
        ELSE CASE o.status
          WHEN 1 THEN settings.whatsapp_confirmed
          WHEN 2 THEN settings.whatsapp_picked_up
          WHEN -2 THEN settings.whatsapp_delivered
          WHEN -1 THEN settings.whatsapp_cancelled
          ELSE false
        END
      END) THEN
    INSERT INTO order_messages (business_id, order_id, channel, status, kind, amount_paise, to_phone)
    SELECT o.business_id, o.id, 'WHATSAPP', o.status, what, amount, o.customer_phone
    FROM customers c
    WHERE c.business_id = o.business_id AND c.id = o.customer_id AND c.whatsapp_opt_in_at IS NOT NULL;
  END IF;
END
$$;
CREATE OR REPLACE FUNCTION "queue_order_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM queue_customer_texts(NEW, TG_ARGV[0], NULL);
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "orders_updates_queue" AFTER UPDATE OF "status" ON "orders" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.state <> 2) EXECUTE FUNCTION "queue_order_updates"('STATUS');
CREATE OR REPLACE TRIGGER "orders_items_queue" AFTER UPDATE OF "items" ON "orders" FOR EACH ROW
  WHEN (OLD.items IS DISTINCT FROM NEW.items AND NEW.state <> 2) EXECUTE FUNCTION "queue_order_updates"('ITEMS');
-- A refund texts once it is made: recorded so (cash, UPI), or processed by the gateway.
CREATE OR REPLACE FUNCTION "queue_refund_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o orders%ROWTYPE;
BEGIN
  SELECT * INTO o FROM orders WHERE id = NEW.order_id AND business_id = NEW.business_id;
  IF FOUND THEN
    PERFORM queue_customer_texts(o, 'REFUNDED', NEW.amount_paise);
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "refunds_updates_queue" AFTER INSERT ON "refunds" FOR EACH ROW
  WHEN (NEW.state = 'PROCESSED') EXECUTE FUNCTION "queue_refund_update"();
CREATE OR REPLACE TRIGGER "refunds_processed_queue" AFTER UPDATE OF "state" ON "refunds" FOR EACH ROW
  WHEN (OLD.state <> 'PROCESSED' AND NEW.state = 'PROCESSED') EXECUTE FUNCTION "queue_refund_update"();

-- Delivery slots (B19, ADR 0077): an order placed for a slot books a place in it, in the statement
-- that writes the order, up to the capacity its store has then: orders for the last place arriving
-- together wait on the slot's row, and those past the capacity are refused (SQLSTATE SD410) and write
-- nothing. A cancelled order gives its place back; one moved to another slot by staff gives its place
-- back and books one in the other, or is refused as a new order would be.
CREATE OR REPLACE FUNCTION "take_slot_place"(p_business uuid, p_store uuid, p_starts timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  booked_now integer;
BEGIN
  INSERT INTO slot_bookings AS b (business_id, store_id, starts_at, booked)
  SELECT p_business, p_store, p_starts, 1
  FROM stores s WHERE s.id = p_store AND s.slot_capacity >= 1
  ON CONFLICT (store_id, starts_at) DO UPDATE SET booked = b.booked + 1
    WHERE b.booked < (SELECT s.slot_capacity FROM stores s WHERE s.id = b.store_id)
  RETURNING b.booked INTO booked_now;
  IF booked_now IS NULL THEN
    RAISE EXCEPTION 'slot full' USING ERRCODE = 'SD410', DETAIL = p_starts::text;
  END IF;
END
$$;
CREATE OR REPLACE FUNCTION "book_order_slot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM take_slot_place(NEW.business_id, NEW.store_id, NEW.slot_starts_at);
    RETURN NULL;
  END IF;
  -- Cancelled, or moved: the place it had is given back.
  UPDATE slot_bookings SET booked = greatest(booked - 1, 0)
  WHERE store_id = OLD.store_id AND starts_at = OLD.slot_starts_at;
  IF NEW.status <> -1 AND NEW.slot_starts_at IS NOT NULL THEN
    PERFORM take_slot_place(NEW.business_id, NEW.store_id, NEW.slot_starts_at);
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "orders_slot_booking" AFTER INSERT ON "orders" FOR EACH ROW
  WHEN (NEW.slot_starts_at IS NOT NULL) EXECUTE FUNCTION "book_order_slot"();
CREATE OR REPLACE TRIGGER "orders_slot_release" AFTER UPDATE OF "status" ON "orders" FOR EACH ROW
  WHEN (NEW.slot_starts_at IS NOT NULL AND NEW.status = -1 AND OLD.status IS DISTINCT FROM -1)
  EXECUTE FUNCTION "book_order_slot"();
CREATE OR REPLACE TRIGGER "orders_slot_move" AFTER UPDATE OF "slot_starts_at" ON "orders" FOR EACH ROW
  WHEN (OLD.slot_starts_at IS DISTINCT FROM NEW.slot_starts_at AND NEW.status <> -1)
  EXECUTE FUNCTION "book_order_slot"();

-- Each delivery executive's open orders (state 1), kept on their row of executive_open_orders as
-- orders are given to them, taken from them, closed or reopened (ADR 0087): the B14 limit is checked
-- on that row, under its lock, by the statement that assigns. Both executives' rows of a move are
-- written in one statement, which takes them in key order.
CREATE OR REPLACE FUNCTION "count_executive_open_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_by uuid := CASE WHEN TG_OP <> 'INSERT' AND OLD.state = 1 THEN OLD.dex_id END;
  joined uuid := CASE WHEN TG_OP <> 'DELETE' AND NEW.state = 1 THEN NEW.dex_id END;
BEGIN
  IF left_by IS NOT DISTINCT FROM joined THEN
    RETURN NULL;
  END IF;
  UPDATE executive_open_orders
  SET open_orders = greatest(open_orders + CASE WHEN executive_id = joined THEN 1 ELSE -1 END, 0)
  WHERE executive_id IN (left_by, joined);
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "orders_executive_open_orders" AFTER UPDATE OF "dex_id", "state" ON "orders" FOR EACH ROW
  WHEN (OLD.dex_id IS DISTINCT FROM NEW.dex_id OR (OLD.state = 1) IS DISTINCT FROM (NEW.state = 1))
  EXECUTE FUNCTION "count_executive_open_orders"();
CREATE OR REPLACE TRIGGER "orders_executive_open_orders_added" AFTER INSERT ON "orders" FOR EACH ROW
  WHEN (NEW.dex_id IS NOT NULL AND NEW.state = 1) EXECUTE FUNCTION "count_executive_open_orders"();
CREATE OR REPLACE TRIGGER "orders_executive_open_orders_removed" AFTER DELETE ON "orders" FOR EACH ROW
  WHEN (OLD.dex_id IS NOT NULL AND OLD.state = 1) EXECUTE FUNCTION "count_executive_open_orders"();

-- An executive has their row from the start.
CREATE OR REPLACE FUNCTION "add_executive_open_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO executive_open_orders (executive_id, business_id) VALUES (NEW.id, NEW.business_id)
  ON CONFLICT (executive_id) DO NOTHING;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER "users_executive_open_orders" AFTER INSERT ON "users" FOR EACH ROW
  WHEN (NEW.level = 3) EXECUTE FUNCTION "add_executive_open_orders"();

-- Counted afresh whenever the routines are applied: replacing the triggers above has locked orders
-- against writes until this transaction commits, so the count is exact.
INSERT INTO executive_open_orders (executive_id, business_id, open_orders)
SELECT u.id, u.business_id, (SELECT count(*) FROM orders o WHERE o.dex_id = u.id AND o.state = 1)
FROM users u WHERE u.level = 3
ON CONFLICT (executive_id) DO UPDATE SET open_orders = EXCLUDED.open_orders;
