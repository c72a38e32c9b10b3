-- An order's events name its customer, so a signed-in customer's live stream carries their own
-- orders' news and nothing else (ADR 0039). The announcement carries the column too.
ALTER TABLE "events" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "events_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storedesk_events', json_build_object(
    'id', NEW."id", 'business_id', NEW."business_id", 'zone_id', NEW."zone_id", 'topic', NEW."topic",
    'action', NEW."action", 'record_id', NEW."record_id", 'session_id', NEW."session_id",
    'customer_id', NEW."customer_id", 'created_at', NEW."created_at")::text);
  RETURN NULL;
END $$;
