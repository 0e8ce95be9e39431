CREATE TABLE "khata_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"credit_limit_paise" integer DEFAULT 0 NOT NULL,
	"balance_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "khata_accounts_limit_ck" CHECK ("khata_accounts"."credit_limit_paise" >= 0),
	CONSTRAINT "khata_accounts_balance_ck" CHECK ("khata_accounts"."balance_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "khata_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"khata_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"balance_after_paise" integer NOT NULL,
	"order_id" integer,
	"method" text,
	"reference" text,
	"reason" text,
	"user_id" integer,
	"device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "khata_entries_kind_ck" CHECK ("khata_entries"."kind" in ('sale', 'payment', 'adjustment', 'return')),
	CONSTRAINT "khata_entries_amount_ck" CHECK ("khata_entries"."amount_paise" <> 0),
	CONSTRAINT "khata_entries_method_ck" CHECK ("khata_entries"."method" is null or "khata_entries"."method" in ('cash', 'upi', 'card', 'online'))
);
--> statement-breakpoint
ALTER TABLE "pos_payments" DROP CONSTRAINT "pos_payments_method_ck";--> statement-breakpoint
ALTER TABLE "khata_accounts" ADD CONSTRAINT "khata_accounts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_accounts" ADD CONSTRAINT "khata_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_entries" ADD CONSTRAINT "khata_entries_khata_id_khata_accounts_id_fk" FOREIGN KEY ("khata_id") REFERENCES "public"."khata_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_entries" ADD CONSTRAINT "khata_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_entries" ADD CONSTRAINT "khata_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "khata_accounts_customer_uq" ON "khata_accounts" USING btree ("website_id","user_id");--> statement-breakpoint
CREATE INDEX "khata_entries_khata_idx" ON "khata_entries" USING btree ("khata_id","id");--> statement-breakpoint
CREATE INDEX "khata_entries_order_idx" ON "khata_entries" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_method_ck" CHECK ("pos_payments"."method" in ('cash', 'upi', 'card', 'khata'));