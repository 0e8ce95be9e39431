CREATE TABLE "message_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"whatsapp_enabled" boolean DEFAULT true NOT NULL,
	"sms_enabled" boolean DEFAULT true NOT NULL,
	"whatsapp_phone_number_id" text,
	"whatsapp_access_token" text,
	"whatsapp_app_secret" text,
	"whatsapp_verify_token" text NOT NULL,
	"msg91_auth_key" text,
	"msg91_sender_id" text,
	"msg91_report_token" text NOT NULL,
	"templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "keys" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_settings" ADD CONSTRAINT "message_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;