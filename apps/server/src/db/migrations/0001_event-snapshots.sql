-- Which transaction wrote each event, and what it could see: an earlier event whose transaction it could not see may commit after it, and is replayed to a client that saw the later one.
ALTER TABLE "events" ADD COLUMN "tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "snapshot" "pg_snapshot" DEFAULT pg_current_snapshot() NOT NULL;