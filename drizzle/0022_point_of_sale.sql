CREATE TABLE "pos_cash_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_cash_moves_kind_ck" CHECK ("pos_cash_moves"."kind" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "pos_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"shift_id" integer,
	"order_id" integer NOT NULL,
	"return_id" integer,
	"method" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"tendered_paise" integer NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_payments_method_ck" CHECK ("pos_payments"."method" in ('cash', 'upi', 'card'))
);
--> statement-breakpoint
CREATE TABLE "pos_registers" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"sale_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"refund_paise" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"shift_id" integer,
	"refund_paise" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_sale_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"discount_paise" integer NOT NULL,
	"net_paise" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"shift_id" integer,
	"order_id" integer,
	"discount_paise" integer DEFAULT 0 NOT NULL,
	"change_paise" integer DEFAULT 0 NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"sold_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"register_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"opening_paise" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"expected_paise" integer,
	"counted_paise" integer,
	"counted" jsonb
);
--> statement-breakpoint
CREATE TABLE "pos_stock_discrepancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"sold" integer NOT NULL,
	"short_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pos_cash_moves" ADD CONSTRAINT "pos_cash_moves_shift_id_pos_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."pos_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_cash_moves" ADD CONSTRAINT "pos_cash_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_shift_id_pos_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."pos_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_registers" ADD CONSTRAINT "pos_registers_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_registers" ADD CONSTRAINT "pos_registers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_return_lines" ADD CONSTRAINT "pos_return_lines_return_id_pos_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."pos_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_return_lines" ADD CONSTRAINT "pos_return_lines_sale_line_id_pos_sale_lines_id_fk" FOREIGN KEY ("sale_line_id") REFERENCES "public"."pos_sale_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_shift_id_pos_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."pos_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sale_lines" ADD CONSTRAINT "pos_sale_lines_sale_id_pos_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."pos_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sale_lines" ADD CONSTRAINT "pos_sale_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_shift_id_pos_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."pos_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_shifts" ADD CONSTRAINT "pos_shifts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_shifts" ADD CONSTRAINT "pos_shifts_register_id_pos_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."pos_registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_shifts" ADD CONSTRAINT "pos_shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_shifts" ADD CONSTRAINT "pos_shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_stock_discrepancies" ADD CONSTRAINT "pos_stock_discrepancies_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_stock_discrepancies" ADD CONSTRAINT "pos_stock_discrepancies_sale_id_pos_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."pos_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_stock_discrepancies" ADD CONSTRAINT "pos_stock_discrepancies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_stock_discrepancies" ADD CONSTRAINT "pos_stock_discrepancies_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_cash_moves_shift_idx" ON "pos_cash_moves" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "pos_payments_shift_idx" ON "pos_payments" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "pos_payments_order_idx" ON "pos_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_registers_name_uq" ON "pos_registers" USING btree ("website_id","name");--> statement-breakpoint
CREATE INDEX "pos_return_lines_line_idx" ON "pos_return_lines" USING btree ("sale_line_id");--> statement-breakpoint
CREATE INDEX "pos_returns_order_idx" ON "pos_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pos_sale_lines_sale_idx" ON "pos_sale_lines" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sales_client_uq" ON "pos_sales" USING btree ("website_id","client_id");--> statement-breakpoint
CREATE INDEX "pos_sales_shift_idx" ON "pos_sales" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_shifts_one_open_uq" ON "pos_shifts" USING btree ("register_id") WHERE "pos_shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "pos_shifts_website_idx" ON "pos_shifts" USING btree ("website_id","id");--> statement-breakpoint
CREATE INDEX "pos_discrepancies_website_idx" ON "pos_stock_discrepancies" USING btree ("website_id","id");--> statement-breakpoint
-- The demo register of every existing website, on its first warehouse (the default one, else the oldest).
INSERT INTO "pos_registers" ("website_id", "warehouse_id", "name")
SELECT DISTINCT ON (w."website_id") w."website_id", w."id", 'Counter 1'
FROM "warehouses" w
ORDER BY w."website_id", w."is_default" DESC, w."id"
ON CONFLICT DO NOTHING;
