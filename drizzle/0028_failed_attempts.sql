CREATE TABLE "failed_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "failed_attempts_key_at_idx" ON "failed_attempts" USING btree ("key","at");