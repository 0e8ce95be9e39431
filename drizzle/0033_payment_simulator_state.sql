CREATE TABLE "payment_sim_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigserial NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "payment_sim_records_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "payment_sim_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "payment_sim_records_kind_seq_idx" ON "payment_sim_records" USING btree ("kind","seq");--> statement-breakpoint
CREATE INDEX "payment_sim_tasks_due_idx" ON "payment_sim_tasks" USING btree ("due_at");