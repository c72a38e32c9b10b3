ALTER TABLE "businesses" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD COLUMN "status" text DEFAULT 'sending' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD COLUMN "finished_at" timestamp with time zone;