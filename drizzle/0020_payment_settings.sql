CREATE TABLE "payment_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"cod_enabled" boolean DEFAULT true NOT NULL,
	"cod_max_paise" integer,
	"razorpay_enabled" boolean DEFAULT true NOT NULL,
	"razorpay_key_id" text,
	"razorpay_key_secret" text,
	"razorpay_webhook_secret" text,
	"cashfree_enabled" boolean DEFAULT true NOT NULL,
	"cashfree_client_id" text,
	"cashfree_client_secret" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;