-- Every event row is announced on the storedesk_events channel by the database
-- itself, so a write can record its event as one more part of its own statement.
-- PostgreSQL delivers the notification only if and when the transaction commits.
CREATE FUNCTION "events_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storedesk_events', json_build_object(
    'id', NEW."id", 'business_id', NEW."business_id", 'zone_id', NEW."zone_id", 'topic', NEW."topic",
    'action', NEW."action", 'record_id', NEW."record_id", 'session_id', NEW."session_id",
    'created_at', NEW."created_at")::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_announce" AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "events_announce"();
