ALTER TABLE "order_events" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_person" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected_paise" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_site_status_idx" ON "orders" USING btree ("website_id","status","id");