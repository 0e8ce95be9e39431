CREATE TABLE "product_stock" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"available" integer GENERATED ALWAYS AS (on_hand - reserved) STORED
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"on_hand_change" integer NOT NULL,
	"reserved_change" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"order_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_reason_ck" CHECK (reason in ('opening', 'received', 'sold', 'returned', 'damaged', 'count_correction', 'order_hold', 'order_release', 'import'))
);
--> statement-breakpoint
CREATE TABLE "stock_thresholds" (
	"pack_id" integer PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"low_at" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_thresholds" ADD CONSTRAINT "stock_thresholds_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_thresholds" ADD CONSTRAINT "stock_thresholds_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_site_available_idx" ON "product_stock" USING btree ("website_id","available","product_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_pack_idx" ON "stock_ledger" USING btree ("pack_id","warehouse_id","id");--> statement-breakpoint
CREATE INDEX "stock_ledger_order_idx" ON "stock_ledger" USING btree ("order_id") WHERE "stock_ledger"."order_id" is not null;--> statement-breakpoint
-- Rows that the new check would refuse are brought inside it first (none are expected: checkout never left any).
UPDATE "stock" SET "quantity" = greatest("quantity", 0), "reserved" = least(greatest("reserved", 0), greatest("quantity", 0))
WHERE "reserved" < 0 OR "quantity" < "reserved";--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_levels_ck" CHECK ("stock"."reserved" >= 0 and "stock"."quantity" >= "stock"."reserved");--> statement-breakpoint
-- The stock there is today opens the ledger: one row per stock row, so the ledger's sums equal the rows from here on.
INSERT INTO "stock_ledger" ("website_id", "pack_id", "warehouse_id", "on_hand_change", "reserved_change", "on_hand_after", "reserved_after", "reason", "note")
SELECT k."website_id", s."pack_id", s."warehouse_id", s."quantity", s."reserved", s."quantity", s."reserved", 'opening', 'Stock when the ledger began'
FROM "stock" s JOIN "packs" k ON k."id" = s."pack_id"
ORDER BY s."pack_id", s."warehouse_id";--> statement-breakpoint
-- Every product has its stock figure (0 without stock), made with the product: the staff list sorts and filters
-- by it through its index alone. A trigger, so every way a product is made (staff, import, seed) makes it.
INSERT INTO "product_stock" ("product_id", "website_id", "on_hand", "reserved")
SELECT p."id", p."website_id", coalesce(sum(s."quantity"), 0)::int, coalesce(sum(s."reserved"), 0)::int
FROM "products" p LEFT JOIN "packs" k ON k."product_id" = p."id" LEFT JOIN "stock" s ON s."pack_id" = k."id"
GROUP BY p."id", p."website_id";--> statement-breakpoint
CREATE FUNCTION "product_stock_open"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_stock" ("product_id", "website_id") VALUES (NEW."id", NEW."website_id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_open_stock" AFTER INSERT ON "products" FOR EACH ROW EXECUTE FUNCTION "product_stock_open"();
