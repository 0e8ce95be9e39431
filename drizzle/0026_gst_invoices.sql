CREATE TABLE "tax_document_counters" (
	"website_id" integer NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_document_counters_website_id_kind_financial_year_pk" PRIMARY KEY("website_id","kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"invoice_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"place_of_supply" text NOT NULL,
	"taxable_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "tax_documents_kind_ck" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text DEFAULT '' NOT NULL,
	"gstin" text NOT NULL,
	"state" text NOT NULL,
	"address" text NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN' NOT NULL,
	"delivery_sac" text DEFAULT '9968' NOT NULL,
	"delivery_gst_rate" integer DEFAULT 18 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cess_rate" integer;--> statement-breakpoint
ALTER TABLE "tax_document_counters" ADD CONSTRAINT "tax_document_counters_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_uq" ON "tax_documents" USING btree ("website_id","kind","financial_year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_uq" ON "tax_documents" USING btree ("website_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_invoice_uq" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "tax_documents_period_idx" ON "tax_documents" USING btree ("website_id","issued_at");