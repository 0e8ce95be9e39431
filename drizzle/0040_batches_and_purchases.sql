CREATE TABLE "stock_batch_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ledger_id" bigint NOT NULL,
	"batch_id" integer NOT NULL,
	"on_hand_change" integer NOT NULL,
	"reserved_change" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"cost_paise" integer
);
--> statement-breakpoint
CREATE TABLE "stock_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"batch" text NOT NULL,
	"expiry" date,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"cost_paise" integer,
	"mrp_paise" integer,
	"purchase_line_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_batches_quantity_ck" CHECK ("stock_batches"."reserved" >= 0 and "stock_batches"."quantity" >= "stock_batches"."reserved")
);
--> statement-breakpoint
CREATE TABLE "purchase_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"free_quantity" integer DEFAULT 0 NOT NULL,
	"cost_paise" integer NOT NULL,
	"discount_paise" integer DEFAULT 0 NOT NULL,
	"gst_rate" integer DEFAULT 0 NOT NULL,
	"batch" text NOT NULL,
	"expiry" date,
	"mrp_paise" integer,
	"taxable_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"batch_id" integer,
	CONSTRAINT "purchase_lines_quantity_ck" CHECK ("purchase_lines"."quantity" > 0 and "purchase_lines"."free_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"bill_number" text,
	"bill_date" date NOT NULL,
	"intra_state" boolean DEFAULT true NOT NULL,
	"taxable_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"name" text NOT NULL,
	"gstin" text,
	"state" text,
	"phone" text,
	"address" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_reason_ck";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cost_paise" integer;--> statement-breakpoint
ALTER TABLE "stock_batch_moves" ADD CONSTRAINT "stock_batch_moves_ledger_id_stock_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."stock_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batch_moves" ADD CONSTRAINT "stock_batch_moves_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_batch_moves_ledger_idx" ON "stock_batch_moves" USING btree ("ledger_id");--> statement-breakpoint
CREATE INDEX "stock_batch_moves_batch_idx" ON "stock_batch_moves" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "stock_batches_pack_idx" ON "stock_batches" USING btree ("pack_id","warehouse_id","expiry");--> statement-breakpoint
CREATE INDEX "stock_batches_site_expiry_idx" ON "stock_batches" USING btree ("website_id","expiry") WHERE "stock_batches"."quantity" > 0;--> statement-breakpoint
CREATE INDEX "purchase_lines_purchase_idx" ON "purchase_lines" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchases_site_date_idx" ON "purchases" USING btree ("website_id","bill_date");--> statement-breakpoint
CREATE INDEX "purchases_supplier_idx" ON "purchases" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "suppliers_site_name_idx" ON "suppliers" USING btree ("website_id","name");--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_reason_ck" CHECK (reason in ('opening', 'received', 'sold', 'returned', 'damaged', 'count_correction', 'order_hold', 'order_release', 'import', 'expired'));--> statement-breakpoint
-- Existing stock becomes an "opening" batch per pack and warehouse: no expiry, cost unknown (issue 33).
INSERT INTO "stock_batches" ("website_id", "pack_id", "warehouse_id", "batch", "expiry", "quantity", "reserved")
SELECT k."website_id", s."pack_id", s."warehouse_id", 'Opening', NULL, s."quantity", s."reserved"
FROM "stock" s JOIN "packs" k ON k."id" = s."pack_id"
WHERE s."quantity" > 0 OR s."reserved" > 0
ORDER BY s."pack_id", s."warehouse_id";
