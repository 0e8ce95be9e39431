CREATE TABLE "khata_online_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"khata_id" integer NOT NULL,
	"way" text NOT NULL,
	"provider" text NOT NULL,
	"account" text,
	"reference" text NOT NULL,
	"provider_order_id" text,
	"provider_qr_id" text,
	"image_url" text,
	"close_by" timestamp with time zone,
	"share_link_id" integer,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_payment_id" text,
	"paid_paise" integer,
	"posted_paise" integer,
	"entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "khata_online_payments_status_ck" CHECK ("khata_online_payments"."status" in ('pending', 'paid', 'expired')),
	CONSTRAINT "khata_online_payments_amount_ck" CHECK ("khata_online_payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "khata_share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"khata_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "khata_online_payments" ADD CONSTRAINT "khata_online_payments_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_online_payments" ADD CONSTRAINT "khata_online_payments_khata_id_khata_accounts_id_fk" FOREIGN KEY ("khata_id") REFERENCES "public"."khata_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_online_payments" ADD CONSTRAINT "khata_online_payments_share_link_id_khata_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."khata_share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_online_payments" ADD CONSTRAINT "khata_online_payments_entry_id_khata_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."khata_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_share_links" ADD CONSTRAINT "khata_share_links_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_share_links" ADD CONSTRAINT "khata_share_links_khata_id_khata_accounts_id_fk" FOREIGN KEY ("khata_id") REFERENCES "public"."khata_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_share_links" ADD CONSTRAINT "khata_share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "khata_online_payments_order_uq" ON "khata_online_payments" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "khata_online_payments_qr_uq" ON "khata_online_payments" USING btree ("provider","provider_qr_id");--> statement-breakpoint
CREATE INDEX "khata_online_payments_khata_idx" ON "khata_online_payments" USING btree ("khata_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "khata_share_links_token_uq" ON "khata_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "khata_share_links_khata_idx" ON "khata_share_links" USING btree ("khata_id");