CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "analytics_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "client_errors_retention_days" integer DEFAULT 30 NOT NULL;