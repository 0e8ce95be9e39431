ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_deliveries_slot_idx" ON "order_deliveries" USING btree ("date","start_time","order_id");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin (("address"->>'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_mobile_trgm_idx" ON "orders" USING gin (("address"->>'mobile') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_pincode_idx" ON "orders" USING btree ("website_id",("address"->>'pincode'),"id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("website_id","total_paise","id");--> statement-breakpoint
CREATE INDEX "orders_channel_idx" ON "orders" USING btree ("website_id","channel","status");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_ck" CHECK (channel in ('web', 'pos', 'agent'));