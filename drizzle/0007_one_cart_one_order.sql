DROP INDEX "orders_idempotency_uq";--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "ordered_as" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("website_id","user_id","idempotency_key");