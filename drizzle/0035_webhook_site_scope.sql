DROP INDEX "payment_events_uq";--> statement-breakpoint
DROP INDEX "payment_refunds_payment_uq";--> statement-breakpoint
DROP INDEX "payments_provider_payment_uq";--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "website_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_uq" ON "payments" USING btree ("provider","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_payment_uq" ON "payment_refunds" USING btree ("website_id","provider","provider_payment_id") WHERE "payment_refunds"."reason" in ('amount_mismatch', 'order_released', 'duplicate', 'cancelled');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_uq" ON "payments" USING btree ("website_id","provider","provider_payment_id");--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_uq" UNIQUE NULLS NOT DISTINCT("provider","website_id","event_id");