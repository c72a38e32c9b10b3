ALTER TABLE "events" ADD COLUMN "data" jsonb;--> statement-breakpoint
-- Events carry what changed (ADR 0051). NOTIFY takes at most 8000 bytes: an event whose data would
-- not fit is announced without it (the table keeps it for replays), and readers ask for the record.
CREATE OR REPLACE FUNCTION "events_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "payload" text := json_build_object(
    'id', NEW."id", 'business_id', NEW."business_id", 'zone_id', NEW."zone_id", 'topic', NEW."topic",
    'action', NEW."action", 'record_id', NEW."record_id", 'session_id', NEW."session_id",
    'customer_id', NEW."customer_id", 'executive_ids', NEW."executive_ids", 'data', NEW."data",
    'created_at', NEW."created_at")::text;
BEGIN
  IF octet_length("payload") > 7900 THEN
    "payload" := json_build_object(
      'id', NEW."id", 'business_id', NEW."business_id", 'zone_id', NEW."zone_id", 'topic', NEW."topic",
      'action', NEW."action", 'record_id', NEW."record_id", 'session_id', NEW."session_id",
      'customer_id', NEW."customer_id", 'executive_ids', NEW."executive_ids", 'created_at', NEW."created_at")::text;
  END IF;
  PERFORM pg_notify('storedesk_events', "payload");
  RETURN NULL;
END $$;
