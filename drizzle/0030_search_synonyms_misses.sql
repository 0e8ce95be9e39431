CREATE TABLE "search_misses" (
	"website_id" integer NOT NULL,
	"query" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_misses_website_id_query_pk" PRIMARY KEY("website_id","query")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"term" text NOT NULL,
	"means" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_misses" ADD CONSTRAINT "search_misses_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_synonyms" ADD CONSTRAINT "search_synonyms_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_misses_site_count_idx" ON "search_misses" USING btree ("website_id","count");--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_site_term_uq" ON "search_synonyms" USING btree ("website_id","term","means");