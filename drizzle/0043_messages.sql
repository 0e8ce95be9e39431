CREATE TABLE "message_preferences" (
	"website_id" integer NOT NULL,
	"mobile" text NOT NULL,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"updates" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_preferences_website_id_mobile_pk" PRIMARY KEY("website_id","mobile")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer,
	"to_mobile" text NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"provider_template" text NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"status" text NOT NULL,
	"error_code" text,
	"fallback_of" integer,
	"cost_units" integer DEFAULT 0 NOT NULL,
	"vars" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_preferences" ADD CONSTRAINT "message_preferences_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_website_created_idx" ON "messages" USING btree ("website_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_to_created_idx" ON "messages" USING btree ("to_mobile","created_at");--> statement-breakpoint
CREATE INDEX "messages_provider_id_idx" ON "messages" USING btree ("provider","provider_message_id");