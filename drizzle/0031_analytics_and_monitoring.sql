CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"event" text NOT NULL,
	"distinct_id" text NOT NULL,
	"session_id" text,
	"path" text,
	"search" text,
	"properties" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"message" text NOT NULL,
	"type" text,
	"url" text,
	"environment" text,
	"stack" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "monitoring_dsn" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_site_at_idx" ON "analytics_events" USING btree ("website_id","at");--> statement-breakpoint
CREATE INDEX "client_errors_site_at_idx" ON "client_errors" USING btree ("website_id","at");