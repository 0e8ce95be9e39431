DROP INDEX "coupons_site_code_uq";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "coupons_site_updated_idx" ON "coupons" USING btree ("website_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_site_code_uq" ON "coupons" USING btree ("website_id",upper("code")) WHERE "coupons"."status" <> 'archived';