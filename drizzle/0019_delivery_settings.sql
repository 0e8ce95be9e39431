CREATE TABLE "delivery_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"warehouse_id" integer,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_templates" (
	"warehouse_id" integer PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"weekdays" jsonb NOT NULL,
	"windows" jsonb NOT NULL,
	"capacity" integer NOT NULL,
	"cutoff_minutes" integer NOT NULL,
	"days_ahead" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_charges" ALTER COLUMN "charge_paise" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_charges" ALTER COLUMN "free_above_paise" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD COLUMN "withdrawn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_closures" ADD CONSTRAINT "delivery_closures_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_closures" ADD CONSTRAINT "delivery_closures_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_templates" ADD CONSTRAINT "delivery_templates_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_templates" ADD CONSTRAINT "delivery_templates_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_closures_site_idx" ON "delivery_closures" USING btree ("website_id","to_date");--> statement-breakpoint
-- A warehouse rule that only repeats its website's rule follows it from now on (edited once, in Delivery settings).
UPDATE "delivery_charges" AS c SET "charge_paise" = NULL, "free_above_paise" = NULL FROM "websites" AS w
WHERE w."id" = c."website_id"
  AND c."charge_paise" = (w."settings"->'delivery'->>'chargePaise')::int
  AND c."free_above_paise" = (w."settings"->'delivery'->>'freeAbovePaise')::int;
