DROP INDEX "payment_refunds_payment_uq";--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "ordered_quantity" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_reference_uq" ON "payment_refunds" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_payment_uq" ON "payment_refunds" USING btree ("provider","provider_payment_id") WHERE "payment_refunds"."reason" in ('amount_mismatch', 'order_released', 'duplicate', 'cancelled');