ALTER TABLE "orders" ADD COLUMN "paid_at_door" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upi_collected_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("website_id","delivered_at") WHERE "orders"."delivered_at" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_at_door_ck" CHECK ("orders"."paid_at_door" is null or "orders"."paid_at_door" in ('cash', 'upi', 'part', 'nothing'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_due_ck" CHECK ("orders"."due_paise" >= 0);--> statement-breakpoint
UPDATE "orders" o SET "delivered_at" = e."at" FROM (SELECT "order_id", max("created_at") AS "at" FROM "order_events" WHERE "kind" = 'delivered' GROUP BY "order_id") e WHERE e."order_id" = o."id" AND o."status" = 'delivered';
--> statement-breakpoint
UPDATE "orders" SET "paid_at_door" = 'cash' WHERE "payment_method" = 'cod' AND "status" = 'delivered' AND "cash_collected_paise" IS NOT NULL;
