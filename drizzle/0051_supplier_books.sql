CREATE TABLE "debit_note_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"debit_note_id" integer NOT NULL,
	"batch_id" integer,
	"pack_id" integer NOT NULL,
	"batch" text NOT NULL,
	"quantity" integer NOT NULL,
	"cost_paise" integer NOT NULL,
	"gst_rate" integer DEFAULT 0 NOT NULL,
	"taxable_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	CONSTRAINT "debit_note_lines_quantity_ck" CHECK ("debit_note_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "debit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"reason" text NOT NULL,
	"intra_state" boolean DEFAULT true NOT NULL,
	"taxable_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_counters" (
	"website_id" integer NOT NULL,
	"kind" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_counters_website_id_kind_pk" PRIMARY KEY("website_id","kind")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"cost_paise" integer NOT NULL,
	"gst_rate" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_quantity_ck" CHECK ("purchase_order_lines"."quantity" > 0 and "purchase_order_lines"."received" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expected_on" date,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_status_ck" CHECK (status in ('draft', 'sent', 'part_received', 'received', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "supplier_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"balance_after_paise" integer NOT NULL,
	"purchase_id" integer,
	"debit_note_id" integer,
	"method" text,
	"reference" text,
	"paid_on" date,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_entries_kind_ck" CHECK ("supplier_entries"."kind" in ('purchase', 'payment', 'debit_note')),
	CONSTRAINT "supplier_entries_amount_ck" CHECK ("supplier_entries"."amount_paise" <> 0)
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_reason_ck";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "purchase_order_id" integer;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "balance_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "debit_note_lines" ADD CONSTRAINT "debit_note_lines_debit_note_id_debit_notes_id_fk" FOREIGN KEY ("debit_note_id") REFERENCES "public"."debit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_note_lines" ADD CONSTRAINT "debit_note_lines_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_note_lines" ADD CONSTRAINT "debit_note_lines_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD CONSTRAINT "debit_notes_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD CONSTRAINT "debit_notes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD CONSTRAINT "debit_notes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD CONSTRAINT "debit_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_counters" ADD CONSTRAINT "purchase_counters_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_entries" ADD CONSTRAINT "supplier_entries_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_entries" ADD CONSTRAINT "supplier_entries_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_entries" ADD CONSTRAINT "supplier_entries_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_entries" ADD CONSTRAINT "supplier_entries_debit_note_id_debit_notes_id_fk" FOREIGN KEY ("debit_note_id") REFERENCES "public"."debit_notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_entries" ADD CONSTRAINT "supplier_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debit_note_lines_note_idx" ON "debit_note_lines" USING btree ("debit_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "debit_notes_seq_uq" ON "debit_notes" USING btree ("website_id","seq");--> statement-breakpoint
CREATE INDEX "debit_notes_supplier_idx" ON "debit_notes" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_pack_uq" ON "purchase_order_lines" USING btree ("order_id","pack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_seq_uq" ON "purchase_orders" USING btree ("website_id","seq");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_entries_supplier_idx" ON "supplier_entries" USING btree ("supplier_id","id");--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_reason_ck" CHECK (reason in ('opening', 'received', 'sold', 'returned', 'damaged', 'count_correction', 'order_hold', 'order_release', 'import', 'expired', 'supplier_return'));--> statement-breakpoint
-- the supplier's khata begins with the bills already received: one entry each, the running balance after it
INSERT INTO "supplier_entries" ("website_id", "supplier_id", "kind", "amount_paise", "balance_after_paise", "purchase_id", "user_id", "created_at")
SELECT p."website_id", p."supplier_id", 'purchase', p."total_paise",
  sum(p."total_paise") OVER (PARTITION BY p."supplier_id" ORDER BY p."id"), p."id", p."user_id", p."created_at"
FROM "purchases" p WHERE p."total_paise" <> 0 ORDER BY p."id";--> statement-breakpoint
UPDATE "suppliers" s SET "balance_paise" = coalesce((SELECT sum(e."amount_paise") FROM "supplier_entries" e WHERE e."supplier_id" = s."id"), 0);
